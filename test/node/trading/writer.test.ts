/**
 * The trading path with its writer thread (store/writer.ts): batches commit off the event loop, in
 * order; a write on the main connection waits for the batches in flight; commands of batches not yet
 * on disk are found by replays and cancels; a failed batch takes the batches in flight after it down
 * with it, and all their commands are run again one by one.
 */
import test from 'ava'
import {trader as fundedTrader} from '../../helpers/market.js'
import {startTestNode, type TestNode} from '../../helpers/node.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const trader = (funds: Record<string, string>) => fundedTrader(node, funds)

/** Lets the batch queued in this turn run and go to the writer thread (the group commit flushes on setImmediate). */
const flushed = () => new Promise((resolve) => setImmediate(resolve))

test.serial('the trading path commits on the writer thread: a file-backed node runs one', async (t) => {
  const alice = await trader({USDT: '100'})
  await node.services.trading.place(alice.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '1000', qty: '0.01'})
  t.false(node.services.db.memory)
  t.is(node.services.writer.pending, 0, 'an answered batch is no longer in flight')
})

test.serial('a main-connection write waits for the batch in flight: a reserved fund cannot also be transferred', async (t) => {
  const {trading, ledger} = node.services
  const alice = await trader({USDT: '100'})
  const placed = trading.place(alice.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '10000', qty: '0.01'})
  await flushed()
  // The order's batch is matched (its 100 USDT reserved in memory) and may still be committing. The
  // transfer reads the store only once that batch is on disk, so it sees the reservation.
  const funding = ledger.balanceAccountOf(alice.id, 'funding')!
  t.throws(() => ledger.transfer(alice.tradingAccountId, funding, 'USDT', 1n, {type: 'transfer'}), {
    message: /insufficient available USDT/,
  })
  t.is((await placed).order.status, 'open')
  t.deepEqual(ledger.balance(alice.tradingAccountId, 'USDT'), {available: 0n, locked: 100_000_000n})
  t.true(ledger.verify().ok, ledger.verify().problems.join('\n'))
})

test.serial('a transfer made between two batches is seen by the next one', async (t) => {
  const {trading, ledger} = node.services
  const alice = await trader({USDT: '100'})
  const first = trading.place(alice.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '5000', qty: '0.01'})
  await flushed()
  const funding = ledger.balanceAccountOf(alice.id, 'funding')!
  ledger.transfer(alice.tradingAccountId, funding, 'USDT', 50_000_000n, {type: 'transfer'})
  // All 100 USDT are spoken for now: 50 reserved, 50 moved out. A second order for 1 USDT is refused.
  await t.throwsAsync(trading.place(alice.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '100', qty: '0.01'}), {
    message: /insufficient/,
  })
  await first
  t.deepEqual(ledger.balance(alice.tradingAccountId, 'USDT'), {available: 0n, locked: 50_000_000n})
  t.true(ledger.verify().ok, ledger.verify().problems.join('\n'))
})

test.serial('a client order id sent again while its first batch is still committing returns the first order', async (t) => {
  const {trading} = node.services
  const alice = await trader({USDT: '1000'})
  const order = {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '1000', qty: '0.01', clientOrderId: 'twice'} as const
  const first = trading.place(alice.id, order)
  await flushed()
  const second = trading.place(alice.id, order)
  await flushed()
  const cancelled = trading.cancel(alice.id, {clientOrderId: 'twice'})
  const [a, b, c] = await Promise.all([first, second, cancelled])
  t.is(b.order.id, a.order.id)
  t.is(c.id, a.order.id)
  t.is(c.status, 'cancelled')
  t.is(trading.store.list({accountId: alice.id, limit: 10, offset: 0}).total, 1)
  t.deepEqual(node.services.ledger.balance(alice.tradingAccountId, 'USDT'), {available: 1_000_000_000n, locked: 0n})
})

test.serial('an order ended in a batch still committing cannot be cancelled again by the next one', async (t) => {
  const {trading} = node.services
  const alice = await trader({USDT: '1000'})
  const {order} = await trading.place(alice.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '1000', qty: '0.01'})
  const first = trading.cancel(alice.id, {orderId: order.id})
  await flushed()
  const again = trading.cancel(alice.id, {orderId: order.id})
  t.is((await first).status, 'cancelled')
  await t.throwsAsync(again, {message: /already cancelled/})
  t.deepEqual(node.services.ledger.balance(alice.tradingAccountId, 'USDT'), {available: 1_000_000_000n, locked: 0n})
})

test.serial(
  'a batch the writer fails takes the batches in flight after it down too; each command runs again alone',
  async (t) => {
    const {db, trading, ledger} = node.services
    db.exec(`CREATE TRIGGER test_writer_boom BEFORE INSERT ON orders WHEN NEW.client_order_id = 'boom'
           BEGIN SELECT RAISE(ABORT, 'injected failure'); END`)
    try {
      const maker = await trader({ETH: '5'})
      const taker = await trader({USDT: '100000'})
      const other = await trader({USDT: '100000'})
      const book = trading.book('ETH-USDT')
      const spec = trading.spec('ETH-USDT')
      const ticks = (book.bestBid() ?? 100_000) + 1
      t.true(book.bestAsk() === undefined || ticks < book.bestAsk()!)
      const price = spec.formatPrice(ticks)
      const limit = (side: 'buy' | 'sell', qty: string, clientOrderId?: string) =>
        ({ticker: 'ETH-USDT', side, type: 'limit', price, qty, clientOrderId}) as const
      // Three batches, handed to the writer one after another: the second fails on disk, so the third,
      // matched on top of it, must not commit as it was matched.
      const sell = trading.place(maker.id, limit('sell', '2'))
      await flushed()
      const boom = trading.place(taker.id, limit('buy', '1', 'boom'))
      await flushed()
      const after = trading.place(other.id, limit('buy', '0.5'))
      const results = await Promise.allSettled([sell, boom, after])
      t.deepEqual(
        results.map((result) => result.status),
        ['fulfilled', 'rejected', 'fulfilled'],
      )
      const sold = (results[0] as PromiseFulfilledResult<{order: {id: string}}>).value.order
      // The failed order's fill never happened: the maker sold only the third order's 0.5.
      t.is(trading.store.byId(sold.id)!.filled_lots, spec.toLots('0.5'))
      t.is(trading.store.byClientOrderId(taker.id, 'boom'), undefined)
      t.is(ledger.balance(taker.tradingAccountId, 'USDT').available, 100_000_000_000n)
      // (Recovery replaced the book: ask for it again.)
      const served = [...trading.book('ETH-USDT').resting()]
      trading.recover()
      t.deepEqual([...trading.book('ETH-USDT').resting()], served)
      t.true(ledger.verify().ok, ledger.verify().problems.join('\n'))
    } finally {
      db.exec('DROP TRIGGER test_writer_boom')
    }
  },
)

test.serial('ledger verify checks a trading balance locked against the reservations of its open orders', async (t) => {
  const {db, trading, ledger} = node.services
  const alice = await trader({USDT: '100'})
  const {order} = await trading.place(alice.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '1000', qty: '0.01'})
  t.true(ledger.verify().ok)
  // The order row says it holds less than the balance has locked for it.
  db.prepare("UPDATE orders SET held = '1' WHERE id = ?").run(order.id)
  const report = ledger.verify()
  t.false(report.ok)
  t.true(
    report.problems.some((problem) => /locked is 10000000 but its reservations sum to 1/.test(problem)),
    report.problems.join('\n'),
  )
  db.prepare("UPDATE orders SET held = '10000000' WHERE id = ?").run(order.id)
  t.true(ledger.verify().ok)
})
