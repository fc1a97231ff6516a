/**
 * Property: random order streams from several accounts (limit/market, GTC/IOC/FOK, post-only,
 * cancels, cancel-alls, sent concurrently so they share group-commit batches) keep the ledger
 * balanced, leave exactly the open orders' needs locked, never a negative balance, and never a
 * crossed book.
 */
import test from 'ava'
import fc from 'fast-check'
import {startTestNode, uniqueEmail, type TestNode} from '../../helpers/node.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const TICKER = 'ETH-USDT'

const command = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      trader: fc.nat(3),
      side: fc.constantFrom('buy', 'sell'),
      type: fc.constantFrom('limit', 'limit', 'limit', 'market'),
      price: fc.integer({min: 1997, max: 2003}).map((p) => `${p}.${String(p % 7)}`),
      qty: fc.integer({min: 1, max: 30}).map((q) => (q / 10).toString()),
      tif: fc.constantFrom('GTC', 'GTC', 'IOC', 'FOK'),
      postOnly: fc.boolean(),
    }),
  },
  {weight: 2, arbitrary: fc.record({kind: fc.constant('cancel' as const), trader: fc.nat(3), pick: fc.nat()})},
  {weight: 1, arbitrary: fc.record({kind: fc.constant('cancelAll' as const), trader: fc.nat(3)})},
)

test('random order streams keep the ledger balanced, locks equal open orders, books uncrossed', async (t) => {
  const {services} = node
  const traders = await Promise.all(
    [0, 1, 2, 3].map(async () => {
      const account = await services.accounts.create(uniqueEmail('prop'), 'password123')
      for (const [asset, amount] of [
        ['ETH', '50'],
        ['USDT', '100000'],
      ]) {
        services.operations.topup(
          {balanceAccountId: account.tradingAccountId},
          {asset, amount, reason: 'funding', operator: 'test'},
        )
      }
      return account
    }),
  )
  let runs = 0
  const failures = new Map<string, number>()
  await fc.assert(
    fc.asyncProperty(fc.array(command, {minLength: 10, maxLength: 60, size: 'max'}), async (commands) => {
      runs++
      // Each run starts from an empty book so that funds are free and orders cross.
      await Promise.all(traders.map((trader) => services.trading.cancelAll(trader.id, TICKER)))
      // Sent without awaiting each other: they land in shared group-commit batches.
      const settled = await Promise.allSettled(
        commands.map(async (c) => {
          const trader = traders[c.trader]!
          if (c.kind === 'place') {
            return services.trading.place(trader.id, {
              ticker: TICKER,
              side: c.side,
              type: c.type,
              price: c.type === 'limit' ? c.price : undefined,
              qty: c.qty,
              timeInForce: c.tif,
              postOnly: c.type === 'limit' ? c.postOnly : undefined,
            })
          }
          if (c.kind === 'cancel') {
            const open = services.trading.store.list({accountId: trader.id, status: 'open', limit: 50, offset: 0}).orders
            const order = open[c.pick % Math.max(open.length, 1)]
            return order ? services.trading.cancel(trader.id, {orderId: order.id}) : undefined
          }
          return services.trading.cancelAll(trader.id, TICKER)
        }),
      )
      for (const r of settled)
        if (r.status === 'rejected')
          failures.set(
            String((r.reason as {code?: string}).code ?? r.reason),
            (failures.get(String((r.reason as {code?: string}).code ?? r.reason)) ?? 0) + 1,
          )
      const report = services.ledger.verify()
      if (!report.ok) throw new Error(report.problems.join('; '))
      // Locked funds equal what the open orders still hold, per trader and asset.
      for (const trader of traders) {
        const held = new Map<string, bigint>()
        for (const status of ['open', 'partial'] as const) {
          for (const order of services.db
            .prepare<[string, string], {held_asset: string; held: string}>(
              'SELECT held_asset, held FROM orders WHERE account_id = ? AND status = ?',
            )
            .all(trader.id, status)) {
            held.set(order.held_asset, (held.get(order.held_asset) ?? 0n) + BigInt(order.held))
          }
        }
        for (const asset of ['ETH', 'USDT']) {
          const balance = services.ledger.balance(trader.tradingAccountId, asset)
          if (balance.available < 0n || balance.locked < 0n) throw new Error(`negative ${asset} balance`)
          if (balance.locked !== (held.get(asset) ?? 0n)) {
            throw new Error(`${asset} locked ${balance.locked} but open orders hold ${held.get(asset) ?? 0n}`)
          }
        }
      }
      const book = services.trading.book(TICKER)
      const bid = book.bestBid()
      const ask = book.bestAsk()
      if (bid !== undefined && ask !== undefined && bid >= ask) throw new Error(`crossed book: bid ${bid} >= ask ${ask}`)
      // The rebuilt book equals the live one (same orders, same priority).
      const live = [...book.resting()]
      services.trading.recover()
      t.deepEqual([...services.trading.book(TICKER).resting()], live)
    }),
    {numRuns: 40},
  )
  t.true(runs >= 40)
  const trades = (node.services.db.prepare('SELECT count(*) AS n FROM trades').get() as {n: number}).n
  t.log(`${runs} runs, ${trades} trades`, [...failures])
  t.true(trades > 0, 'the streams must actually trade')
})
