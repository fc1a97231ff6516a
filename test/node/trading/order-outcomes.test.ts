/**
 * What the trading service tells about orders beyond the v1 shape, for transports that need it (the
 * Binance form, docs/binance-compat.md "Decisions"): why an order ended, typed refusals, look-ups by seq, a market buy by
 * quote amount, cancel-all's orders, oldest-first listings, and each trade's step in the committed
 * events.
 */
import test from 'ava'
import {OrderRefusal} from '../../../src/node/trading/refusals.js'
import {TickerSpec} from '../../../src/node/trading/spec.js'
import type {CommittedEvents} from '../../../src/node/trading/trading.js'
import {freshPair, trader} from '../../helpers/market.js'
import {startTestNode, type TestNode} from '../../helpers/node.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const place = (accountId: string, input: Record<string, unknown>) =>
  node.services.trading.place(accountId, input as Parameters<TestNode['services']['trading']['place']>[1])

/** A fresh pair (tick 0.01, lot 0.001) with a funded maker and taker. */
async function market(prefix: string) {
  const symbol = freshPair(node, prefix)
  const base = symbol.split('-')[0]!
  const maker = await trader(node, {[base]: '1000', USDT: '100000'})
  const taker = await trader(node, {[base]: '1000', USDT: '100000'})
  return {symbol, base, maker, taker}
}

test('endReason: cancelled by the owner, or ended by the book (IOC remainder, FOK, post-only, self-trade)', async (t) => {
  const {symbol, maker, taker} = await market('ER')
  const resting = await place(maker.id, {ticker: symbol, side: 'sell', type: 'limit', price: '10', qty: '1'})
  t.is(resting.order.endReason, null)
  const ioc = await place(taker.id, {ticker: symbol, side: 'buy', type: 'limit', price: '10', qty: '1.5', timeInForce: 'IOC'})
  t.like(ioc.order, {status: 'cancelled', filledQty: '1', endReason: 'expired'})
  const market_ = await place(taker.id, {ticker: symbol, side: 'buy', type: 'market', qty: '1'})
  t.like(market_.order, {status: 'cancelled', filledQty: '0', endReason: 'expired'})
  await place(maker.id, {ticker: symbol, side: 'sell', type: 'limit', price: '11', qty: '1'})
  const fok = await place(taker.id, {ticker: symbol, side: 'buy', type: 'limit', price: '11', qty: '2', timeInForce: 'FOK'})
  t.like(fok.order, {status: 'cancelled', endReason: 'fok_not_fillable'})
  const postOnly = await place(taker.id, {ticker: symbol, side: 'buy', type: 'limit', price: '11', qty: '1', postOnly: true})
  t.like(postOnly.order, {status: 'cancelled', endReason: 'post_only_would_cross'})
  const self = await place(maker.id, {ticker: symbol, side: 'buy', type: 'limit', price: '11', qty: '1'})
  t.like(self.order, {status: 'cancelled', endReason: 'self_trade'})
  const own = await place(maker.id, {ticker: symbol, side: 'buy', type: 'limit', price: '5', qty: '1'})
  const cancelled = await node.services.trading.cancel(maker.id, {orderId: own.order.id})
  t.like(cancelled, {status: 'cancelled', endReason: 'cancelled'})
  t.is(node.services.trading.orderOf(maker.id, own.order.id)!.endReason, 'cancelled')
  t.is(node.services.trading.orderOf(taker.id, ioc.order.id)!.endReason, 'expired')
})

test('refusals off the grid carry their reason; a malformed number is a plain invalid_argument', async (t) => {
  const {symbol, maker} = await market('RF')
  const refused = async (input: Record<string, unknown>) => {
    const error = await t.throwsAsync(async () => place(maker.id, {ticker: symbol, side: 'buy', type: 'limit', ...input}))
    return {code: (error as {code?: string}).code, reason: error instanceof OrderRefusal ? error.reason : undefined}
  }
  t.deepEqual(await refused({price: '10.001', qty: '1'}), {code: 'invalid_argument', reason: 'price_tick'})
  t.deepEqual(await refused({price: '10.0000000001', qty: '1'}), {code: 'invalid_argument', reason: 'price_tick'})
  t.deepEqual(await refused({price: '0', qty: '1'}), {code: 'invalid_argument', reason: 'price_tick'})
  t.deepEqual(await refused({price: '10', qty: '0.0001'}), {code: 'invalid_argument', reason: 'qty_lot'})
  t.deepEqual(await refused({price: '10', qty: '1'.repeat(40)}), {code: 'invalid_argument', reason: 'qty_lot'})
  t.deepEqual(await refused({price: '1e1', qty: '1'}), {code: 'invalid_argument', reason: undefined})
  node.services.tickers.create({symbol: `${symbol.split('-')[0]}-ETH`, tickSize: '0.01', lotSize: '0.001', minNotional: '5'})
  const notional = await t.throwsAsync(async () =>
    place(maker.id, {ticker: `${symbol.split('-')[0]}-ETH`, side: 'buy', type: 'limit', price: '1', qty: '1'}),
  )
  t.is((notional as OrderRefusal).reason, 'min_notional')
  node.services.tickers.setActive(symbol, false)
  const halted = await t.throwsAsync(async () =>
    place(maker.id, {ticker: symbol, side: 'buy', type: 'limit', price: '1', qty: '1'}),
  )
  t.like(halted, {code: 'invalid_argument', reason: 'ticker_halted'})
  t.throws(() => node.services.trading.validate({ticker: symbol, side: 'buy', type: 'limit', price: '1', qty: '1'}), {
    instanceOf: OrderRefusal,
  })
})

