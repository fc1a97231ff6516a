/**
 * The main connection's writes captured transaction by transaction (store/capture.ts, step 1 of
 * docs/cluster.md "Failover"): a session of the node's own modules on one store, its entries applied
 * in order to a second store that started equal, gives the same rows in every table. Rolled-back
 * transactions and savepoints leave nothing in the entries; reads are never captured.
 */
import test from 'ava'
import Database from 'better-sqlite3'
import {generateSecrets} from '../../../src/node/auth/secrets.js'
import {createLogger} from '../../../src/node/ground/logger.js'
import {bootstrap, createServices} from '../../../src/node/services.js'
import {migrations} from '../../../src/node/migrations.js'
import {applyCaptured, captureWrites, type CapturedEntry} from '../../../src/node/store/capture.js'
import {openDatabase, type Db} from '../../../src/node/store/database.js'
import type {Services} from '../../../src/node/services.js'
import {memoryStore} from '../../helpers/memory.js'
import {tempDir, uniqueEmail} from '../../helpers/node.js'

/** Every table's rows, in rowid order (or by all columns for a table without rowid). */
function contents(db: Db): Record<string, unknown[]> {
  const tables = db
    .prepare<[], {name: string}>("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all()
  const out: Record<string, unknown[]> = {}
  for (const {name} of tables) out[name] = db.prepare(`SELECT * FROM "${name}" ORDER BY 1, 2`).all()
  return out
}

/** A session of the node's modules: accounts, a key, funding, transfers, orders, a stop, trades, cancels. */
async function session(services: Services): Promise<void> {
  const alice = await services.accounts.create(uniqueEmail('capture'), 'password123')
  const bob = await services.accounts.create(uniqueEmail('capture'), 'password123')
  services.apiKeys.create(alice.id, ['read', 'trade'], 'capture key')
  for (const [who, asset, amount] of [
    [alice, 'BTC', '2'],
    [bob, 'USDT', '100000'],
  ] as const) {
    services.operations.topup({balanceAccountId: who.fundingAccountId}, {asset, amount, reason: 'capture', operator: 'test'})
    services.balances.transfer(who, {
      fromBalanceAccountId: who.fundingAccountId,
      toBalanceAccountId: who.tradingAccountId,
      asset,
      amount,
    })
  }
  const trading = services.trading
  const placed: Promise<unknown>[] = []
  // Several in one turn: one group commit of several commands.
  placed.push(trading.place(alice.id, {ticker: 'BTC-USDT', side: 'sell', type: 'limit', price: '30000', qty: '0.5'}))
  placed.push(
    trading.place(bob.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '30000', qty: '0.2', clientOrderId: 'b-1'}),
  )
  await Promise.all(placed)
  const stop = await trading.place(alice.id, {
    ticker: 'BTC-USDT',
    side: 'sell',
    type: 'stop_limit',
    stopPrice: '29000',
    price: '28900',
    qty: '1',
  })
  // A main-connection write while a batch is in flight: it waits for the batch, and is numbered after it.
  const buy = trading.place(bob.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '29000', qty: '0.1'})
  services.operations.topup(
    {balanceAccountId: bob.fundingAccountId},
    {asset: 'USDT', amount: '1', reason: 'between', operator: 'test'},
  )
  await buy
  await trading.place(alice.id, {ticker: 'BTC-USDT', side: 'sell', type: 'market', qty: '0.05'})
  await trading.cancel(alice.id, {orderId: stop.order.id})
  await trading.cancelAll(alice.id, 'BTC-USDT')
}

test('a session of accounts, keys, funding, transfers, orders, stops, trades and cancels, captured in memory and applied to a copy, gives the same store', async (t) => {
  const source = memoryStore()
  const replica = memoryStore()
  const entries: CapturedEntry[] = []
  captureWrites(source, (entry) => entries.push(entry))
  const services = createServices(source, generateSecrets(), createLogger('silent'))
  bootstrap(services)
  await session(services)
  t.true(entries.length > 10, `${entries.length} entries`)
  applyCaptured(replica, entries)
  t.deepEqual(contents(replica), contents(source))
  t.true(services.ledger.verify().ok)
})

test('on a store file, with the trading batches committed by the writer thread: both connections’ entries in commit order give the same store', async (t) => {
  const source = openDatabase(tempDir('capture-'), migrations)
  const replica = memoryStore()
  const entries: CapturedEntry[] = []
  const log = captureWrites(source, (entry) => entries.push(entry))
  const services = createServices(source, generateSecrets(), createLogger('silent'))
  services.writer.captureTo(log)
  try {
    bootstrap(services)
    await session(services)
    await services.trading.drain()
    await services.writer.idle()
    const fromWriter = entries.filter((entry) => entry.writes.some(([sql]) => /^\s*INSERT INTO orders/.test(sql)))
    t.true(fromWriter.length >= 4, `the orders came from the writer thread: ${fromWriter.length} of ${entries.length} entries`)
    applyCaptured(replica, entries)
    t.deepEqual(contents(replica), contents(source))
  } finally {
    // The writer thread is unref'd: something must keep the loop alive while it exits.
    const alive = setInterval(() => undefined, 1000)
    await services.writer.stop()
    clearInterval(alive)
    source.close()
  }
})

test('a transaction that throws, and a nested one that throws inside one that commits, leave only what committed', (t) => {
  const db = new Database(':memory:')
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)')
  const copy = new Database(':memory:')
  copy.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)')
  const entries: CapturedEntry[] = []
  captureWrites(db, (entry) => entries.push(entry))
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)')
  const read = db.prepare('SELECT count(*) AS n FROM t')
  insert.run('alone')
  t.throws(() =>
    db.transaction(() => {
      insert.run('rolled back')
      throw new Error('no')
    })(),
  )
  db.transaction(() => {
    insert.run('kept')
    try {
      db.transaction(() => {
        insert.run('savepoint rolled back')
        throw new Error('inner')
      })()
    } catch {
      // the outer transaction goes on
    }
    read.get()
    insert.run('kept too')
  })()
  t.deepEqual(
    entries.map((entry) => entry.writes.map(([, params]) => params[0])),
    [['alone'], ['kept', 'kept too']],
  )
  applyCaptured(copy, entries)
  t.deepEqual(copy.prepare('SELECT * FROM t').all(), db.prepare('SELECT * FROM t').all())
})
