import test from 'ava'
import type {TestNode} from '../../helpers/node.js'
import {freshPair, get, insertTrades, realTrade, startMarketNode} from '../../helpers/market.js'

let node: TestNode
test.before(async () => {
  node = await startMarketNode()
})
test.after.always(async () => {
  await node?.close()
})

type PublicTrade = {id: string; price: string; qty: string; side: 'buy' | 'sell'; executed_at: string}
const trades = async (query: string): Promise<PublicTrade[]> => {
  const {status, body} = await get(node, `/exchange/trades/?${query}`)
  if (status !== 200) throw new Error(`GET /exchange/trades/?${query} answered ${status}: ${JSON.stringify(body)}`)
  return body.trades
}

test('real trades: newest first, side is the aggressor, exact fields', async (t) => {
  const symbol = freshPair(node, 'PA')
  await realTrade(node, symbol, '100', '0.5', 'buy')
  await realTrade(node, symbol, '99.5', '0.25', 'sell')
  const list = await trades(`ticker=${symbol}`)
  t.is(list.length, 2)
  t.deepEqual(Object.keys(list[0]!).sort(), ['executed_at', 'id', 'price', 'qty', 'side'])
  t.like(list[0], {price: '99.5', qty: '0.25', side: 'sell'})
  t.like(list[1], {price: '100', qty: '0.5', side: 'buy'})
  t.regex(list[0]!.id, /^[0-9a-f-]{36}$/)
  // Ids and times are those of the trades table.
  const stored = node.services.db
    .prepare<[string], {id: string; executed_at: string}>('SELECT id, executed_at FROM trades WHERE ticker = ? ORDER BY seq DESC')
    .all(symbol)
  t.deepEqual(
    list.map((trade) => [trade.id, trade.executed_at]),
    stored.map((row) => [row.id, row.executed_at]),
  )
})

test('limit: default 50, maximum 100, newest kept; above 100 is 400', async (t) => {
  const symbol = freshPair(node, 'PB')
  // Trades are written straight into the trades table (test helper) one second apart, prices 1.01 .. 1.20.
  const start = Date.parse('2026-01-01T00:00:00.000Z')
  insertTrades(
    node,
    symbol,
    Array.from({length: 120}, (_, i) => ({price: ((101 + i) / 100).toFixed(2), qty: '1', at: start + i * 1000})),
  )
  const byDefault = await trades(`ticker=${symbol}`)
  t.is(byDefault.length, 50)
  t.is(byDefault[0]!.price, '2.2')
  t.is(byDefault[0]!.executed_at, new Date(start + 119_000).toISOString())
  t.is(byDefault[49]!.price, '1.71')
  t.is((await trades(`ticker=${symbol}&limit=100`)).length, 100)
  t.deepEqual(
    (await trades(`ticker=${symbol}&limit=3`)).map((trade) => trade.price),
    ['2.2', '2.19', '2.18'],
  )
  for (const bad of ['limit=101', 'limit=0', 'limit=1.5']) {
    const answer = await get(node, `/exchange/trades/?ticker=${symbol}&${bad}`)
    t.is(answer.status, 400, bad)
    t.is(answer.body.error.code, 'invalid_argument')
  }
})

test('trades of the same millisecond keep their sequence (newest first)', async (t) => {
  const symbol = freshPair(node, 'PC')
  const at = Date.parse('2026-02-01T12:00:00.000Z')
  insertTrades(node, symbol, [
    {price: '1', qty: '1', at},
    {price: '2', qty: '1', at},
    {price: '3', qty: '1', at: at - 1},
  ])
  t.deepEqual(
    (await trades(`ticker=${symbol}`)).map((trade) => trade.price),
    ['2', '1', '3'],
  )
})

test('a pair without trades answers an empty list; missing ticker 400, unknown 404', async (t) => {
  t.deepEqual(await trades(`ticker=${freshPair(node, 'PD')}`), [])
  const missing = await get(node, '/exchange/trades/')
  t.is(missing.status, 400)
  t.is(missing.body.error.code, 'invalid_argument')
  const unknown = await get(node, '/exchange/trades/?ticker=NOPE-USDT')
  t.is(unknown.status, 404)
  t.is(unknown.body.error.code, 'not_found')
})
