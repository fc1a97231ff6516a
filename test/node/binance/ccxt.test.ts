/**
 * ccxt's own `binance` class (the pinned devDependency), changed by its URLs only
 * (test/helpers/binance.ts, docs/binance-compat.md "ccxt"), against a node on port 0: the public REST
 * methods and the market streams. The book ccxt keeps from the diff stream equals REST depth after
 * a burst of 1,000 orders. Orders are placed through the trading service (the signed v3 half is not
 * there yet).
 */
import test from 'ava'
import {ccxtBinance, recordRequests} from '../../helpers/binance.js'
import {freshPair, realTrade, startMarketNode, trader} from '../../helpers/market.js'
import type {TestNode} from '../../helpers/node.js'

let node: TestNode
let exchange: Awaited<ReturnType<typeof ccxtBinance>>
test.before(async () => {
  node = await startMarketNode()
  exchange = await ccxtBinance(node)
})
test.after.always(async () => {
  await exchange?.close()
  await node?.close()
})

/** A fresh pair with ccxt's markets reloaded to know it; its ccxt symbol. */
async function market(prefix: string): Promise<{symbol: string; unified: string}> {
  const symbol = freshPair(node, prefix)
  await exchange.loadMarkets(true)
  return {symbol, unified: symbol.replace('-', '/')}
}

test.serial('loadMarkets without keys: spot markets from the filters, the futures catalogues empty', async (t) => {
  const requests = recordRequests(exchange)
  const markets = await exchange.loadMarkets(true)
  // ccxt's defaults ask for the futures catalogues too; every request goes to the node.
  t.deepEqual(requests.map(({method, url}) => `${method} ${url.replace(node.httpUrl, '')}`).sort(), [
    'GET /api/v3/exchangeInfo',
    'GET /dapi/v1/exchangeInfo',
    'GET /fapi/v1/exchangeInfo',
  ])
  const btc = markets['BTC/USDT']!
  t.like(btc, {id: 'BTCUSDT', base: 'BTC', quote: 'USDT', spot: true, active: true, type: 'spot'})
  t.is(btc.precision.price, 0.01)
  t.is(btc.precision.amount, 0.00001)
  t.is(btc.limits.cost?.min, 1)
  t.is(btc.limits.amount?.min, 0.00001)
  t.truthy(markets['ETH/USDT'] && markets['TRX/USDT'])
})

test.serial('fetchTicker and fetchTickers: the 24 h statistics with bid and ask', async (t) => {
  const {symbol, unified} = await market('CT')
  await realTrade(node, symbol, '10', '1')
  await realTrade(node, symbol, '11', '1')
  const base = symbol.split('-')[0]!
  const maker = await trader(node, {[base]: '1', USDT: '100'})
  await node.services.trading.place(maker.id, {ticker: symbol, side: 'buy', type: 'limit', price: '9.5', qty: '1'})
  const ticker = await exchange.fetchTicker(unified)
  t.like(ticker, {
    symbol: unified,
    last: 11,
    open: 10,
    high: 11,
    low: 10,
    change: 1,
    percentage: 10,
    baseVolume: 2,
    quoteVolume: 21,
    bid: 9.5,
  })
  const tickers = await exchange.fetchTickers([unified, 'BTC/USDT'])
  t.deepEqual(Object.keys(tickers).sort(), ['BTC/USDT', unified].sort())
  t.is(tickers[unified]!.last, 11)
})

test.serial('fetchOrderBook, fetchTrades (aggTrades) and fetchOHLCV', async (t) => {
  const {symbol, unified} = await market('CB')
  const base = symbol.split('-')[0]!
  const maker = await trader(node, {[base]: '10', USDT: '1000'})
  await node.services.trading.place(maker.id, {ticker: symbol, side: 'buy', type: 'limit', price: '20', qty: '2'})
  await node.services.trading.place(maker.id, {ticker: symbol, side: 'sell', type: 'limit', price: '21', qty: '3'})
  const book = await exchange.fetchOrderBook(unified)
  t.deepEqual(book.bids, [[20, 2]])
  t.deepEqual(book.asks, [[21, 3]])
  t.true(Number.isSafeInteger(book.nonce))
  // A buyer at 22 takes the resting ask at 21 first.
  await realTrade(node, symbol, '22', '0.5')
  const trades = await exchange.fetchTrades(unified)
  t.is(trades.length, 1)
  t.like(trades[0], {symbol: unified, price: 21, amount: 0.5, cost: 10.5, side: 'buy'})
  const candles = await exchange.fetchOHLCV(unified, '1m')
  t.deepEqual(candles.at(-1)!.slice(1), [21, 21, 21, 21, 0.5])
  await t.throwsAsync(exchange.fetchOHLCV(unified, '3m'), {message: /-1120|Invalid interval/})
})