test('a client order id may hold "." in the service (the Binance form); orderBySeq finds only the caller\'s order', async (t) => {
  const {symbol, maker, taker} = await market('CI')
  const {order} = await place(maker.id, {
    ticker: symbol,
    side: 'buy',
    type: 'limit',
    price: '1',
    qty: '1',
    clientOrderId: 'x.y_z-1',
  })
  t.is(order.clientOrderId, 'x.y_z-1')
  t.is(node.services.trading.orderByClientId(maker.id, 'x.y_z-1')!.id, order.id)
  t.is(node.services.trading.orderBySeq(maker.id, order.seq)!.id, order.id)
  t.is(node.services.trading.orderBySeq(taker.id, order.seq), undefined)
  t.is(node.services.trading.orderBySeq(maker.id, order.seq + 1_000_000), undefined)
})

test('a market buy by quote amount buys the most whole lots it pays for, each fill rounded as settled', async (t) => {
  const {symbol, base, maker, taker} = await market('QQ')
  await place(maker.id, {ticker: symbol, side: 'sell', type: 'limit', price: '2', qty: '1'})
  await place(maker.id, {ticker: symbol, side: 'sell', type: 'limit', price: '3.33', qty: '5'})
  // 2 buys the whole first maker; the 1.1 left buys 0.33 at 3.33 (1.0989; 0.331 would cost 1.10223).
  const {order, fills} = await place(taker.id, {ticker: symbol, side: 'buy', type: 'market', quoteQty: '3.1'})
  t.like(order, {status: 'filled', qty: '1.33', filledQty: '1.33', filledQuote: '3.0989'})
  t.deepEqual(
    fills.map((fill) => [fill.price, fill.qty]),
    [
      ['2', '1'],
      ['3.33', '0.33'],
    ],
  )
  const balance = node.services.ledger.balance(taker.tradingAccountId, 'USDT')
  t.is(balance.available, 100000_000000n - 3_098900n)
  t.is(balance.locked, 0n)
  t.true(node.services.ledger.balance(taker.tradingAccountId, base).available > 1000n)
  // Not one lot for the money, an empty book, a sell or a limit order: refused, nothing changed.
  const refused = await t.throwsAsync(async () =>
    place(taker.id, {ticker: symbol, side: 'buy', type: 'market', quoteQty: '0.001'}),
  )
  t.like(refused, {code: 'failed_precondition', reason: 'no_liquidity'})
  for (const input of [
    {side: 'sell', type: 'market', quoteQty: '1'},
    {side: 'buy', type: 'limit', price: '1', quoteQty: '1'},
    {side: 'buy', type: 'market', qty: '1', quoteQty: '1'},
  ]) {
    const error = await t.throwsAsync(async () => place(taker.id, {ticker: symbol, ...input}))
    t.is((error as {code?: string}).code, 'invalid_argument', JSON.stringify(input))
  }
  t.true(node.services.ledger.verify().ok)
})

