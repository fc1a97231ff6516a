/**
 * A consistent copy of a store while it is written. `VACUUM INTO` reads the whole store in one read
 * transaction — one snapshot: every transaction committed before it began is in the copy, none that
 * commits during it — and writes a compact database in rollback-journal mode, with nothing to undo.
 * (SQLite's backup API would restart each time the writer thread commits, and under steady trading
 * might never finish.) It runs in a worker thread on its own connection, so the node's event loop
 * and its writer go on meanwhile; WAL readers do not block writers.
 */
import {once} from 'node:events'
import fs from 'node:fs'
import Database from 'better-sqlite3'
import {startWorker} from '../ground/workers.js'
import type {Db} from './database.js'

/** Copies the store `source` to `target`, a new file created 0600; fails when `target` exists. */
export async function copyStore(source: string, target: string): Promise<void> {
  // VACUUM INTO writes into an existing empty file and keeps its mode.
  fs.writeFileSync(target, '', {mode: 0o600, flag: 'wx'})
  const worker = startWorker(new URL('./backup-worker.js', import.meta.url), {source, target})
  const [outcome] = (await Promise.race([once(worker, 'message'), once(worker, 'error')])) as unknown[]
  if (outcome !== 'done') throw outcome
  await syncFile(target)
}

/** Flushes a written file (or a directory's entries) to disk. */
export async function syncFile(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Opens a store copy read-only, to check it before it is restored. */
export function openCopy(file: string): Db {
  return new Database(file, {readonly: true, fileMustExist: true})
}

/** `PRAGMA integrity_check` of `db`: the problems found, none when the store is sound. */
export function integrityProblems(db: Db): string[] {
  const rows = db.pragma('integrity_check') as {integrity_check: string}[]
  return rows.map((row) => row.integrity_check).filter((line) => line !== 'ok')
}
