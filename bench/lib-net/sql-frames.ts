/**
 * Gives SQLite its own frames in a CPU profile. better-sqlite3's statement methods are native, so
 * V8's profiler charges the time spent inside SQLite to whichever JavaScript function called
 * `run`/`get`/`all`. Wrapped here in named one-line functions (`sqliteRun`, ...), that time becomes
 * the self time of a frame from this file, which bench/attribute.ts counts as SQLite — whoever the
 * caller (the trading path, an API-key look-up, a worker). The `BEGIN`/`COMMIT` of
 * `db.transaction()` are statement runs too. Costs one extra JS call per statement.
 *
 * Applies to the better-sqlite3 of the thread that calls it: worker threads load their own copy.
 */
import Database from 'better-sqlite3'

type Method = (...args: unknown[]) => unknown

export const SQL_FRAMES_FILE = 'bench/lib-net/sql-frames.ts'

export function nameSqliteFrames(): void {
  const probe = new Database(':memory:')
  const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, Method>
  probe.close()
  const run = proto['run']!
  const get = proto['get']!
  const all = proto['all']!
  const iterate = proto['iterate']!
  proto['run'] = function sqliteRun(this: unknown, ...args: unknown[]) {
    return run.apply(this, args)
  }
  proto['get'] = function sqliteGet(this: unknown, ...args: unknown[]) {
    return get.apply(this, args)
  }
  proto['all'] = function sqliteAll(this: unknown, ...args: unknown[]) {
    return all.apply(this, args)
  }
  proto['iterate'] = function sqliteIterate(this: unknown, ...args: unknown[]) {
    return iterate.apply(this, args)
  }
}
