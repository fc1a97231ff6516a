/**
 * What the main connection writes, transaction by transaction, as statements and parameters: the
 * main connection's half of the failover feed's entries (docs/cluster.md "Failover", step 1 of its
 * plan; the writer thread's batches are the other half, not captured here yet). Off unless
 * `captureWrites` is called: a node that does not replicate pays nothing.
 *
 * A statement counts as a write when SQLite says it is not read-only (`Statement.readonly`: BEGIN and
 * COMMIT are read-only to it, `INSERT … RETURNING` is not), whichever of run/get/all runs it. A
 * statement run outside any transaction commits alone and is an entry by itself; inside a
 * transaction its writes are kept until the outermost transaction commits, and those of a nested
 * one (a savepoint) that threw are dropped with it. `exec` (a migration's script) is a write as its
 * text. Applied in order to a copy of the store taken before them (`applyCaptured`), the entries
 * give the same rows.
 */
import type Database from 'better-sqlite3'
import type {Db} from './database.js'

/** One write: the statement's SQL and its parameters as bound. */
export type CapturedWrite = [sql: string, params: unknown[]]

/** What one committed transaction of the main connection wrote, in order. */
export type CapturedEntry = {writes: CapturedWrite[]}

/**
 * Starts capturing `db`'s writes: `sink` gets each transaction's entry once it has committed.
 * Statements prepared before the call are not captured: call it right after the store is opened.
 */
export function captureWrites(db: Db, sink: (entry: CapturedEntry) => void): void {
  let pending: CapturedWrite[] = []
  const record = (sql: string, params: unknown[]) => {
    if (db.inTransaction) pending.push([sql, params])
    else sink({writes: [[sql, params]]})
  }

  const prepare = db.prepare.bind(db)
  db.prepare = ((sql: string) => {
    const statement = prepare(sql)
    if (!statement.readonly) watchStatement(statement, record)
    return statement
  }) as Db['prepare']

  const exec = db.exec.bind(db)
  db.exec = ((sql: string) => {
    exec(sql)
    record(sql, [])
    return db
  }) as Db['exec']

  const begin = db.transaction.bind(db)
  db.transaction = ((fn: (...args: never[]) => unknown) => {
    const transaction = begin(fn)
    const captured = <F extends (...args: never[]) => unknown>(run: F): F =>
      function (this: unknown, ...args: Parameters<F>) {
        const outermost = !db.inTransaction
        const mark = pending.length
        let result: unknown
        try {
          result = run.apply(this, args)
        } catch (error) {
          // Rolled back: the whole transaction, or the savepoint of a nested one.
          pending.length = outermost ? 0 : mark
          throw error
        }
        if (outermost && !db.inTransaction) {
          const writes = pending
          pending = []
          if (writes.length) sink({writes})
        }
        return result
      } as F
    return Object.assign(captured(transaction), {
      default: captured(transaction.default),
      deferred: captured(transaction.deferred),
      immediate: captured(transaction.immediate),
      exclusive: captured(transaction.exclusive),
    })
  }) as Db['transaction']
}

/** Makes every way of running `statement` record its parameters once it has run. */
function watchStatement(statement: Database.Statement, record: (sql: string, params: unknown[]) => void): void {
  const source = statement.source
  for (const method of ['run', 'get', 'all'] as const) {
    const original = statement[method].bind(statement) as (...params: unknown[]) => unknown
    ;(statement as unknown as Record<string, unknown>)[method] = (...params: unknown[]) => {
      const result = original(...params)
      record(source, params)
      return result
    }
  }
}

/** Applies captured entries, in order, each in one transaction of its own. */
export function applyCaptured(db: Db, entries: Iterable<CapturedEntry>): void {
  const statements = new Map<string, Database.Statement>()
  const apply = db.transaction((entry: CapturedEntry) => {
    for (const [sql, params] of entry.writes) {
      if (params.length === 0 && !statements.has(sql) && /;\s*\S/.test(sql)) {
        db.exec(sql)
        continue
      }
      let statement = statements.get(sql)
      if (!statement) {
        statement = db.prepare(sql)
        statements.set(sql, statement)
      }
      statement.run(...(params as never[]))
    }
  })
  for (const entry of entries) apply(entry)
}
