/**
 * Stop orders in the trading service (docs/trading.md "Stop orders"): held at placement, waiting out
 * of the book, triggered by the last trade price in stop-price then time order, cascading within the
 * command that traded, cancelled with their hold released, and back after a restart.
 */
import test from 'ava'
import {OrderRefusal} from '../../../src/node/trading/refusals.js'
import {freshPair, trader} from '../../helpers/market.js'
import {startTestNode, tempDir, type TestNode} from '../../helpers/node.js'

let node: TestNode
const dataDir = tempDir()
test.before(async () => {
  node = await startTestNode({dataDir})
})
test.after.always(async () => {
  await node?.close()
})

const place = (accountId: string, input: Record<string, unknown>) =>
  node.services.trading.place(accountId, input as Parameters<TestNode['services']['trading']['place']>[1])

/** Available and locked of an asset on an account's trading balance, as decimal strings of minor units. */
function trading(account: {tradingAccountId: string}, asset: string) {
  const {available, locked} = node.services.ledger.balance(account.tradingAccountId, asset)
  return {available: available.toString(), locked: locked.toString()}
}

function ledgerClean(t: import('ava').ExecutionContext) {
  const report = node.services.ledger.verify()
  t.true(report.ok, report.problems.join('; '))
}

async function market(prefix: string) {
  const symbol = freshPair(node, prefix)
  const base = symbol.split('-')[0]!
  const maker = await trader(node, {[base]: '1000', USDT: '100000'})
  const taker = await trader(node, {[base]: '1000', USDT: '100000'})
  const stopper = await trader(node, {[base]: '10', USDT: '1000'})
  return {symbol, base, maker, taker, stopper}
}

/** One trade at `price` between maker and taker: the last price becomes `price`. */
async function tradeAt(m: Awaited<ReturnType<typeof market>>, price: string, qty = '0.001') {
  await place(m.maker.id, {ticker: m.symbol, side: 'sell', type: 'limit', price, qty})
  const taken = await place(m.taker.id, {ticker: m.symbol, side: 'buy', type: 'limit', price, qty, timeInForce: 'IOC'})
  if (taken.order.status !== 'filled') throw new Error(`no trade at ${price}`)
}

test('a stop-limit sell waits out of the book with its funds held, triggers when the last price falls to it, and trades', async (t) => {
  const m = await market('SL')
  await tradeAt(m, '100')
  const stop = await place(m.stopper.id, {
    ticker: m.symbol,
    side: 'sell',
    type: 'stop_limit',
    stopPrice: '95',
    price: '94',
    qty: '2',
  })
  t.like(stop.order, {status: 'open', stopPrice: '95', stopDirection: 'fall', workingAt: null, price: '94', qty: '2'})
  t.deepEqual(stop.fills, [])
  t.deepEqual(trading(m.stopper, m.base), {available: '800000000', locked: '200000000'})
  t.deepEqual(node.services.trading.depth(m.symbol, 10).asks, [], 'a waiting stop is in no book')
  await place(m.maker.id, {ticker: m.symbol, side: 'buy', type: 'limit', price: '96', qty: '1'})
  await place(m.maker.id, {ticker: m.symbol, side: 'buy', type: 'limit', price: '95', qty: '0.001'})
  await place(m.maker.id, {ticker: m.symbol, side: 'buy', type: 'limit', price: '94.5', qty: '0.5'})
  t.like(
    node.services.trading.orderOf(m.stopper.id, stop.order.id),
    {status: 'open', workingAt: null},
    'bids above do not trigger it',
  )
  // The taker sells through 96 to 95: the last price is 95, the stop triggers and sells 2 at 94 or better.
  const trigger = await place(m.taker.id, {ticker: m.symbol, side: 'sell', type: 'limit', price: '95', qty: '1.001'})
  t.is(trigger.order.status, 'filled')
  const after = node.services.trading.orderOf(m.stopper.id, stop.order.id)!
  t.like(after, {status: 'partial', filledQty: '0.5', avgPrice: '94.5', stopPrice: '95', price: '94'})
  t.truthy(after.workingAt)
  t.true(after.workingAt! >= after.createdAt)
  t.deepEqual(node.services.trading.depth(m.symbol, 10).asks, [[9400, 1500]], 'its remainder rests at its limit')
  t.deepEqual(trading(m.stopper, m.base), {available: '800000000', locked: '150000000'})
  ledgerClean(t)
})

