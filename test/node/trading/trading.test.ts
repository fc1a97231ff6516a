import test from 'ava'
import {startTestNode, uniqueEmail, type TestNode} from '../../helpers/node.js'
import {formatAmount, parseAmount} from '../../../src/node/ground/money.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

/** A new account with `funds` (asset → amount) in its trading balance account. */
async function trader(funds: Record<string, string>) {
  const account = await node.services.accounts.create(uniqueEmail('trader'), 'password123')
  for (const [asset, amount] of Object.entries(funds)) {
    node.services.operations.topup(
      {balanceAccountId: account.tradingAccountId},
      {asset, amount, reason: 'test funding', operator: 'test'},
    )
  }
  return account
}

const balance = (balanceAccountId: string, asset: string) => {
  const {available, locked} = node.services.ledger.balance(balanceAccountId, asset)
  const decimals = node.services.assets.get(asset)!.decimals
  return {available: formatAmount(available, decimals), locked: formatAmount(locked, decimals)}
}

test.serial('a limit buy locks price x qty of the quote asset; cancel releases it', async (t) => {
  const alice = await trader({USDT: '1000'})
  const {order} = await node.services.trading.place(alice.id, {
    ticker: 'BTC-USDT',
    side: 'buy',
    type: 'limit',
    price: '20000',
    qty: '0.01',
  })
  t.is(order.status, 'open')
  t.deepEqual(balance(alice.tradingAccountId, 'USDT'), {available: '800', locked: '200'})
  const cancelled = await node.services.trading.cancel(alice.id, {orderId: order.id})
  t.is(cancelled.status, 'cancelled')
  t.deepEqual(balance(alice.tradingAccountId, 'USDT'), {available: '1000', locked: '0'})
})

test.serial('a trade settles base and quote and charges maker 0.1% / taker 0.2% on what each receives', async (t) => {
  const seller = await trader({BTC: '1'})
  const buyer = await trader({USDT: '100000'})
  const fee = node.services.ledger.systemAccount('fee')
  const feeBefore = {
    btc: node.services.ledger.balance(fee, 'BTC').available,
    usdt: node.services.ledger.balance(fee, 'USDT').available,
  }
  const maker = await node.services.trading.place(seller.id, {
    ticker: 'BTC-USDT',
    side: 'sell',
    type: 'limit',
    price: '30000',
    qty: '0.5',
  })
  const taker = await node.services.trading.place(buyer.id, {
    ticker: 'BTC-USDT',
    side: 'buy',
    type: 'limit',
    price: '31000',
    qty: '0.5',
  })
  t.is(taker.order.status, 'filled')
  t.is(taker.order.filledQty, '0.5')
  // Buyer pays 15000 USDT at the maker's price; the 500 USDT locked above it is released.
  t.deepEqual(balance(buyer.tradingAccountId, 'USDT'), {available: '85000', locked: '0'})
  // Buyer (taker) receives 0.5 BTC minus 0.2% = 0.499.
  t.deepEqual(balance(buyer.tradingAccountId, 'BTC'), {available: '0.499', locked: '0'})
  // Seller (maker) receives 15000 USDT minus 0.1% = 14985.
  t.deepEqual(balance(seller.tradingAccountId, 'USDT'), {available: '14985', locked: '0'})
  t.deepEqual(balance(seller.tradingAccountId, 'BTC'), {available: '0.5', locked: '0'})
  t.is(node.services.ledger.balance(fee, 'BTC').available - feeBefore.btc, parseAmount('0.001', 8))
  t.is(node.services.ledger.balance(fee, 'USDT').available - feeBefore.usdt, parseAmount('15', 6))
  const makerRow = node.services.trading.store.byId(maker.order.id)!
  t.is(makerRow.status, 'filled')
  t.true(node.services.ledger.verify().ok)
})

