/**
 * WAL checkpoints off the event loop. SQLite copies the WAL back into the database file in the
 * commit that takes the WAL past `wal_autocheckpoint` pages, on the thread that commits: with the
 * trading service's group commits that is half the time of its COMMITs (~25–30 against ~13 ms per
 * 1,000 commands; bench:durable `--pragma wal_autocheckpoint=0` measures it). A worker thread with
 * its own connection runs a PASSIVE checkpoint every `intervalMs` instead (it never blocks the
 * writer, which goes on appending to the WAL), and the node's connection keeps a high
 * `wal_autocheckpoint` only as a safety net in case the worker falls behind or stops.
 *
 * Once a second by default: a checkpoint copies each page changed since the one before once, however
 * often it changed, and syncs the database file once, so under load the same pages (the tables' and
 * indexes' right edges, the balances) would be copied ten times a second at 100 ms. At 1 s the thread
 * costs ~1.9 µs per order on a sequencer at saturation, against ~7.8 at 100 ms (docs/performance.md
 * "What a durable order writes"); the WAL is bounded by the safety net either way (~40 MB under
 * sustained load).
 */
import type {Worker} from 'node:worker_threads'
import type {Db} from './database.js'
import type {Logger} from '../ground/logger.js'
import {startWorker} from '../ground/workers.js'

export type Checkpointer = {
  /** Checkpoints that copied frames into the database file, and how many they copied. */
  readonly stats: {runs: number; frames: number}
  stop(): Promise<void>
}

/** The node's own threshold while the worker runs (pages, ~40 MB), and without it (SQLite's default). */
const SAFETY_NET_PAGES = 10_000
const DEFAULT_PAGES = 1_000
/** How often the worker checkpoints by default (ms). */
const CHECKPOINT_EVERY_MS = 1_000

export function startCheckpointer(db: Db, logger: Logger, options: {intervalMs?: number} = {}): Checkpointer {
  const stats = {runs: 0, frames: 0}
  const worker: Worker = startWorker(new URL('./checkpoint-worker.js', import.meta.url), {
    file: db.name,
    intervalMs: options.intervalMs ?? CHECKPOINT_EVERY_MS,
  })
  db.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`)
  let stopped = false
  worker.on('message', (copied: number) => {
    stats.runs++
    stats.frames += copied
  })
  const fallBack = (error?: unknown) => {
    if (stopped) return
    stopped = true
    logger.error({err: error}, 'WAL checkpointer stopped; the node checkpoints on its own thread again')
    if (db.open) db.pragma(`wal_autocheckpoint = ${DEFAULT_PAGES}`)
  }
  worker.on('error', fallBack)
  worker.on('exit', () => fallBack())
  return {
    stats,
    stop: async () => {
      if (stopped) return
      stopped = true
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
      worker.postMessage('stop')
      await exited
      if (db.open) db.pragma(`wal_autocheckpoint = ${DEFAULT_PAGES}`)
    },
  }
}
