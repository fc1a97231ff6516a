/**
 * What the store commits, transaction by transaction, as statements and parameters, in the order it
 * commits them: the entries of the failover feed (docs/cluster.md "Failover", step 1 of its plan).
 * The main connection's transactions are captured here (`captureWrites`); the writer thread's
 * batches by the Writer (`Writer.captureTo`), numbered by the thread as it commits. Both go to one
 * `CaptureLog`, which hands them on in commit order. Off unless `captureWrites` is called: a node
 * that does not replicate pays nothing.
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
 * The entries of both connections, handed to `sink` in the order they committed. Each commit has a
 * number (1, 2, …): the writer thread numbers its transactions as it commits them (several batches
 * may share one), the main connection takes the next number right after it commits — with the
 * writer idle (`gate`), so no batch can commit between the two.
 */
export class CaptureLog {
  /** Waits until the writer thread has no batch in flight (set by `Writer.captureTo`). */
  gate: () => void = () => undefined
  /** The number of a commit of the main connection (the Writer shares its thread's count). */
  nextCommit: () => number
  private readonly commits = new Map<number, {expected: number; parts: {order: number; entry: CapturedEntry}[]}>()
  private next = 1

  /** Numbers given by the log's own count, before a Writer took over the counting. */
  issued = 0

  constructor(private readonly sink: (entry: CapturedEntry) => void) {
    this.nextCommit = () => ++this.issued
  }

  /** An entry of commit `commit`: part `order` of the `of` batches committed together. */
  add(commit: number, entry: CapturedEntry, order = 0, of = 1): void {
    let waiting = this.commits.get(commit)
    if (!waiting) {
      waiting = {expected: of, parts: []}
      this.commits.set(commit, waiting)
    }
    waiting.parts.push({order, entry})
    for (
      let ready = this.commits.get(this.next);
      ready && ready.parts.length === ready.expected;
      ready = this.commits.get(this.next)
    ) {
      this.commits.delete(this.next++)
      for (const {entry: part} of ready.parts.sort((a, b) => a.order - b.order)) if (part.writes.length) this.sink(part)
    }
  }
}

/**
 * Starts capturing `db`'s writes into `log` (or a sink, when the store has no writer thread).
 * Statements prepared before the call are not captured: call it right after the store is opened.
 */
export function captureWrites(db: Db, to: CaptureLog | ((entry: CapturedEntry) => void)): CaptureLog {
  const log = to instanceof CaptureLog ? to : new CaptureLog(to)
  let pending: CapturedWrite[] = []
  const record = (sql: string, params: unknown[]) => {
    if (db.inTransaction) pending.push([sql, params])
    else log.add(log.nextCommit(), {writes: [[sql, params]]})
  }

  const prepare = db.prepare.bind(db)
  db.prepare = ((sql: string) => {
    const statement = prepare(sql)
    if (!statement.readonly) watchStatement(statement, db, log, record)
    return statement
  }) as Db['prepare']

  const exec = db.exec.bind(db)
  db.exec = ((sql: string) => {
    if (!db.inTransaction) log.gate()
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
          if (writes.length) log.add(log.nextCommit(), {writes})
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
  return log
}

/**
 * Makes every way of running `statement` record its parameters once it has run; run alone (its own
 * transaction), it first waits for the writer thread, as a transaction does.
 */
function watchStatement(
  statement: Database.Statement,
  db: Db,
  log: CaptureLog,
  record: (sql: string, params: unknown[]) => void,
): void {
  const source = statement.source
  for (const method of ['run', 'get', 'all'] as const) {
    const original = statement[method].bind(statement) as (...params: unknown[]) => unknown
    ;(statement as unknown as Record<string, unknown>)[method] = (...params: unknown[]) => {
      if (!db.inTransaction) log.gate()
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