test.serial('insufficient funds refuses the order and changes nothing', async (t) => {
  const poor = await trader({USDT: '10'})
  const error = await t.throwsAsync(
    node.services.trading.place(poor.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '20000', qty: '0.01'}),
  )
  t.is((error as {code?: string}).code, 'insufficient_funds')
  t.deepEqual(balance(poor.tradingAccountId, 'USDT'), {available: '10', locked: '0'})
  t.is(node.services.trading.store.list({accountId: poor.id, limit: 10, offset: 0}).total, 0)
})

test.serial('client_order_id: sending it again returns the first order, no second order', async (t) => {
  const alice = await trader({USDT: '1000'})
  const input = {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '10000', qty: '0.01', clientOrderId: 'my-order-1'}
  const [first, second] = await Promise.all([
    node.services.trading.place(alice.id, input),
    node.services.trading.place(alice.id, input),
  ])
  t.is(first.order.id, second.order.id)
  t.is(node.services.trading.store.list({accountId: alice.id, limit: 10, offset: 0}).total, 1)
  t.deepEqual(balance(alice.tradingAccountId, 'USDT'), {available: '900', locked: '100'})
})

test.serial('a market buy sweeps levels and locks exactly what it takes', async (t) => {
  const seller = await trader({ETH: '10'})
  const buyer = await trader({USDT: '10000'})
  await node.services.trading.place(seller.id, {ticker: 'ETH-USDT', side: 'sell', type: 'limit', price: '2000', qty: '1'})
  await node.services.trading.place(seller.id, {ticker: 'ETH-USDT', side: 'sell', type: 'limit', price: '2100', qty: '1'})
  const {order} = await node.services.trading.place(buyer.id, {ticker: 'ETH-USDT', side: 'buy', type: 'market', qty: '1.5'})
  t.is(order.status, 'filled')
  t.deepEqual(balance(buyer.tradingAccountId, 'USDT'), {available: String(10000 - 2000 - 1050), locked: '0'})
  t.true(node.services.ledger.verify().ok)
})

test.serial('off-tick price, off-lot qty and tiny notional are refused as invalid_argument', async (t) => {
  const alice = await trader({USDT: '1000'})
  for (const input of [
    {price: '20000.001', qty: '0.01'},
    {price: '20000', qty: '0.000001'},
    {price: '1', qty: '0.00001'},
    {price: '2e4', qty: '0.01'},
  ]) {
    const error = await t.throwsAsync(async () =>
      node.services.trading.place(alice.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', ...input}),
    )
    t.is((error as {code?: string}).code, 'invalid_argument', JSON.stringify(input))
  }
})

test.serial('the worker-thread rebuild restores the same book, and restored orders trade and cancel', async (t) => {
  const seller = await trader({TRX: '100'})
  const placed = []
  for (const price of ['0.5', '0.50001', '0.5', '0.50002', '0.50001']) {
    placed.push(
      (await node.services.trading.place(seller.id, {ticker: 'TRX-USDT', side: 'sell', type: 'limit', price, qty: '10'})).order,
    )
  }
  const trading = node.services.trading
  const before = [...trading.book('TRX-USDT').resting()]
  t.true(before.length >= 5)
  // minSpan 1: every ticker with resting orders is read by the reader threads, in several ranges.
  t.is(await trading.recoverInParallel({minSpan: 1, threads: 2}), trading.recover())
  await trading.recoverInParallel({minSpan: 1, threads: 2})
  t.deepEqual([...trading.book('TRX-USDT').resting()], before)
  // Not the main-thread fallback: no reader failed.
  t.false(node.logs.some((line) => line.includes('parallel book rebuild failed')))

  // The restored orders are read from the store when first touched: a fill and a cancel.
  const buyer = await trader({USDT: '100'})
  const {order: taker} = await trading.place(buyer.id, {ticker: 'TRX-USDT', side: 'buy', type: 'limit', price: '0.5', qty: '15'})
  t.is(taker.status, 'filled')
  t.is(trading.store.byId(placed[0]!.id)!.status, 'filled')
  t.is(trading.store.byId(placed[2]!.id)!.status, 'partial')
  const cancelled = await trading.cancel(seller.id, {orderId: placed[2]!.id})
  t.is(cancelled.status, 'cancelled')
  t.is(cancelled.filledQty, '5')
  await t.throwsAsync(trading.cancel(seller.id, {orderId: placed[0]!.id}), {message: /already filled/})
  t.true(node.services.ledger.verify().ok)
})

test.serial('books survive a restart with the same priority', async (t) => {
  const a = await trader({BTC: '1'})
  const b = await trader({BTC: '1'})
  const first = await node.services.trading.place(a.id, {
    ticker: 'BTC-USDT',
    side: 'sell',
    type: 'limit',
    price: '50000',
    qty: '0.1',
  })
  const second = await node.services.trading.place(b.id, {
    ticker: 'BTC-USDT',
    side: 'sell',
    type: 'limit',
    price: '50000',
    qty: '0.1',
  })
  const before = [...node.services.trading.book('BTC-USDT').resting()]
  node.services.trading.recover()
  t.deepEqual([...node.services.trading.book('BTC-USDT').resting()], before)
  const buyer = await trader({USDT: '10000'})
  await node.services.trading.place(buyer.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '50000', qty: '0.1'})
  t.is(node.services.trading.store.byId(first.order.id)!.status, 'filled')
  t.is(node.services.trading.store.byId(second.order.id)!.status, 'open')
})

