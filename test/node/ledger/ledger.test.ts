/**
 * The Ledger class on its own, over a real SQLite store in a temp dir (the same openDatabase and
 * migrations as the node). Each test gets its own store.
 */
import {randomUUID} from 'node:crypto'
import fs from 'node:fs'
import test, {type ExecutionContext} from 'ava'
import {ExchangeError} from '../../../src/node/ground/errors.js'
import {Ledger, type Posting} from '../../../src/node/ledger/ledger.js'
import {migrations} from '../../../src/node/migrations.js'
import {openDatabase, type Db} from '../../../src/node/store/database.js'
import {tempDir} from '../../helpers/node.js'

type Fixture = {db: Db; ledger: Ledger; external: string; fee: string; alice: string; aliceTrading: string; bob: string}

function fixture(t: ExecutionContext): Fixture {
  const dir = tempDir('exchange-ledger-')
  const db = openDatabase(dir, migrations)
  t.teardown(() => {
    db.close()
    fs.rmSync(dir, {recursive: true, force: true})
  })
  const ledger = new Ledger(db)
  const aliceId = randomUUID()
  return {
    db,
    ledger,
    external: ledger.systemAccount('external'),
    fee: ledger.systemAccount('fee'),
    alice: ledger.openBalanceAccount(aliceId, 'funding'),
    aliceTrading: ledger.openBalanceAccount(aliceId, 'trading'),
    bob: ledger.openBalanceAccount(randomUUID(), 'funding'),
  }
}

/** Row counts of every ledger table, and the balances as stored. */
function snapshot(db: Db) {
  const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as {n: number}).n
  return {
    transactions: count('ledger_transactions'),
    entries: count('ledger_entries'),
    balanceRows: count('balances'),
    balances: db.prepare('SELECT balance_account_id, asset, available, locked FROM balances ORDER BY 1, 2').all(),
  }
}

const topup = (f: Fixture, to: string, asset: string, amount: bigint) =>
  f.ledger.transfer(f.external, to, asset, amount, {type: 'manual_topup', reason: 'test funding'})

test('an unbalanced set of postings throws with the offending total before anything is written', (t) => {
  const f = fixture(t)
  topup(f, f.alice, 'USDT', 100n)
  const before = snapshot(f.db)
  const unbalanced: Posting[] = [
    {balanceAccountId: f.alice, asset: 'USDT', bucket: 'available', amount: -10n},
    {balanceAccountId: f.bob, asset: 'USDT', bucket: 'available', amount: 15n},
  ]
  const error = t.throws(() => f.ledger.post({type: 'transfer', postings: unbalanced}), {instanceOf: ExchangeError})
  t.is(error?.code, 'internal')
  t.regex(error!.message, /USDT postings sum to 5\b/)
  t.deepEqual(snapshot(f.db), before)
})

test('postings must balance per asset: a USDT credit cannot be paid with a BTC debit', (t) => {
  const f = fixture(t)
  topup(f, f.alice, 'BTC', 100n)
  const before = snapshot(f.db)
  const error = t.throws(
    () =>
      f.ledger.post({
        type: 'transfer',
        postings: [
          {balanceAccountId: f.alice, asset: 'BTC', bucket: 'available', amount: -7n},
          {balanceAccountId: f.bob, asset: 'USDT', bucket: 'available', amount: 7n},
        ],
      }),
    {instanceOf: ExchangeError},
  )
  t.regex(error!.message, /(BTC postings sum to -7|USDT postings sum to 7)\b/)
  t.deepEqual(snapshot(f.db), before)
})

test('a single posting, a zero posting or a non-bigint amount is refused before writing', (t) => {
  const f = fixture(t)
  const before = snapshot(f.db)
  const posting = (amount: bigint): Posting => ({balanceAccountId: f.alice, asset: 'USDT', bucket: 'available', amount})
  t.throws(() => f.ledger.post({type: 'x', postings: [posting(1n)]}), {message: /at least two postings/})
  t.throws(() => f.ledger.post({type: 'x', postings: [posting(0n), posting(0n)]}), {message: /non-zero bigint/})
  t.throws(() => f.ledger.post({type: 'x', postings: [posting(1 as unknown as bigint), posting(-1n)]}), {
    message: /non-zero bigint/,
  })
  t.deepEqual(snapshot(f.db), before)
})

