import test from 'ava'
import type {Db} from '../../../src/node/store/database.js'
import {migrations} from '../../../src/node/migrations.js'
import {migrate, openDatabase} from '../../../src/node/store/database.js'
import {tempDir} from '../../helpers/node.js'

const CHECKS = 27

/** A store as the migrations before 27 left it, with an account, a ticker, two orders and a trade between them. */
function storeBefore(): Db {
  const db = openDatabase(
    tempDir(),
    migrations.filter((migration) => migration.version < CHECKS),
  )
  db.exec(`
    INSERT INTO assets (code, name, decimals, created_at) VALUES ('BTC', 'Bitcoin', 8, ''), ('USDT', 'Tether', 6, '');
    INSERT INTO tickers (symbol, base_asset, quote_asset, tick_size, lot_size, min_notional, created_at)
      VALUES ('BTC-USDT', 'BTC', 'USDT', '0.01', '0.0001', '1', '');
    INSERT INTO tiers (id, name, limits, is_default, created_at) VALUES ('t', 'default', '{}', 1, '');
    INSERT INTO accounts (id, email, password_hash, tier_id, status, created_at, updated_at)
      VALUES ('a', 'a@example.com', 'x', 't', 'active', '', '');
  `)
  return db
}

function seedOrders(db: Db, accountId = 'a'): void {
  const symbol = 'BTC-USDT'
  const order = db.prepare(
    `INSERT INTO orders (seq, id, account_id, client_order_id, ticker, side, type, time_in_force, post_only, price_ticks,
       qty_lots, filled_lots, held_asset, held, status, reason, created_at, updated_at, filled_notional)
     VALUES (?, ?, ?, ?, ?, ?, 'limit', ?, 0, 100, 10, ?, 'USDT', '0', ?, NULL, 'c', 'u', ?)`,
  )
  order.run(1, 'o1', accountId, 'mine-1', symbol, 'sell', 'GTC', 10, 'filled', '1000')
  order.run(2, 'o2', accountId, null, symbol, 'buy', 'IOC', 10, 'filled', '1000')
  order.run(3, 'o3', accountId, null, symbol, 'buy', 'FOK', 0, 'open', '0')
  db.prepare(
    `INSERT INTO trades (seq, id, ticker, price_ticks, qty_lots, quote_amount, taker_side, maker_order_seq, taker_order_seq,
       maker_account_id, taker_account_id, maker_fee, taker_fee, executed_at, executed_ms)
     VALUES (1, 't1', ?, 100, 10, '1000', 'buy', 1, 2, ?, ?, '0', '0', '', 0)`,
  ).run(symbol, accountId, accountId)
}

const tableSql = (db: Db, name: string) =>
  db.prepare<[string], {sql: string}>('SELECT sql FROM sqlite_schema WHERE name = ?').get(name)?.sql ?? ''

