/**
 * One node per data dir. A second node on the same store would run a second engine over the same
 * orders and balances (its books and the first's disagree at once). At start the node takes an
 * exclusive lock on `node.lock` in the data dir — an SQLite file held in EXCLUSIVE locking mode, so
 * the lock is the operating system's (fcntl) and lasts as long as the connection: a crash or SIGKILL
 * releases it, nothing stale is left to clean up. The holder writes its pid beside it (`node.pid`),
 * only to name it in the refusal.
 */
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import {causeOf, StartupRefused} from './refusal.js'

export const LOCK_FILE = 'node.lock'
export const PID_FILE = 'node.pid'

/** Another node holds the data dir. */
export class DataDirLocked extends StartupRefused {
  constructor(
    readonly dataDir: string,
    readonly pid: number | undefined,
  ) {
    super(
      `data dir ${dataDir} is in use by another node${pid === undefined ? '' : ` (pid ${pid})`}: ` +
        'stop it first, or give this one its own --data-dir',
    )
  }
}

export type DataDirLock = {release(): void}

/**
 * Takes the data dir's lock (creating the dir, 0700, if needed); throws DataDirLocked when another
 * node holds it, and StartupRefused naming the dir when it cannot be written (read-only, not ours).
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const unwritable = (error: unknown) => new StartupRefused(`--data-dir ${dataDir}: cannot write the data dir: ${causeOf(error)}`)
  let lock: Database.Database
  try {
    fs.mkdirSync(dataDir, {recursive: true, mode: 0o700})
    lock = new Database(path.join(dataDir, LOCK_FILE), {timeout: 0})
  } catch (error) {
    throw unwritable(error)
  }
  try {
    lock.pragma('locking_mode = EXCLUSIVE')
    // The first write transaction takes the EXCLUSIVE lock; in this mode it is kept after the commit.
    lock.exec('BEGIN EXCLUSIVE; COMMIT')
    fs.writeFileSync(path.join(dataDir, PID_FILE), `${process.pid}\n`, {mode: 0o600})
  } catch (error) {
    lock.close()
    if ((error as {code?: string}).code === 'SQLITE_BUSY') throw new DataDirLocked(dataDir, holderPid(dataDir))
    throw unwritable(error)
  }
  return {
    release: () => {
      if (!lock.open) return
      fs.rmSync(path.join(dataDir, PID_FILE), {force: true})
      lock.close()
    },
  }
}

function holderPid(dataDir: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(dataDir, PID_FILE), 'utf8'), 10)
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}