test('insufficient funds: the whole transaction rolls back, including postings already applied', (t) => {
  const f = fixture(t)
  topup(f, f.alice, 'USDT', 10n)
  const before = snapshot(f.db)
  // Bob's credit comes first and is applied before Alice's debit is found short.
  const error = t.throws(
    () =>
      f.ledger.post({
        type: 'transfer',
        postings: [
          {balanceAccountId: f.bob, asset: 'USDT', bucket: 'available', amount: 11n},
          {balanceAccountId: f.alice, asset: 'USDT', bucket: 'available', amount: -11n},
        ],
      }),
    {instanceOf: ExchangeError},
  )
  t.is(error?.code, 'insufficient_funds')
  t.deepEqual(snapshot(f.db), before)
  t.deepEqual(f.ledger.balance(f.bob, 'USDT'), {available: 0n, locked: 0n})
  t.deepEqual(f.ledger.balance(f.alice, 'USDT'), {available: 10n, locked: 0n})
  t.true(f.ledger.verify().ok)
})

test('insufficient funds inside a caller transaction leaves the caller free to continue', (t) => {
  const f = fixture(t)
  topup(f, f.alice, 'ETH', 5n)
  f.db.transaction(() => {
    t.throws(() => f.ledger.transfer(f.alice, f.bob, 'ETH', 6n, {type: 'transfer'}), {message: /insufficient/})
    f.ledger.transfer(f.alice, f.bob, 'ETH', 5n, {type: 'transfer'})
  })()
  t.deepEqual(f.ledger.balance(f.alice, 'ETH'), {available: 0n, locked: 0n})
  t.deepEqual(f.ledger.balance(f.bob, 'ETH'), {available: 5n, locked: 0n})
  t.true(f.ledger.verify().ok, f.ledger.verify().problems.join('\n'))
})

test('a failing caller transaction takes its ledger postings down with it', (t) => {
  const f = fixture(t)
  const before = snapshot(f.db)
  t.throws(
    () =>
      f.db.transaction(() => {
        topup(f, f.alice, 'BTC', 42n)
        throw new Error('the order insert failed')
      })(),
    {message: 'the order insert failed'},
  )
  t.deepEqual(snapshot(f.db), before)
})

test('hold and release move funds between available and locked of the same balance account', (t) => {
  const f = fixture(t)
  topup(f, f.alice, 'USDT', 10n)
  f.ledger.hold(f.alice, 'USDT', 4n, {type: 'hold', referenceId: 'order-1'})
  t.deepEqual(f.ledger.balance(f.alice, 'USDT'), {available: 6n, locked: 4n})
  f.ledger.release(f.alice, 'USDT', 3n, {type: 'release', referenceId: 'order-1'})
  t.deepEqual(f.ledger.balance(f.alice, 'USDT'), {available: 9n, locked: 1n})

  const before = snapshot(f.db)
  t.is(
    t.throws(() => f.ledger.release(f.alice, 'USDT', 2n, {type: 'release'}), {instanceOf: ExchangeError})?.code,
    'insufficient_funds',
  )
  t.is(
    t.throws(() => f.ledger.hold(f.alice, 'USDT', 10n, {type: 'hold'}), {instanceOf: ExchangeError})?.code,
    'insufficient_funds',
  )
  t.deepEqual(snapshot(f.db), before)

  const report = f.ledger.verify()
  t.true(report.ok, report.problems.join('\n'))
  t.deepEqual(report.assets, [{asset: 'USDT', journalSum: 0n, userTotal: 10n}])
})

test('an idempotency key replay returns the same transaction and applies once', (t) => {
  const f = fixture(t)
  const meta = {type: 'manual_topup', reason: 'retry me', idempotencyKey: 'op:abc'}
  const first = f.ledger.transfer(f.external, f.alice, 'BTC', 250n, meta)
  const afterFirst = snapshot(f.db)
  const second = f.ledger.transfer(f.external, f.alice, 'BTC', 250n, meta)
  t.false(first.replayed)
  t.true(second.replayed)
  t.is(second.id, first.id)
  t.is(second.seq, first.seq)
  t.deepEqual(snapshot(f.db), afterFirst)
  t.deepEqual(f.ledger.balance(f.alice, 'BTC'), {available: 250n, locked: 0n})
})

test('a key whose first attempt failed is not consumed: the retry applies once', (t) => {
  const f = fixture(t)
  const meta = {type: 'manual_withdraw', idempotencyKey: 'op:retry-after-failure'}
  t.is(
    t.throws(() => f.ledger.transfer(f.alice, f.external, 'USDT', 30n, meta), {instanceOf: ExchangeError})?.code,
    'insufficient_funds',
  )
  topup(f, f.alice, 'USDT', 50n)
  const first = f.ledger.transfer(f.alice, f.external, 'USDT', 30n, meta)
  const again = f.ledger.transfer(f.alice, f.external, 'USDT', 30n, meta)
  t.false(first.replayed)
  t.true(again.replayed, 'replayed although the balance (20) could not pay it a second time')
  t.is(again.id, first.id)
  t.deepEqual(f.ledger.balance(f.alice, 'USDT'), {available: 20n, locked: 0n})
  t.true(f.ledger.verify().ok)
})

