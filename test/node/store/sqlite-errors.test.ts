/**
 * The SQLite recognizers go by the error's code, as better-sqlite3 reports it, never by its text: real
 * errors from a real statement, and an error that only reads like one.
 */
import test from 'ava'
import Database from 'better-sqlite3'
import {isForeignKeyViolation, isGenericSqliteError, isUniqueViolation} from '../../../src/node/store/sqlite-errors.js'

/** What `run` throws. */
function thrown(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected a failure')
}

const db = new Database(':memory:')
db.exec(`
  CREATE TABLE parents (id INTEGER PRIMARY KEY, name TEXT UNIQUE);
  CREATE TABLE children (parent INTEGER REFERENCES parents(id));
  INSERT INTO parents VALUES (1, 'a');
  PRAGMA foreign_keys = ON;
`)

test('an integer overflow in sum() is the generic SQLITE_ERROR, and nothing else is', (t) => {
  const overflow = thrown(() => db.prepare('SELECT sum(v) FROM (SELECT 9223372036854775807 AS v UNION ALL SELECT 1)').get())
  t.is((overflow as {code?: unknown}).code, 'SQLITE_ERROR')
  t.true(isGenericSqliteError(overflow))
  const unique = thrown(() => db.prepare("INSERT INTO parents VALUES (2, 'a')").run())
  t.false(isGenericSqliteError(unique))
  t.true(isUniqueViolation(unique))
  const foreignKey = thrown(() => db.prepare('INSERT INTO children VALUES (9)').run())
  t.false(isGenericSqliteError(foreignKey))
  t.true(isForeignKeyViolation(foreignKey))
})

test('the text of an error does not count, only its code', (t) => {
  t.false(isGenericSqliteError(new Error('integer overflow')))
  t.false(isUniqueViolation(new Error('UNIQUE constraint failed: parents.name')))
  t.false(isGenericSqliteError(undefined))
  t.false(isGenericSqliteError(null))
})
