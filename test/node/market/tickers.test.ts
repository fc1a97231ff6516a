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

const HOUR = 3_600_000
const tickerOf = async (symbol: string) => {
  const {status, body} = await get(node, '/exchange/tickers/')
  if (status !== 200) throw new Error(`GET /exchange/tickers/ answered ${status}`)
  return (body.tickers as {symbol: string}[]).find((ticker) => ticker.symbol === symbol)
}

test('24 h stats after real trades at different prices: last, absolute change, high, low, base volume', async (t) => {
  const symbol = freshPair(node, 'TA')
  await realTrade(node, symbol, '100', '0.5')
  await realTrade(node, symbol, '120.5', '0.25')
  await realTrade(node, symbol, '90.01', '1.001', 'sell')
  await realTrade(node, symbol, '110', '0.002')
  t.deepEqual(await tickerOf(symbol), {
    symbol,
    base_asset: symbol.split('-')[0],
    quote_asset: 'USDT',
    last_price: '110',
    price_change_24h: '10',
    volume_24h: '1.753',
    high_24h: '120.5',
    low_24h: '90.01',
  })
})

test('a falling price gives a negative price_change_24h', async (t) => {
  const symbol = freshPair(node, 'TB')
  const now = Date.now()
  insertTrades(node, symbol, [
    {price: '50.5', qty: '1', at: now - 3 * HOUR},
    {price: '40', qty: '2', at: now - 2 * HOUR},
    {price: '38.25', qty: '0.5', at: now - HOUR},
  ])
  const ticker = await tickerOf(symbol)
  t.like(ticker, {last_price: '38.25', price_change_24h: '-12.25', volume_24h: '3.5', high_24h: '50.5', low_24h: '38.25'})
})

test('the window is [now - 24 h, now): older trades give last_price only; first trade inside is the open', async (t) => {
  const symbol = freshPair(node, 'TC')
  const now = Date.now()
  insertTrades(node, symbol, [
    {price: '10', qty: '5', at: now - 48 * HOUR},
    {price: '20', qty: '5', at: now - 25 * HOUR},
  ])
  t.like(await tickerOf(symbol), {last_price: '20', price_change_24h: '0', volume_24h: '0', high_24h: '0', low_24h: '0'})
  insertTrades(node, symbol, [{price: '25', qty: '1', at: now - 23 * HOUR}])
  t.like(await tickerOf(symbol), {last_price: '25', price_change_24h: '0', volume_24h: '1', high_24h: '25', low_24h: '25'})
  insertTrades(node, symbol, [{price: '24.99', qty: '0.001', at: now - HOUR}])
  t.like(await tickerOf(symbol), {
    last_price: '24.99',
    price_change_24h: '-0.01',
    volume_24h: '1.001',
    high_24h: '25',
    low_24h: '24.99',
  })
})

test('trades in the same millisecond: open and close follow the trade sequence', async (t) => {
  const symbol = freshPair(node, 'TD')
  const at = Date.now() - HOUR
  insertTrades(node, symbol, [
    {price: '7', qty: '1', at},
    {price: '9', qty: '1', at},
    {price: '8', qty: '1', at},
  ])
  t.like(await tickerOf(symbol), {last_price: '8', price_change_24h: '1', high_24h: '9', low_24h: '7', volume_24h: '3'})
})

test('a pair that never traded shows "0" everywhere', async (t) => {
  const symbol = freshPair(node, 'TE')
  t.like(await tickerOf(symbol), {last_price: '0', price_change_24h: '0', volume_24h: '0', high_24h: '0', low_24h: '0'})
})

test('only active pairs are listed, in symbol order, every field a string', async (t) => {
  const hidden = freshPair(node, 'TF')
  node.services.tickers.setActive(hidden, false)
  const {status, body} = await get(node, '/exchange/tickers')
  t.is(status, 200)
  const symbols = (body.tickers as {symbol: string}[]).map((ticker) => ticker.symbol)
  t.false(symbols.includes(hidden))
  for (const bootstrapped of ['BTC-USDT', 'ETH-USDT', 'TRX-USDT']) t.true(symbols.includes(bootstrapped))
  t.deepEqual(symbols, [...symbols].sort())
  for (const ticker of body.tickers as Record<string, unknown>[]) {
    for (const value of Object.values(ticker)) t.is(typeof value, 'string')
  }
  node.services.tickers.setActive(hidden, true)
  t.true(((await get(node, '/exchange/tickers/')).body.tickers as {symbol: string}[]).some((ticker) => ticker.symbol === hidden))
})