test('the same idempotency key with a different operation is already_exists and changes nothing', (t) => {
  const f = fixture(t)
  f.ledger.transfer(f.external, f.alice, 'BTC', 250n, {type: 'manual_topup', idempotencyKey: 'op:k'})
  const before = snapshot(f.db)
  for (const attempt of [
    () => f.ledger.transfer(f.external, f.alice, 'BTC', 251n, {type: 'manual_topup', idempotencyKey: 'op:k'}),
    () => f.ledger.transfer(f.external, f.bob, 'BTC', 250n, {type: 'manual_topup', idempotencyKey: 'op:k'}),
    () => f.ledger.transfer(f.external, f.alice, 'ETH', 250n, {type: 'manual_topup', idempotencyKey: 'op:k'}),
    () => f.ledger.transfer(f.alice, f.external, 'BTC', 250n, {type: 'manual_withdraw', idempotencyKey: 'op:k'}),
  ]) {
    t.is(t.throws(attempt, {instanceOf: ExchangeError})?.code, 'already_exists')
  }
  t.deepEqual(snapshot(f.db), before)
})

test('the external system account may go negative; user and fee accounts may not', (t) => {
  const f = fixture(t)
  topup(f, f.alice, 'TRX', 1_000n)
  t.deepEqual(f.ledger.balance(f.external, 'TRX'), {available: -1_000n, locked: 0n})
  t.true(f.ledger.getBalanceAccount(f.external)!.allowNegative)
  t.false(f.ledger.getBalanceAccount(f.alice)!.allowNegative)
  t.is(f.ledger.systemAccount('external'), f.external, 'one external account per node')

  const before = snapshot(f.db)
  for (const from of [f.bob, f.fee, f.aliceTrading]) {
    t.is(
      t.throws(() => f.ledger.transfer(from, f.alice, 'TRX', 1n, {type: 'transfer'}), {instanceOf: ExchangeError})?.code,
      'insufficient_funds',
    )
  }
  t.is(
    t.throws(() => f.ledger.transfer(f.alice, f.bob, 'TRX', 1_001n, {type: 'transfer'}), {instanceOf: ExchangeError})?.code,
    'insufficient_funds',
  )
  t.deepEqual(snapshot(f.db), before)

  f.ledger.transfer(f.alice, f.external, 'TRX', 1_000n, {type: 'manual_withdraw'})
  t.deepEqual(f.ledger.balance(f.external, 'TRX'), {available: 0n, locked: 0n})
  t.true(f.ledger.verify().ok)
})

test('an unknown balance account is not_found and nothing is written', (t) => {
  const f = fixture(t)
  topup(f, f.alice, 'USDT', 10n)
  const before = snapshot(f.db)
  const error = t.throws(() => f.ledger.transfer(f.alice, randomUUID(), 'USDT', 5n, {type: 'transfer'}), {
    instanceOf: ExchangeError,
  })
  t.is(error?.code, 'not_found')
  t.deepEqual(snapshot(f.db), before)
  t.throws(() => f.ledger.transfer(f.alice, f.alice, 'USDT', 5n, {type: 'transfer'}), {message: /must differ/})
})

test('verify() passes on an honest ledger and reports per-asset totals', (t) => {
  const f = fixture(t)
  topup(f, f.alice, 'USDT', 700n)
  topup(f, f.bob, 'BTC', 3n)
  f.ledger.transfer(f.alice, f.aliceTrading, 'USDT', 200n, {type: 'transfer'})
  f.ledger.hold(f.aliceTrading, 'USDT', 50n, {type: 'hold'})
  f.ledger.transfer(f.alice, f.fee, 'USDT', 1n, {type: 'fee'})
  const report = f.ledger.verify()
  t.true(report.ok, report.problems.join('\n'))
  t.is(report.transactions, 5)
  t.is(report.entries, 10)
  t.deepEqual(report.assets, [
    {asset: 'BTC', journalSum: 0n, userTotal: 3n},
    {asset: 'USDT', journalSum: 0n, userTotal: 699n},
  ])
})

test('verify() detects a balance row tampered with directly in SQL', (t) => {
  const f = fixture(t)
  topup(f, f.alice, 'USDT', 100n)
  t.true(f.ledger.verify().ok)
  f.db.prepare("UPDATE balances SET available = '1000100' WHERE balance_account_id = ? AND asset = 'USDT'").run(f.alice)
  const report = f.ledger.verify()
  t.false(report.ok)
  t.true(
    report.problems.some((p) => p.includes(f.alice) && /USDT available is 1000100 but its entries sum to 100/.test(p)),
    report.problems.join('\n'),
  )
  t.deepEqual(report.assets, [{asset: 'USDT', journalSum: 0n, userTotal: 1_000_100n}], 'the journal itself still balances')
})