test.serial('watchTrades and watchTicker follow the trades of a pair', async (t) => {
  const {symbol, unified} = await market('CW')
  const trades = exchange.watchTrades(unified)
  const ticker = exchange.watchTicker(unified)
  // The subscriptions are answered before the trade (ccxt awaits nothing for them): give them a moment.
  await new Promise((resolve) => setTimeout(resolve, 300))
  await realTrade(node, symbol, '5', '2', 'sell')
  const [trade] = await trades
  t.like(trade, {symbol: unified, price: 5, amount: 2, side: 'sell'})
  t.true(Number.isSafeInteger(Number(trade!.id)))
  let seen = await ticker
  // The first ticker is the one sent on subscription; the trade's comes within a second.
  while (seen.last !== 5) seen = await exchange.watchTicker(unified)
  t.like(seen, {symbol: unified, last: 5, baseVolume: 2})
})

test.serial(
  'watchOrderBook: the book ccxt keeps from the diff stream equals REST depth after a burst of 1,000 orders',
  async (t) => {
    const {symbol, unified} = await market('CO')
    const base = symbol.split('-')[0]!
    const makers = await Promise.all([0, 1, 2, 3].map(() => trader(node, {[base]: '100000', USDT: '100000000'})))
    await node.services.trading.place(makers[0]!.id, {ticker: symbol, side: 'buy', type: 'limit', price: '100', qty: '1'})
    await exchange.watchOrderBook(unified)
    const placed: Promise<unknown>[] = []
    for (let i = 0; i < 1000; i++) {
      const maker = makers[i % makers.length]!
      // Buys 90-100, sells 99-109: rests on both sides, fills and partial fills where they meet; every tenth an IOC.
      const side = (i * 7) % 3 === 0 ? 'sell' : 'buy'
      const price = (side === 'buy' ? 90 + ((i * 13) % 11) : 99 + ((i * 17) % 11)).toFixed(2)
      const qty = (0.1 * (1 + (i % 5))).toFixed(1)
      placed.push(
        node.services.trading.place(maker.id, {
          ticker: symbol,
          side,
          type: 'limit',
          price,
          qty,
          timeInForce: i % 10 === 9 ? 'IOC' : 'GTC',
        }),
      )
      if (i % 50 === 49) await new Promise((resolve) => setImmediate(resolve))
    }
    await Promise.all(placed)
    // Levels that empty: one maker's orders cancelled, and a sweep of every ask up to 103.
    await node.services.trading.cancelAll(makers[1]!.id, symbol)
    const sweeper = await trader(node, {USDT: '100000000'})
    await node.services.trading.place(sweeper.id, {
      ticker: symbol,
      side: 'buy',
      type: 'limit',
      price: '103',
      qty: '10000',
      timeInForce: 'IOC',
    })
    const rest = await exchange.fetchOrderBook(unified, 5000)
    // ccxt's book as it keeps it (watchOrderBook resolves only on a new message): wait until it has
    // applied the update REST's snapshot is at.
    const kept = () => exchange.orderbooks[unified]!
    for (let waited = 0; kept().nonce! < rest.nonce! && waited < 5000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const book = kept()
    t.is(book.nonce, rest.nonce)
    t.true(rest.bids.length > 3 && rest.asks.length > 3, `${rest.bids.length} bids, ${rest.asks.length} asks`)
    t.true(Number(rest.asks[0]?.[0]) > 103)
    t.deepEqual(Array.from(book.bids), Array.from(rest.bids))
    t.deepEqual(Array.from(book.asks), Array.from(rest.asks))
    t.true(node.services.ledger.verify().ok)
  },
)

test.serial('watchOHLCV: the current candle of a pair that trades', async (t) => {
  const {symbol, unified} = await market('CK')
  const candles = exchange.watchOHLCV(unified, '1m')
  await new Promise((resolve) => setTimeout(resolve, 300))
  await realTrade(node, symbol, '7', '3')
  const [candle] = (await candles).slice(-1)
  t.deepEqual(candle!.slice(1), [7, 7, 7, 7, 3])
})
