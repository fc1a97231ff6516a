import test from 'ava'
import {migrations} from '../../../src/node/migrations.js'
import {migrate, openDatabase} from '../../../src/node/store/database.js'
import {tempDir} from '../../helpers/node.js'

test('migration 17 gives every stored order its filled_notional from the trades it took part in, as maker and as taker', (t) => {
  const before = migrations.filter((migration) => migration.version < 17)
  const db = openDatabase(tempDir(), before)
  try {
    db.pragma('foreign_keys = OFF')
    const order = db.prepare(
      `INSERT INTO orders (seq, id, account_id, client_order_id, ticker, side, type, time_in_force, post_only, price_ticks,
         qty_lots, filled_lots, held_asset, held, status, reason, created_at, updated_at)
       VALUES (?, ?, 'a', NULL, 'BTC-USDT', ?, ?, 'GTC', 0, ?, ?, ?, 'USDT', '0', ?, NULL, '', '')`,
    )
    order.run(1, 'o1', 'sell', 'limit', 2_000_000, 1000, 1000, 'filled')
    order.run(2, 'o2', 'sell', 'limit', 2_000_100, 1000, 500, 'partial')
    order.run(3, 'o3', 'buy', 'market', 0, 1500, 1500, 'filled')
    order.run(4, 'o4', 'buy', 'limit', 1_000_000, 1000, 0, 'open')
    const trade = db.prepare(
      `INSERT INTO trades (seq, id, ticker, price_ticks, qty_lots, quote_amount, taker_side, maker_order_seq, taker_order_seq,
         maker_account_id, taker_account_id, maker_fee, taker_fee, executed_at, executed_ms)
       VALUES (?, ?, 'BTC-USDT', ?, ?, '0', 'buy', ?, 3, 'a', 'a', '0', '0', '', 0)`,
    )
    trade.run(1, 't1', 2_000_000, 1000, 1)
    trade.run(2, 't2', 2_000_100, 500, 2)
    t.deepEqual(migrate(db, migrations), [17, ...migrations.filter((m) => m.version > 17).map((m) => m.version)])
    const notional = db.prepare('SELECT seq, filled_notional FROM orders ORDER BY seq').all()
    t.deepEqual(notional, [
      {seq: 1, filled_notional: '2000000000'},
      {seq: 2, filled_notional: '1000050000'},
      {seq: 3, filled_notional: '3000050000'},
      {seq: 4, filled_notional: '0'},
    ])
  } finally {
    db.close()
  }
})