test('verify() detects a negative user balance written directly in SQL', (t) => {
  const f = fixture(t)
  topup(f, f.alice, 'USDT', 100n)
  f.db.prepare("UPDATE balances SET locked = '-5' WHERE balance_account_id = ? AND asset = 'USDT'").run(f.alice)
  const report = f.ledger.verify()
  t.false(report.ok)
  t.true(
    report.problems.some((p) => /USDT locked is negative \(-5\)/.test(p)),
    report.problems.join('\n'),
  )
})

test('verify() detects a tampered journal entry', (t) => {
  const f = fixture(t)
  topup(f, f.alice, 'ETH', 100n)
  topup(f, f.bob, 'ETH', 50n)
  t.true(f.ledger.verify().ok)
  f.db.prepare("UPDATE ledger_entries SET amount = '90' WHERE balance_account_id = ? AND asset = 'ETH'").run(f.alice)
  const report = f.ledger.verify()
  t.false(report.ok)
  t.true(
    report.problems.some((p) => /journal of ETH sums to -10, not 0/.test(p)),
    report.problems.join('\n'),
  )
  t.true(
    report.problems.some((p) => p.includes(f.alice) && /is 100 but its entries sum to 90/.test(p)),
    report.problems.join('\n'),
  )
  t.deepEqual(report.assets, [{asset: 'ETH', journalSum: -10n, userTotal: 150n}])
})

test('verify() detects a deleted journal entry and an entry without a balance row', (t) => {
  const f = fixture(t)
  topup(f, f.alice, 'BTC', 8n)
  f.db.prepare('DELETE FROM ledger_entries WHERE balance_account_id = ?').run(f.external)
  let report = f.ledger.verify()
  t.false(report.ok)
  t.true(report.problems.some((p) => /journal of BTC sums to 8, not 0/.test(p)))

  const g = fixture(t)
  topup(g, g.bob, 'BTC', 3n)
  g.db.prepare('DELETE FROM balances WHERE balance_account_id = ?').run(g.bob)
  report = g.ledger.verify()
  t.false(report.ok)
  t.true(
    report.problems.some((p) => p.includes(g.bob) && /sum to 3 but there is no balance row/.test(p)),
    report.problems.join('\n'),
  )
})

test('amounts beyond 64 bits are stored and summed exactly', (t) => {
  const f = fixture(t)
  const huge = 10n ** 47n + 123_456_789n
  topup(f, f.alice, 'ETH', huge)
  topup(f, f.alice, 'ETH', huge)
  f.ledger.transfer(f.alice, f.bob, 'ETH', huge + 1n, {type: 'transfer'})
  t.deepEqual(f.ledger.balance(f.alice, 'ETH'), {available: huge - 1n, locked: 0n})
  t.deepEqual(f.ledger.balance(f.bob, 'ETH'), {available: huge + 1n, locked: 0n})
  t.deepEqual(f.ledger.balance(f.external, 'ETH'), {available: -2n * huge, locked: 0n})
  const report = f.ledger.verify()
  t.true(report.ok, report.problems.join('\n'))
  t.deepEqual(report.assets, [{asset: 'ETH', journalSum: 0n, userTotal: 2n * huge}])
})

test('onPosted: each transaction post committed on its own, once; not a replay, a refusal or one inside a larger transaction', (t) => {
  const f = fixture(t)
  const seen: {type: string; amounts: bigint[]}[] = []
  const off = f.ledger.onPosted((posted) => seen.push({type: posted.type, amounts: posted.postings.map((p) => p.amount)}))
  f.ledger.transfer(f.external, f.alice, 'BTC', 5n, {type: 'manual_topup', idempotencyKey: 'k1'})
  f.ledger.transfer(f.external, f.alice, 'BTC', 5n, {type: 'manual_topup', idempotencyKey: 'k1'})
  t.throws(() => f.ledger.transfer(f.bob, f.alice, 'BTC', 1n, {type: 'transfer'}))
  f.db.transaction(() => f.ledger.transfer(f.alice, f.bob, 'BTC', 1n, {type: 'inner'}))()
  t.deepEqual(seen, [{type: 'manual_topup', amounts: [-5n, 5n]}])
  off()
  f.ledger.transfer(f.alice, f.bob, 'BTC', 1n, {type: 'transfer'})
  t.is(seen.length, 1)
})