test('lotsWithin: the most lots whose quote, rounded down as a fill is settled, stays within the budget', (t) => {
  const asset = (code: string, decimals: number) => ({code, decimals}) as ConstructorParameters<typeof TickerSpec>[1]
  const ticker = {symbol: 'A-B', baseAsset: 'A', quoteAsset: 'B', tickSize: '0.01', lotSize: '0.001', minNotional: '0'}
  const spec = new TickerSpec(ticker as ConstructorParameters<typeof TickerSpec>[0], asset('A', 3), asset('B', 2))
  // A lot at 1.55 costs 0.00155: 12 lots cost 0.0186, settled as 0.01; 13 cost 0.02015, settled as 0.02.
  t.is(spec.lotsWithin(155, 1n), 12n)
  t.is(spec.quoteUnits(155, 12), 1n)
  t.is(spec.quoteUnits(155, 13), 2n)
  for (let budget = 0n; budget < 50n; budget++) {
    const lots = Number(spec.lotsWithin(155, budget))
    t.true(spec.quoteUnits(155, lots) <= budget && spec.quoteUnits(155, lots + 1) > budget)
  }
})

test('cancelAllOrders answers the orders it cancelled; listings and trades go oldest first and filter by order', async (t) => {
  const {symbol, maker, taker} = await market('CA')
  const placed = []
  for (const price of ['1', '2', '3'])
    placed.push((await place(maker.id, {ticker: symbol, side: 'buy', type: 'limit', price, qty: '1'})).order)
  await place(taker.id, {ticker: symbol, side: 'sell', type: 'limit', price: '3', qty: '0.5'})
  await place(taker.id, {ticker: symbol, side: 'sell', type: 'limit', price: '3', qty: '0.2'})
  const open = node.services.trading.listOrders({accountId: maker.id, open: true, ascending: true, limit: 10, offset: 0})
  t.deepEqual(
    open.orders.map((order) => [order.seq, order.status]),
    [
      [placed[0]!.seq, 'open'],
      [placed[1]!.seq, 'open'],
      [placed[2]!.seq, 'partial'],
    ],
  )
  const trades = node.services.trading.listTrades({
    accountId: maker.id,
    orderSeq: placed[2]!.seq,
    ascending: true,
    limit: 10,
    offset: 0,
  })
  t.deepEqual(
    trades.trades.map((trade) => trade.qty),
    ['0.5', '0.2'],
  )
  const later = node.services.trading.listTrades({accountId: maker.id, sinceSeq: trades.trades[0]!.seq, limit: 10, offset: 0})
  t.deepEqual(
    later.trades.map((trade) => trade.seq),
    [trades.trades[1]!.seq],
  )
  const cancelled = await node.services.trading.cancelAllOrders(maker.id, symbol)
  t.deepEqual(
    cancelled.map((order) => [order.seq, order.status, order.endReason, order.filledQty]),
    [
      [placed[0]!.seq, 'cancelled', 'cancelled', '0'],
      [placed[1]!.seq, 'cancelled', 'cancelled', '0'],
      [placed[2]!.seq, 'cancelled', 'cancelled', '0.7'],
    ],
  )
  t.is(await node.services.trading.cancelAll(maker.id, symbol), 0)
})

test('committed events: a placed order is marked created, and each fill carries the state it left both orders in', async (t) => {
  const {symbol, maker, taker} = await market('CE')
  const first = await place(maker.id, {ticker: symbol, side: 'sell', type: 'limit', price: '4', qty: '1'})
  const second = await place(maker.id, {ticker: symbol, side: 'sell', type: 'limit', price: '4', qty: '1'})
  const seen: CommittedEvents[] = []
  const listener = (events: CommittedEvents) => seen.push(events)
  node.services.trading.events.on('committed', listener)
  try {
    const {order} = await place(taker.id, {ticker: symbol, side: 'buy', type: 'limit', price: '4', qty: '1.5'})
    const events = seen.find((batch) => batch.orders.some((change) => change.order.id === order.id))!
    const taken = events.orders.find((change) => change.order.id === order.id)!
    t.true(taken.created)
    t.false(events.orders.find((change) => change.order.id === first.order.id)!.created)
    const fills = events.fills.filter((fill) => fill.taker.id === order.id)
    t.deepEqual(
      fills.map((fill) => [fill.maker.seq, fill.filledAfter(true).filledQty, fill.filledAfter(false)]),
      [
        [first.order.seq, '1', {filledQty: '1', filledQuote: '4'}],
        [second.order.seq, '0.5', {filledQty: '1.5', filledQuote: '6'}],
      ],
    )
    t.like(fills[1]!.trade(true), {orderId: second.order.id, orderSeq: second.order.seq, side: 'sell', isMaker: true, qty: '0.5'})
    t.like(fills[1]!.trade(false), {orderId: order.id, side: 'buy', isMaker: false, feeAsset: symbol.split('-')[0]})
    t.is(fills[0]!.makerAccountId, maker.id)
    t.is(fills[0]!.takerAccountId, taker.id)
  } finally {
    node.services.trading.events.off('committed', listener)
  }
})
