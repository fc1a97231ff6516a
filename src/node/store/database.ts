/**
 * The SQLite store: one file, WAL mode, foreign keys on, synchronous=FULL so that a committed
 * transaction is on disk before anything is acknowledged. The migrations it is given (the ordered
 * list lives at the composition root, src/node/migrations.ts) are applied at open.
 */
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'

export type Db = Database.Database

/**
 * One numbered schema step; `sql` is run once, in its own transaction, when `version` is newer than
 * the store's. `rebuildsTables`: the step rebuilds a table (create the new one, copy, drop the old,
 * rename), which SQLite requires to run with foreign keys off; they are checked before it commits.
 */
export type Migration = {version: number; name: string; sql: string; rebuildsTables?: true}

export const DB_FILE = 'exchange.db'

/** Opens (creating when needed) the store in `dataDir` and brings its schema up to `migrations`. */
export function openDatabase(dataDir: string, migrations: readonly Migration[], options: {readonly?: boolean} = {}): Db {
  fs.mkdirSync(dataDir, {recursive: true, mode: 0o700})
  const file = path.join(dataDir, DB_FILE)
  // A new store is created readable by its owner only; SQLite gives its -wal and -shm files the same mode.
  if (!options.readonly && !fs.existsSync(file)) fs.writeFileSync(file, '', {mode: 0o600, flag: 'wx'})
  const db = new Database(file, {readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false})
  if (!options.readonly) {
    db.pragma('journal_mode = WAL')
  }
  db.pragma('synchronous = FULL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  if (!options.readonly) migrate(db, migrations)
  return db
}

/** Applies every migration newer than the stored `user_version`, each in its own transaction. */
export function migrate(db: Db, migrations: readonly Migration[]): number[] {
  const current = db.pragma('user_version', {simple: true}) as number
  const applied: number[] = []
  for (const migration of migrations) {
    if (migration.version <= current) continue
    if (migration.rebuildsTables) rebuild(db, migration)
    else step(db, migration, false)
    applied.push(migration.version)
  }
  return applied
}

/** One migration in its own transaction; `checkKeys`: refused unless `foreign_key_check` is clean before it commits. */
function step(db: Db, migration: Migration, checkKeys: boolean): void {
  db.transaction(() => {
    db.exec(migration.sql)
    if (checkKeys) {
      const broken = db.pragma('foreign_key_check') as {table: string; parent: string}[]
      if (broken.length > 0) {
        const first = broken[0]!
        throw new Error(`migration ${migration.name} broke ${broken.length} foreign keys (${first.table} → ${first.parent})`)
      }
    }
    db.pragma(`user_version = ${migration.version}`)
  })()
}

/**
 * A step that rebuilds tables, as SQLite's documentation says (lang_altertable.html, "Making Other
 * Kinds Of Table Schema Changes"): foreign keys off around the transaction (the pragma does nothing
 * inside one), and — when they were on — `foreign_key_check` clean before it commits, so the new
 * table keeps every reference the old one had.
 */
function rebuild(db: Db, migration: Migration): void {
  const enforced = db.pragma('foreign_keys', {simple: true}) === 1
  db.pragma('foreign_keys = OFF')
  try {
    step(db, migration, enforced)
  } finally {
    if (enforced) db.pragma('foreign_keys = ON')
  }
}

/** Runs `fn` in one SQLite transaction (IMMEDIATE): all of its writes commit together or none do. */
export function inTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).immediate()
}

/**
 * Makes every transaction begun on `db` call `gate` first (not the nested ones, which run inside an
 * open transaction): the Writer blocks there until the batches it has in flight are committed.
 */
export function gateWrites(db: Db, gate: () => void): void {
  const begin = db.transaction.bind(db)
  db.transaction = ((fn: (...args: never[]) => unknown) => {
    const transaction = begin(fn)
    const gated = <F extends (...args: never[]) => unknown>(run: F): F =>
      function (this: unknown, ...args: Parameters<F>) {
        if (!db.inTransaction) gate()
        return run.apply(this, args)
      } as F
    return Object.assign(gated(transaction), {
      default: gated(transaction.default),
      deferred: gated(transaction.deferred),
      immediate: gated(transaction.immediate),
      exclusive: gated(transaction.exclusive),
    })
  }) as Db['transaction']
}

const readStatements = new WeakMap<Db, {begin: Database.Statement; commit: Database.Statement}>()
/** Connections inside `inReadTransaction`: what they read is committed. */
const reading = new WeakSet<Db>()

/**
 * Whether what `db` reads now is committed, and so may be cached: outside any transaction, or inside
 * a read transaction (`inReadTransaction`, the trading batch's snapshot). Inside a write transaction
 * a row read may be one of its own changes, which a rollback would undo: never to be remembered.
 */
export function readsCommitted(db: Db): boolean {
  return !db.inTransaction || reading.has(db)
}

/**
 * Runs `fn`'s reads in one read transaction: one snapshot of the store, and one check of the page
 * cache. (A connection drops its page cache when it begins a read after another connection — the
 * writer thread — has committed; read by read, every look-up would pay for that.) `fn` must not
 * write. Inside an open transaction, `fn` simply runs in it.
 */
export function inReadTransaction<T>(db: Db, fn: () => T): T {
  if (db.inTransaction) return fn()
  let statements = readStatements.get(db)
  if (!statements) {
    statements = {begin: db.prepare('BEGIN DEFERRED'), commit: db.prepare('COMMIT')}
    readStatements.set(db, statements)
  }
  statements.begin.run()
  reading.add(db)
  try {
    return fn()
  } finally {
    reading.delete(db)
    statements.commit.run()
  }
}
