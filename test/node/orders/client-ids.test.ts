import test from 'ava'
import Database from 'better-sqlite3'
import fc from 'fast-check'
import {formatAmount} from '../../../src/node/ground/money.js'
import {ClientOrderIds} from '../../../src/node/orders/client-ids.js'
import {startTestNode, tempDir, uniqueEmail, type TestNode} from '../../helpers/node.js'

/** A filter loaded from a store holding these (account, client order id) pairs, and rows without one. */
function loaded(pairs: [string, string][]): ClientOrderIds {
  const db = new Database(':memory:')
  db.exec('CREATE TABLE orders (seq INTEGER PRIMARY KEY, account_id TEXT NOT NULL, client_order_id TEXT)')
  const insert = db.prepare('INSERT INTO orders (account_id, client_order_id) VALUES (?, ?)')
  for (const [account, id] of pairs) insert.run(account, id)
  insert.run('acc-without', null)
  const ids = new ClientOrderIds(db)
  db.close()
  return ids
}

const pairArb = fc.tuple(fc.uuid(), fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/))

test('no false negatives: every pair loaded from the store or added since is a "maybe"', (t) => {
  fc.assert(
    fc.property(fc.array(pairArb, {maxLength: 50}), fc.array(pairArb, {maxLength: 50}), (stored, added) => {
      const ids = loaded(stored)
      for (const [account, id] of added) ids.add(account, id)
      return [...stored, ...added].every(([account, id]) => ids.mayHave(account, id))
    }),
    {numRuns: 200},
  )
  t.pass()
})

test('past its capacity the filter grows and still answers "maybe" for every pair, with few false positives', (t) => {
  const ids = loaded([])
  // Three times the first filter's capacity (65,536): two more filters are started.
  const count = 200_000
  for (let i = 0; i < count; i++) ids.add(`account-${i % 97}`, `order-${i}`)
  let missed = 0
  for (let i = 0; i < count; i++) if (!ids.mayHave(`account-${i % 97}`, `order-${i}`)) missed++
  t.is(missed, 0)
  let falsePositives = 0
  const probes = 100_000
  for (let i = 0; i < probes; i++) if (ids.mayHave(`account-${i % 97}`, `other-${i}`)) falsePositives++
  t.true(falsePositives / probes < 0.03, `false-positive rate ${falsePositives / probes}`)
  // A filter that said "maybe" to everything would pass the first check: this one says "no" to most.
  t.true(falsePositives < probes / 10)
})

test('a new client order id is "no" without a look-up; the same id for another account is another pair', (t) => {
  const ids = loaded([['acc-1', 'grid-1']])
  t.true(ids.mayHave('acc-1', 'grid-1'))
  t.false(ids.mayHave('acc-1', 'grid-2'))
  t.false(ids.mayHave('acc-2', 'grid-1'))
})

let node: TestNode | undefined
test.after.always(async () => {
  await node?.close()
})

test.serial('a client_order_id sent again after its order committed, and after a restart, returns that order', async (t) => {
  const dataDir = tempDir('exchange-client-ids-')
  node = await startTestNode({dataDir})
  const alice = await node.services.accounts.create(uniqueEmail('coid'), 'password123')
  node.services.operations.topup(
    {balanceAccountId: alice.tradingAccountId},
    {asset: 'USDT', amount: '1000', reason: 'test funding', operator: 'test'},
  )
  const input = {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '10000', qty: '0.01', clientOrderId: 'again-1'}
  const first = await node.services.trading.place(alice.id, input)
  // Committed: the repeat is answered from the store, found through the filter.
  const second = await node.services.trading.place(alice.id, input)
  t.is(second.order.id, first.order.id)

  await node.stop()
  node = await startTestNode({dataDir})
  // Loaded from the store by a worker thread; until then every id would be looked up anyway.
  await waitForLog(node, 'client order ids loaded')
  // The filter is rebuilt from the store: the id is still taken, by the same order.
  const third = await node.services.trading.place(alice.id, input)
  t.is(third.order.id, first.order.id)
  const other = await node.services.trading.place(alice.id, {...input, clientOrderId: 'again-2'})
  t.not(other.order.id, first.order.id)
  // Answered as a repeat up front: not by a batch refused at commit (the index's UNIQUE) and run again.
  t.false(
    node.logs.some((line) => line.includes('trading batch failed')),
    'a repeat missed by the filter',
  )
  const orders = node.services.trading.store.list({accountId: alice.id, limit: 10, offset: 0})
  t.is(orders.total, 2)
  const {available, locked} = node.services.ledger.balance(alice.tradingAccountId, 'USDT')
  t.deepEqual([formatAmount(available, 6), formatAmount(locked, 6)], ['800', '200'])
})

async function waitForLog(node: TestNode, msg: string): Promise<void> {
  for (let i = 0; i < 200 && !node.logs.some((line) => line.includes(`"msg":"${msg}"`)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  if (!node.logs.some((line) => line.includes(`"msg":"${msg}"`))) throw new Error(`no "${msg}" log line`)
}
