/**
 * CPU of benchmark processes from /proc (Linux), for bench/cluster: a process's user + system time
 * (all its threads), split by thread when the node child records its worker threads' kernel ids
 * (`BENCH_WORKER_TIDS`, worker-tids.ts), the "µs per order" both are printed as, and a signed order
 * load (`measureLoad`) with the CPU of each process over it.
 */
import fs from 'node:fs'
import path from 'node:path'
import {threadCpu, type ThreadCpu} from './attribution.js'
import {fire, type CannonResult} from './cannon.js'
import type {OrderFlow} from './order-flow.js'
import {readWorkerTids} from './worker-tids.js'

const TICKS = 100 // USER_HZ on Linux

/** CPU seconds (user + system, all threads) a process has used. */
export function cpuOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / TICKS
}

/** Runs `work` and returns its result with the CPU seconds each process of `pids` (by name) used meanwhile. */
export async function cpuDuring<K extends string, T>(
  pids: Record<K, number>,
  work: () => Promise<T>,
): Promise<{result: T; cpu: Record<K, number>}> {
  const entries = Object.entries(pids) as [K, number][]
  const before = entries.map(([, pid]) => cpuOf(pid))
  const result = await work()
  const cpu = Object.fromEntries(entries.map(([name, pid], i) => [name, cpuOf(pid) - before[i]!])) as Record<K, number>
  return {result, cpu}
}

/** CPU seconds per item, as µs. */
export const us = (seconds: number, count: number): string => (count > 0 ? `${((seconds / count) * 1e6).toFixed(1)} µs` : '-')

/**
 * Per-thread CPU of node children (`--threads`): each child named `name` records its worker threads
 * in `<dir>/<name>.jsonl` (`env(name)`), and `rows` splits its CPU between two readings by thread.
 */
export class ThreadSplit {
  constructor(private readonly dir: string) {}

  /** The env that makes a node child record its worker threads' kernel ids. */
  env(name: string): Record<string, string> {
    return {BENCH_WORKER_TIDS: path.join(this.dir, `${name}.jsonl`)}
  }

  /** A reading of `pid`'s threads, for `rows`. */
  read(pid: number): Map<number, ThreadCpu> {
    return threadCpu(pid)
  }

  /** Rows of CPU per order by thread (user, system) of `pid` since `before`: label, thread, total, user, system. */
  rows(name: string, pid: number, before: Map<number, ThreadCpu>, orders: number, label = name): string[][] {
    const after = threadCpu(pid)
    const workers = readWorkerTids(path.join(this.dir, `${name}.jsonl`))
    const split = new Map<string, {threads: number; user: number; system: number}>()
    for (const [tid, now] of after) {
      const worker = workers.get(tid)
      const key = tid === pid ? 'main thread' : worker ? `worker thread: ${worker}` : now.name
      const was = before.get(tid)
      const entry = split.get(key) ?? {threads: 0, user: 0, system: 0}
      entry.threads++
      entry.user += now.userSeconds - (was?.userSeconds ?? 0)
      entry.system += now.systemSeconds - (was?.systemSeconds ?? 0)
      split.set(key, entry)
    }
    return [...split.entries()]
      .filter(([, cpu]) => cpu.user + cpu.system > 0)
      .sort((a, b) => b[1].user + b[1].system - (a[1].user + a[1].system))
      .map(([key, cpu]) => [
        label,
        key.startsWith('worker') || key === 'main thread' ? key : `other "${key}" threads (${cpu.threads})`,
        us(cpu.user + cpu.system, orders),
        us(cpu.user, orders),
        us(cpu.system, orders),
      ])
  }
}

/** A load's results and the CPU each named process used over it (`threads`: the per-thread rows of one). */
export type Measured = {load: CannonResult[]; cpu: Record<string, number>; threads?: string[][]}

/** The orders a measured load had answered with success. */
export const okOf = (measured: Measured): number => measured.load.reduce((sum, r) => sum + r.ok, 0)

export type LoadSpec = {
  /** Fired side by side, the connections split between them. */
  urls: string[]
  flow: OrderFlow
  /** The processes whose CPU is measured, by name. */
  pids: Record<string, number>
  connections: number
  durationSec: number
  /** Orders per second, paced (0 or absent: as fast as the connections go). */
  rate?: number
  /** Split this one process's CPU by thread (its name in `pids`, and the name it records its threads under). */
  perThread?: {split: ThreadSplit; name: string}
}

/** Fires the flow's signed orders at `urls` and measures every process's CPU over it. */
export async function measureLoad(spec: LoadSpec): Promise<Measured> {
  const {urls, flow, pids, perThread} = spec
  const threadsBefore = perThread ? perThread.split.read(pids[perThread.name]!) : undefined
  const {result: load, cpu} = await cpuDuring(pids, () =>
    Promise.all(
      urls.map((url) =>
        fire({
          url,
          connections: Math.ceil(spec.connections / urls.length),
          durationSec: spec.durationSec,
          ...(spec.rate && {rate: spec.rate / urls.length}),
          next: () => flow.next(),
        }),
      ),
    ),
  )
  if (!perThread || !threadsBefore) return {load, cpu}
  const orders = load.reduce((sum, r) => sum + r.ok, 0)
  return {load, cpu, threads: perThread.split.rows(perThread.name, pids[perThread.name]!, threadsBefore, orders)}
}