test('stops trigger in stop-price then time order, and cascade: a triggered stop’s trades trigger the next', async (t) => {
  const m = await market('SC')
  await tradeAt(m, '100')
  const a = await trader(node, {[m.base]: '1'})
  const b = await trader(node, {[m.base]: '1'})
  // Bids one below the other; each stop-market sell takes the best bid and so moves the last price down.
  for (const price of ['99', '98', '97', '96'])
    await place(m.maker.id, {ticker: m.symbol, side: 'buy', type: 'limit', price, qty: '0.1'})
  const s98a = await place(a.id, {ticker: m.symbol, side: 'sell', type: 'stop_market', stopPrice: '98', qty: '0.1'})
  const s98b = await place(b.id, {ticker: m.symbol, side: 'sell', type: 'stop_market', stopPrice: '98', qty: '0.1'})
  const s99 = await place(a.id, {ticker: m.symbol, side: 'sell', type: 'stop_market', stopPrice: '99', qty: '0.1'})
  const s90 = await place(b.id, {ticker: m.symbol, side: 'sell', type: 'stop_market', stopPrice: '90', qty: '0.1'})
  const seen: string[] = []
  const listener = (events: {orders: {order: {id: string; workingAt: string | null; stopPrice: string | null}}[]}) => {
    for (const {order} of events.orders) if (order.stopPrice && order.workingAt && !seen.includes(order.id)) seen.push(order.id)
  }
  node.services.trading.events.on('committed', listener)
  // One sale of half the bid at 99 triggers s99, which sells the rest at 99 and half of 98, and so the last price is 98:
  // s98a then s98b (older first) trigger, each selling what is left at one level and half the next.
  await place(m.taker.id, {ticker: m.symbol, side: 'sell', type: 'limit', price: '99', qty: '0.05'})
  node.services.trading.events.off('committed', listener)
  t.deepEqual(seen, [s99.order.id, s98a.order.id, s98b.order.id])
  const fill = (id: string, who: {id: string}) => node.services.trading.orderOf(who.id, id)!
  t.like(fill(s99.order.id, a), {status: 'filled', avgPrice: '98.5'})
  t.like(fill(s98a.order.id, a), {status: 'filled', avgPrice: '97.5'})
  t.like(fill(s98b.order.id, b), {status: 'filled', avgPrice: '96.5'})
  t.like(fill(s90.order.id, b), {status: 'open', workingAt: null})
  ledgerClean(t)
})

test('a stop-market buy spends its quote budget when the price rises to it; by base quantity it is refused', async (t) => {
  const m = await market('SB')
  await tradeAt(m, '100')
  const refused = await t.throwsAsync(async () =>
    place(m.stopper.id, {ticker: m.symbol, side: 'buy', type: 'stop_market', stopPrice: '105', qty: '1'}),
  )
  t.true(refused instanceof OrderRefusal && refused.reason === 'stop_market_buy_qty')
  const stop = await place(m.stopper.id, {ticker: m.symbol, side: 'buy', type: 'stop_market', stopPrice: '105', quoteQty: '210'})
  t.like(stop.order, {status: 'open', stopDirection: 'rise', quoteQty: '210'})
  t.deepEqual(trading(m.stopper, 'USDT'), {available: '790000000', locked: '210000000'})
  await place(m.maker.id, {ticker: m.symbol, side: 'sell', type: 'limit', price: '106', qty: '5'})
  await tradeAt(m, '105')
  const after = node.services.trading.orderOf(m.stopper.id, stop.order.id)!
  // 210 buys 1.981 lots of 0.001 at 106 (209.986); the rest of the budget goes back.
  t.like(after, {status: 'filled', filledQty: '1.981', avgPrice: '106', quoteQty: '210'})
  t.deepEqual(trading(m.stopper, 'USDT'), {available: String(1000_000000n - 209_986000n), locked: '0'})
  ledgerClean(t)
})

test('a stop the last price has already reached is refused, and nothing is held', async (t) => {
  const m = await market('SI')
  await tradeAt(m, '100')
  const error = await t.throwsAsync(async () =>
    place(m.stopper.id, {ticker: m.symbol, side: 'sell', type: 'stop_limit', stopPrice: '100', price: '99', qty: '1'}),
  )
  t.true(error instanceof OrderRefusal && error.reason === 'would_trigger', String(error))
  t.regex(error!.message, /last price 100 is already at or below the stop price 100/)
  const takeProfit = await t.throwsAsync(async () =>
    place(m.stopper.id, {
      ticker: m.symbol,
      side: 'sell',
      type: 'stop_limit',
      stopDirection: 'rise',
      stopPrice: '99',
      price: '99',
      qty: '1',
    }),
  )
  t.true(takeProfit instanceof OrderRefusal && takeProfit.reason === 'would_trigger')
  t.deepEqual(trading(m.stopper, m.base), {available: '1000000000', locked: '0'})
})

