import test from 'ava'
import Database from 'better-sqlite3'
import {inReadTransaction, inTransaction, readsCommitted} from '../../../src/node/store/database.js'

test('reads are committed (cacheable) outside transactions and inside a read transaction, never inside a write transaction', (t) => {
  const db = new Database(':memory:')
  db.exec('CREATE TABLE t (x)')
  t.true(readsCommitted(db))
  t.false(
    inTransaction(db, () => readsCommitted(db)),
    'a write transaction may roll back what it reads',
  )
  t.true(
    inReadTransaction(db, () => readsCommitted(db)),
    'a read transaction sees only committed rows',
  )
  t.false(
    inTransaction(db, () => inReadTransaction(db, () => readsCommitted(db))),
    'a read inside a write transaction is still the write transaction',
  )
  t.true(readsCommitted(db))
  db.close()
})