test('migration 27 rebuilds orders with its checks as comparisons: rows, keys, indexes and references as they were', (t) => {
  const db = storeBefore()
  try {
    seedOrders(db)
    const rows = db.prepare('SELECT * FROM orders ORDER BY seq').all()
    t.regex(tableSql(db, 'orders'), /status IN \(/)

    // Up to 27 itself: a later migration adds columns (28, the stops'), which this one keeps no say over.
    t.deepEqual(
      migrate(
        db,
        migrations.filter((m) => m.version <= CHECKS),
      ),
      [CHECKS],
    )

    t.deepEqual(db.prepare('SELECT * FROM orders ORDER BY seq').all(), rows, 'every row and column kept')
    t.notRegex(tableSql(db, 'orders'), / IN \(/, 'no IN list left in the table')
    t.false(db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'orders_rebuilt'").get() !== undefined)
    const indexes = db
      .prepare<[], {name: string}>("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'orders' ORDER BY name")
      .all()
      .map((row) => row.name)
    // The id's UNIQUE as before; the client ids' uniqueness as a partial index of the orders that have one.
    t.deepEqual(indexes, ['orders_account', 'orders_client_id', 'orders_resting', 'sqlite_autoindex_orders_1'])
    t.regex(
      tableSql(db, 'orders_client_id'),
      /UNIQUE INDEX orders_client_id ON orders \(account_id, client_order_id\) WHERE client_order_id IS NOT NULL/,
    )
    t.is(
      db
        .prepare<[], {n: number}>(
          'SELECT count(*) AS n FROM orders INDEXED BY orders_client_id WHERE client_order_id IS NOT NULL',
        )
        .get()!.n,
      1,
      'only the order with a client id is in it',
    )
    t.is(db.pragma('foreign_keys', {simple: true}), 1, 'foreign keys on again')
    t.deepEqual(db.pragma('foreign_key_check'), [])
    // The trades still reference the orders: an order a trade names cannot go.
    t.throws(() => db.prepare('DELETE FROM orders WHERE seq = 1').run(), {any: true, message: /FOREIGN KEY/})
    // ...and the orders their account and ticker.
    t.throws(() => db.prepare("UPDATE orders SET account_id = 'nobody' WHERE seq = 3").run(), {any: true, message: /FOREIGN KEY/})
    // The checks refuse what they refused, and accept what they accepted.
    t.throws(() => db.prepare("UPDATE orders SET time_in_force = 'GTD' WHERE seq = 3").run(), {any: true, message: /CHECK/})
    t.throws(() => db.prepare("UPDATE orders SET status = 'expired' WHERE seq = 3").run(), {any: true, message: /CHECK/})
    t.throws(() => db.prepare("UPDATE orders SET side = 'hold' WHERE seq = 3").run(), {any: true, message: /CHECK/})
    t.throws(() => db.prepare("UPDATE orders SET type = 'stop' WHERE seq = 3").run(), {any: true, message: /CHECK/})
    t.throws(() => db.prepare('UPDATE orders SET status = NULL WHERE seq = 3').run(), {any: true, message: /NOT NULL/})
    for (const status of ['open', 'partial', 'filled', 'cancelled']) {
      t.notThrows(() => db.prepare('UPDATE orders SET status = ? WHERE seq = 3').run(status))
    }
    // The (account, client order id) pair is still unique, orders without one are not.
    t.throws(() => db.prepare("UPDATE orders SET client_order_id = 'mine-1' WHERE seq = 3").run(), {any: true, message: /UNIQUE/})
    t.notThrows(() => db.prepare("UPDATE orders SET client_order_id = 'mine-2' WHERE seq = 3").run())
    t.throws(() => db.prepare("UPDATE orders SET client_order_id = 'mine-2' WHERE seq = 2").run(), {any: true, message: /UNIQUE/})
    db.prepare('UPDATE orders SET client_order_id = NULL WHERE seq = 3').run()
    // A client id is looked up in the partial index alone (orders.ts), as before in the constraint's.
    const lookUp = db
      .prepare('EXPLAIN QUERY PLAN SELECT seq FROM orders WHERE account_id = ? AND client_order_id = ?')
      .all('a', 'mine-1') as {detail: string}[]
    t.true(
      lookUp.some((step) => step.detail.includes('COVERING INDEX orders_client_id')),
      JSON.stringify(lookUp),
    )
    t.is(db.prepare('SELECT seq FROM orders WHERE account_id = ? AND client_order_id = ?').pluck().get('a', 'mine-1'), 1)
    // The partial index of resting orders answers as before.
    db.prepare("UPDATE orders SET status = 'partial' WHERE seq = 3").run()
    const plan = db
      .prepare("EXPLAIN QUERY PLAN SELECT seq FROM orders WHERE ticker = ? AND status IN ('open', 'partial') ORDER BY seq")
      .all('BTC-USDT') as {detail: string}[]
    t.true(
      plan.some((step) => step.detail.includes('orders_resting')),
      JSON.stringify(plan),
    )
  } finally {
    db.close()
  }
})

test('migration 27 is all or nothing: a store whose references were already broken is left as it was, at version 26', (t) => {
  const db = storeBefore()
  try {
    db.pragma('foreign_keys = OFF')
    seedOrders(db, 'ghost')
    db.pragma('foreign_keys = ON')
    const before = tableSql(db, 'orders')
    t.throws(() => migrate(db, migrations), {message: /orders_checks broke \d+ foreign keys \(orders → accounts\)/})
    t.is(db.pragma('user_version', {simple: true}), CHECKS - 1)
    t.is(tableSql(db, 'orders'), before)
    t.is(db.prepare<[], {n: number}>('SELECT count(*) AS n FROM orders').get()!.n, 3)
    t.is(db.pragma('foreign_keys', {simple: true}), 1)
  } finally {
    db.close()
  }
})
