import test from 'ava'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {connect, delay, refusal, trader, wsUrl} from '../../helpers/ws-clients.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

test.serial('connecting gets a snapshot of the book at once: ticker, bids, asks, timestamp, seq', async (t) => {
  const maker = await trader(node, {ETH: '10', USDT: '10000'})
  await node.services.trading.place(maker.id, {ticker: 'ETH-USDT', side: 'buy', type: 'limit', price: '1500.5', qty: '0.5'})
  await node.services.trading.place(maker.id, {ticker: 'ETH-USDT', side: 'sell', type: 'limit', price: '1600', qty: '1.25'})
  const client = await connect(wsUrl(node, '/api/v1/exchange/ws/orderbook/?ticker=ETH-USDT'))
  const snapshot = await client.next()
  t.deepEqual(Object.keys(snapshot), ['ticker', 'bids', 'asks', 'timestamp', 'seq'])
  t.is(snapshot.ticker, 'ETH-USDT')
  t.deepEqual(snapshot.bids, [['1500.5', '0.5']])
  t.deepEqual(snapshot.asks, [['1600', '1.25']])
  t.regex(snapshot.timestamp, ISO_MS)
  t.true(Number.isInteger(snapshot.seq))
  client.close()
})

test.serial('a book change produces a new snapshot with seq + 1 within about 100 ms', async (t) => {
  const maker = await trader(node, {USDT: '100000'})
  const client = await connect(wsUrl(node, '/api/v1/exchange/ws/orderbook/?ticker=BTC-USDT'))
  const first = await client.next()
  t.deepEqual(first.bids, [])
  await delay(150)
  const placedAt = Date.now()
  await node.services.trading.place(maker.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '20000', qty: '0.01'})
  const update = await client.next(1000)
  t.true(Date.now() - placedAt < 400, `update after ${Date.now() - placedAt} ms`)
  t.is(update.seq, first.seq + 1)
  t.deepEqual(update.bids, [['20000', '0.01']])
  client.close()
})

test.serial('a burst of 50 orders within 100 ms is conflated into at most 3 snapshots, the last with every level', async (t) => {
  const maker = await trader(node, {USDT: '1000000'})
  const client = await connect(wsUrl(node, '/api/v1/exchange/ws/orderbook/?ticker=BTC-USDT&depth=200'))
  const first = await client.next()
  await delay(150)
  // Five committed batches of ten orders each, at 50 distinct prices.
  for (let wave = 0; wave < 5; wave++) {
    await Promise.all(
      Array.from({length: 10}, (_, i) =>
        node.services.trading.place(maker.id, {
          ticker: 'BTC-USDT',
          side: 'buy',
          type: 'limit',
          price: String(1000 + wave * 10 + i),
          qty: '0.01',
        }),
      ),
    )
  }
  await delay(400)
  const updates = client.messages.slice(1)
  t.true(updates.length >= 1 && updates.length <= 3, `${updates.length} snapshots`)
  let seq = first.seq
  for (const update of updates) {
    t.true(update.seq > seq)
    seq = update.seq
  }
  const last = updates.at(-1)
  const prices = new Set(last.bids.map(([price]: [string, string]) => price))
  for (let p = 1000; p < 1050; p++) t.true(prices.has(String(p)), `level ${p} missing`)
  client.close()
})

test.serial('under a steady stream of changes, snapshots of a ticker are at least 100 ms apart', async (t) => {
  const maker = await trader(node, {USDT: '1000000'})
  const client = await connect(wsUrl(node, '/api/v1/exchange/ws/orderbook/?ticker=BTC-USDT'))
  await client.next()
  const arrivals: number[] = []
  client.ws.on('message', () => arrivals.push(Date.now()))
  const until = Date.now() + 350
  for (let i = 0; Date.now() < until; i++) {
    await node.services.trading.place(maker.id, {
      ticker: 'BTC-USDT',
      side: 'buy',
      type: 'limit',
      price: String(2000 + i),
      qty: '0.01',
    })
    await delay(5)
  }
  await delay(250)
  t.true(arrivals.length >= 3, `${arrivals.length} snapshots`)
  for (let i = 1; i < arrivals.length; i++)
    t.true(arrivals[i]! - arrivals[i - 1]! >= 95, `gap ${arrivals[i]! - arrivals[i - 1]!} ms`)
  client.close()
})

test.serial('depth is respected: the top levels only, best first, and every depth gets the same seq', async (t) => {
  const five = await connect(wsUrl(node, '/api/v1/exchange/ws/orderbook/?ticker=BTC-USDT&depth=5'))
  const deep = await connect(wsUrl(node, '/api/v1/exchange/ws/orderbook?ticker=btc-usdt&depth=200'))
  const small = await five.next()
  const large = await deep.next()
  t.is(small.bids.length, 5)
  t.true(large.bids.length > 5)
  t.deepEqual(small.bids, large.bids.slice(0, 5))
  const prices = small.bids.map(([price]: [string, string]) => Number(price))
  t.deepEqual(
    prices,
    [...prices].sort((a, b) => b - a),
  )
  t.is(small.seq, large.seq)

  const maker = await trader(node, {USDT: '100000'})
  await delay(150)
  await node.services.trading.place(maker.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '25000', qty: '0.02'})
  const [a, b] = await Promise.all([five.next(1000), deep.next(1000)])
  t.is(a.seq, b.seq)
  t.deepEqual(a.bids[0], ['25000', '0.02'])
  t.is(a.bids.length, 5)
  five.close()
  deep.close()
})

test.serial('the default depth is 20 levels', async (t) => {
  const client = await connect(wsUrl(node, '/api/v1/exchange/ws/orderbook/?ticker=BTC-USDT'))
  const snapshot = await client.next()
  t.is(snapshot.bids.length, 20)
  client.close()
})

test.serial('a change deeper than the subscribed depth sends nothing to that depth', async (t) => {
  const client = await connect(wsUrl(node, '/api/v1/exchange/ws/orderbook/?ticker=BTC-USDT&depth=1'))
  await client.next()
  const maker = await trader(node, {USDT: '100000'})
  await node.services.trading.place(maker.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '500', qty: '0.01'})
  await delay(250)
  t.is(client.messages.length, 1)
  client.close()
})

test.serial('a bad depth, a missing ticker or an inactive ticker refuses the upgrade with 400', async (t) => {
  node.services.tickers.setActive('TRX-USDT', false)
  try {
    const queries = [
      'ticker=BTC-USDT&depth=0',
      'ticker=BTC-USDT&depth=201',
      'ticker=BTC-USDT&depth=abc',
      'depth=5',
      'ticker=TRX-USDT',
    ]
    for (const query of queries) {
      const {status, body} = await refusal(wsUrl(node, `/api/v1/exchange/ws/orderbook/?${query}`))
      t.is(status, 400, query)
      t.is(body.error.code, 'invalid_argument', query)
    }
  } finally {
    node.services.tickers.setActive('TRX-USDT', true)
  }
})

test.serial('an unknown ticker refuses the upgrade with 404', async (t) => {
  const {status, body} = await refusal(wsUrl(node, '/api/v1/exchange/ws/orderbook/?ticker=DOGE-USDT'))
  t.is(status, 404)
  t.is(body.error.code, 'not_found')
  t.is(typeof body.error.message, 'string')
})

test.serial('an unknown stream path refuses the upgrade with 404', async (t) => {
  for (const path of ['/api/v1/exchange/ws/klines/', '/api/v1/exchange/ws/', '/somewhere']) {
    const {status, body} = await refusal(wsUrl(node, path))
    t.is(status, 404, path)
    t.is(body.error.code, 'not_found', path)
  }
})
