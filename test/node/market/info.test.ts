import test from 'ava'
import {startTestNode, type TestNode} from '../../helpers/node.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

async function get(path: string): Promise<{status: number; body: any}> {
  const response = await fetch(`${node.httpUrl}/api/v1${path}`)
  return {status: response.status, body: await response.json()}
}

test('GET /exchange/info/ gives each ticker its trading rules and each asset its decimals, so clients need no 400 to learn them', async (t) => {
  node.services.tickers.create({symbol: 'ETH-BTC', tickSize: '0.00001', lotSize: '0.001', minNotional: '0.0001'})
  node.services.tickers.setActive('ETH-BTC', false)
  const before = Date.now()
  const {status, body} = await get('/exchange/info/')
  t.is(status, 200)
  t.regex(body.server_time, ISO)
  t.true(body.server_time_ms >= before && body.server_time_ms <= Date.now())
  t.is(Date.parse(body.server_time), body.server_time_ms)
  t.deepEqual(
    body.tickers.map((ticker: {symbol: string}) => ticker.symbol),
    ['BTC-USDT', 'ETH-BTC', 'ETH-USDT', 'TRX-USDT'],
  )
  t.deepEqual(body.tickers[0], {
    symbol: 'BTC-USDT',
    base_asset: 'BTC',
    quote_asset: 'USDT',
    status: 'trading',
    tick_size: '0.01',
    lot_size: '0.00001',
    min_notional: '1',
    order_types: ['limit', 'market', 'stop_limit', 'stop_market'],
    time_in_force: ['GTC', 'IOC', 'FOK'],
  })
  t.like(body.tickers[1], {symbol: 'ETH-BTC', status: 'halted', tick_size: '0.00001', lot_size: '0.001', min_notional: '0.0001'})
  t.deepEqual(
    body.assets.map((asset: {code: string; decimals: number}) => [asset.code, asset.decimals]),
    [
      ['BTC', 8],
      ['ETH', 18],
      ['TRX', 6],
      ['USDT', 6],
    ],
  )
  t.deepEqual(body.rate_limits, {standard_per_second: 5, strict_per_second: 1, internal_per_second: 40})
})

test('GET /time/ answers the server clock as ISO 8601 and as Unix ms (what X-Timestamp carries); the slash-less path too', async (t) => {
  const before = Date.now()
  for (const path of ['/time/', '/time']) {
    const {status, body} = await get(path)
    t.is(status, 200)
    t.deepEqual(Object.keys(body).sort(), ['server_time', 'server_time_ms'])
    t.regex(body.server_time, ISO)
    t.is(Date.parse(body.server_time), body.server_time_ms)
    t.true(body.server_time_ms >= before && body.server_time_ms <= Date.now())
  }
})
