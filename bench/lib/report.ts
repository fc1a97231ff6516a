/** Printing helpers shared by the benchmarks: numbers, a plain table, the machine line, GC between phases. */
import fs from 'node:fs'
import os from 'node:os'

export const int = (n: number): string => Math.round(n).toLocaleString('en-US')

/** Nanoseconds as µs, or ms from 1 ms on. */
export function ns(value: number): string {
  if (value >= 100_000_000) return `${(value / 1e6).toFixed(0)} ms`
  if (value >= 1_000_000) return `${(value / 1e6).toFixed(2)} ms`
  if (value >= 1_000) return `${(value / 1e3).toFixed(2)} µs`
  return `${(value / 1e3).toFixed(3)} µs`
}

export const pct = (part: number, whole: number): string => `${((100 * part) / whole).toFixed(1)}%`

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

/** One line describing where the figures come from; a high load average means a noisy run. */
export function machine(): string {
  const cpus = os.cpus()
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
  return `node ${process.version}, ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown cpu'}), load average ${load}, ${new Date().toISOString()}`
}

export const met = (ok: boolean): string => (ok ? 'MET' : 'NOT MET')

/**
 * Collects garbage between phases when node runs with --expose-gc, so a phase does not pay for the
 * previous one, then waits a little: V8 sweeps on helper threads after a full GC, and on 2 cores
 * those threads would otherwise take the core from the next timed pass.
 */
export async function collectGarbage(): Promise<void> {
  const gc = (globalThis as {gc?: () => void}).gc
  if (gc) gc()
  await new Promise((resolve) => setTimeout(resolve, 50))
}

/** Reads `--name value` or `--name=value` from argv. */
export function flag(name: string, fallback: string): string {
  const args = process.argv.slice(2)
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === `--${name}`) return args[i + 1] ?? fallback
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3)
  }
  return fallback
}

/**
 * CPU time of the main thread in ms (Linux: /proc/self/task/<pid>/stat, 10 ms ticks), or undefined
 * elsewhere. Unlike process.cpuUsage() it leaves out V8's helper threads (concurrent GC sweeping),
 * so main-thread CPU / wall time shows whether another process took the core during a timed pass.
 */
export function mainThreadCpuMs(): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // Fields 14 and 15 of stat (utime, stime) are the 12th and 13th after the ")" of the command name.
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return undefined
  }
}