test('cancelling a waiting stop releases its hold; cancel-all takes stops too', async (t) => {
  const m = await market('SX')
  await tradeAt(m, '100')
  const one = await place(m.stopper.id, {
    ticker: m.symbol,
    side: 'sell',
    type: 'stop_limit',
    stopPrice: '90',
    price: '89',
    qty: '1',
  })
  const cancelled = await node.services.trading.cancel(m.stopper.id, {orderId: one.order.id})
  t.like(cancelled, {status: 'cancelled', endReason: 'cancelled', workingAt: null})
  t.deepEqual(trading(m.stopper, m.base), {available: '1000000000', locked: '0'})
  await place(m.stopper.id, {ticker: m.symbol, side: 'sell', type: 'stop_limit', stopPrice: '90', price: '89', qty: '1'})
  await place(m.stopper.id, {ticker: m.symbol, side: 'buy', type: 'stop_limit', stopPrice: '110', price: '111', qty: '1'})
  await place(m.stopper.id, {ticker: m.symbol, side: 'sell', type: 'limit', price: '120', qty: '1'})
  const all = await node.services.trading.cancelAllOrders(m.stopper.id, m.symbol)
  t.is(all.length, 3)
  t.deepEqual(trading(m.stopper, m.base), {available: '1000000000', locked: '0'})
  t.deepEqual(trading(m.stopper, 'USDT'), {available: '1000000000', locked: '0'})
  // Nothing is left to trigger: trades through both stop prices change nothing of the stopper's.
  await tradeAt(m, '89')
  await tradeAt(m, '111')
  t.deepEqual(trading(m.stopper, m.base), {available: '1000000000', locked: '0'})
  ledgerClean(t)
})

test('self-trade prevention modes on the service: expire_maker ends the own resting order and fills behind it', async (t) => {
  const m = await market('ST')
  const own = await place(m.taker.id, {ticker: m.symbol, side: 'sell', type: 'limit', price: '100', qty: '1'})
  await place(m.maker.id, {ticker: m.symbol, side: 'sell', type: 'limit', price: '100', qty: '1'})
  const taker = await place(m.taker.id, {
    ticker: m.symbol,
    side: 'buy',
    type: 'limit',
    price: '100',
    qty: '1',
    selfTrade: 'expire_maker',
  })
  t.like(taker.order, {status: 'filled', selfTrade: 'expire_maker'})
  t.like(node.services.trading.orderOf(m.taker.id, own.order.id), {status: 'cancelled', endReason: 'self_trade'})
  const none = await place(m.taker.id, {ticker: m.symbol, side: 'sell', type: 'limit', price: '101', qty: '1'})
  const self = await place(m.taker.id, {ticker: m.symbol, side: 'buy', type: 'market', qty: '1', selfTrade: 'none'})
  t.like(self.order, {status: 'filled'})
  t.like(node.services.trading.orderOf(m.taker.id, none.order.id), {status: 'filled'})
  await t.throwsAsync(
    async () => place(m.taker.id, {ticker: m.symbol, side: 'buy', type: 'market', qty: '1', selfTrade: 'sometimes'}),
    {
      message: /self_trade_prevention/,
    },
  )
  ledgerClean(t)
})

test.serial('waiting stops and the last price survive a restart: a trade after it triggers them', async (t) => {
  const m = await market('SR')
  await tradeAt(m, '100')
  const stop = await place(m.stopper.id, {ticker: m.symbol, side: 'sell', type: 'stop_market', stopPrice: '95', qty: '1'})
  const above = await place(m.stopper.id, {
    ticker: m.symbol,
    side: 'buy',
    type: 'stop_limit',
    stopPrice: '120',
    price: '121',
    qty: '1',
  })
  await node.stop()
  node = await startTestNode({dataDir})
  t.like(node.services.trading.orderOf(m.stopper.id, stop.order.id), {status: 'open', workingAt: null, stopPrice: '95'})
  t.deepEqual(trading(m.stopper, m.base), {available: '900000000', locked: '100000000'})
  // Still refused at once after the restart: the last price came back with the book.
  await t.throwsAsync(
    async () => place(m.stopper.id, {ticker: m.symbol, side: 'sell', type: 'stop_market', stopPrice: '100', qty: '1'}),
    {
      message: /would trigger at once/,
    },
  )
  await place(m.maker.id, {ticker: m.symbol, side: 'buy', type: 'limit', price: '94', qty: '1'})
  await tradeAt(m, '95')
  t.like(node.services.trading.orderOf(m.stopper.id, stop.order.id), {status: 'filled', avgPrice: '94'})
  t.like(node.services.trading.orderOf(m.stopper.id, above.order.id), {status: 'open', workingAt: null})
  ledgerClean(t)
})