test.serial('a batch that fails as a whole is retried command by command: only the failing one fails', async (t) => {
  // A real SQLite failure in the middle of a batch, after matching has changed the book: a trigger
  // that aborts the insert of one order (as a full disk or a bug would abort the transaction).
  const {db, trading, ledger} = node.services
  db.exec(`CREATE TRIGGER test_abort_boom BEFORE INSERT ON orders WHEN NEW.client_order_id = 'boom'
           BEGIN SELECT RAISE(ABORT, 'injected failure'); END`)
  try {
    const maker = await trader({ETH: '5'})
    const taker = await trader({USDT: '100000'})
    const other = await trader({USDT: '100000'})
    const limit = (side: string, price: string, qty: string, clientOrderId?: string) =>
      ({ticker: 'ETH-USDT', side, type: 'limit', price, qty, clientOrderId}) as const
    // A price inside the spread the earlier tests left, so that these orders only meet each other.
    const book = trading.book('ETH-USDT')
    const spec = trading.spec('ETH-USDT')
    const ticks = (book.bestBid() ?? 100_000) + 1
    t.true(book.bestAsk() === undefined || ticks < book.bestAsk()!)
    const price = spec.formatPrice(ticks)
    // One event-loop turn: one batch. The second order takes the first's liquidity, then fails.
    const results = await Promise.allSettled([
      trading.place(maker.id, limit('sell', price, '2')),
      trading.place(taker.id, limit('buy', price, '1', 'boom')),
      trading.place(other.id, limit('buy', price, '0.5')),
    ])
    t.is(results[0].status, 'fulfilled')
    t.is(results[1].status, 'rejected')
    t.is(results[2].status, 'fulfilled')
    const sell = (results[0] as PromiseFulfilledResult<{order: {id: string}}>).value.order
    // The failed order's fill never happened: the maker lost only the third order's 0.5.
    t.is(trading.store.byId(sell.id)!.filled_lots, spec.toLots('0.5'))
    t.is(trading.store.byClientOrderId(taker.id, 'boom'), undefined)
    t.is(ledger.balance(taker.tradingAccountId, 'USDT').available, 100_000_000_000n)
    t.true(node.logs.some((line) => line.includes('trading batch failed; retrying one by one')))
    // The book equals what the store holds.
    const served = [...trading.book('ETH-USDT').resting()]
    trading.recover()
    t.deepEqual([...trading.book('ETH-USDT').resting()], served)
    t.true(ledger.verify().ok)
  } finally {
    db.exec('DROP TRIGGER test_abort_boom')
  }
})
