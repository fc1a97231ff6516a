/**
 * Where the store's time goes, by SQL statement: wraps better-sqlite3's Statement run/get/all/iterate
 * (including the SAVEPOINT/RELEASE/COMMIT statements of its transaction helper) to count calls and
 * time them. A diagnostic for `bench:durable -- --sql-profile`: timing every statement costs about a
 * microsecond each, so throughput figures from a profiled run are not reported.
 */
import Database from 'better-sqlite3'

type Entry = {calls: number; ns: number}

export class SqlProfile {
  private readonly entries = new Map<string, Entry>()
  private restore: (() => void) | undefined

  /** Starts timing every statement of every better-sqlite3 database in the process. */
  start(): void {
    const probe = new Database(':memory:')
    const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, (...args: unknown[]) => unknown>
    probe.close()
    const originals: [string, (...args: unknown[]) => unknown][] = []
    const entries = this.entries
    for (const method of ['run', 'get', 'all']) {
      const original = proto[method]!
      originals.push([method, original])
      proto[method] = function (this: {source: string}, ...args: unknown[]) {
        const t0 = process.hrtime.bigint()
        try {
          return original.apply(this, args)
        } finally {
          const elapsed = Number(process.hrtime.bigint() - t0)
          const key = this.source.replace(/\s+/g, ' ').trim()
          const entry = entries.get(key)
          if (entry) {
            entry.calls++
            entry.ns += elapsed
          } else {
            entries.set(key, {calls: 1, ns: elapsed})
          }
        }
      }
    }
    this.restore = () => {
      for (const [method, original] of originals) proto[method] = original
    }
  }

  stop(): void {
    this.restore?.()
    this.restore = undefined
  }

  reset(): void {
    this.entries.clear()
  }

  /** The statements by total time: [sql (shortened), calls per command, µs per call, share of all statement time]. */
  top(commands: number, limit = 15): {rows: string[][]; totalNs: number} {
    const all = [...this.entries].sort((a, b) => b[1].ns - a[1].ns)
    const totalNs = all.reduce((sum, [, e]) => sum + e.ns, 0)
    const rows = all
      .slice(0, limit)
      .map(([sql, e]) => [
        sql.length > 70 ? `${sql.slice(0, 67)}...` : sql,
        (e.calls / commands).toFixed(2),
        (e.ns / e.calls / 1e3).toFixed(1),
        (e.ns / commands / 1e3).toFixed(1),
        `${((100 * e.ns) / totalNs).toFixed(1)}%`,
      ])
    return {rows, totalNs}
  }
}
