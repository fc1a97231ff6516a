/**
 * Backups of a data dir: the store, copied consistently while the node runs (store/backup.ts), and
 * its secrets.json beside the copy. A backup is two files, both 0600:
 *
 *   FILE               an SQLite database, the store as of the moment the copy began
 *   FILE.secrets.json  the data dir's secrets.json (the keys that seal API secrets and the wallet seed)
 *
 * The copy records the key id of those secrets (secrets_binding), so a restore checks that the two
 * belong together. `exchange restore` (backups/restore.ts) turns them back into a data dir.
 */
import {randomBytes} from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import {recordedKeyId} from '../auth/secrets-binding.js'
import {readSecrets, SECRETS_FILE, secretsKeyId, writeSecrets} from '../auth/secrets.js'
import {alreadyExists, ExchangeError, invalid, precondition} from '../ground/errors.js'
import {copyStore, openCopy, syncFile} from '../store/backup.js'
import {DB_FILE} from '../store/database.js'
import {lockDataDir} from '../store/lock.js'
import {causeOf} from '../store/refusal.js'

export type BackupResult = {
  /** The store copy. */
  path: string
  /** The secrets beside it. */
  secretsPath: string
  /** Size of the store copy. */
  bytes: number
  /** Key id of the secrets, as recorded in the store. */
  keyId: string
}

/** Where the secrets of the backup `file` are. */
export const secretsPathOf = (file: string): string => `${file}.secrets.json`

/** Backs up the data dir of the running node (its store is `dataDir`/exchange.db). */
export class Backups {
  constructor(private readonly dataDir: string) {}

  /** Writes a backup to `file` (absolute, new; its directory must exist). */
  create(file: string): Promise<BackupResult> {
    if (!path.isAbsolute(file)) throw invalid(`backup path must be absolute, got "${file}"`)
    return writeBackup(this.dataDir, file)
  }
}

/**
 * Backs up a data dir no node is running on (throws DataDirLocked when one is): the same two
 * files as a backup of a running node.
 */
export async function backupStoppedDataDir(dataDir: string, file: string): Promise<BackupResult> {
  if (!fs.existsSync(path.join(dataDir, DB_FILE))) throw precondition(`no store in ${dataDir} (${DB_FILE} is missing)`)
  const lock = lockDataDir(dataDir)
  try {
    return await writeBackup(dataDir, file)
  } finally {
    lock.release()
  }
}

async function writeBackup(dataDir: string, file: string): Promise<BackupResult> {
  const target = path.resolve(file)
  const secretsTarget = secretsPathOf(target)
  for (const existing of [target, secretsTarget]) {
    if (fs.existsSync(existing)) throw alreadyExists(`${existing} exists; a backup never overwrites a file`)
  }
  if (!isDirectory(path.dirname(target))) throw precondition(`directory ${path.dirname(target)} does not exist`)
  const secretsFile = path.join(dataDir, SECRETS_FILE)
  if (!fs.existsSync(secretsFile)) throw precondition(`${secretsFile} is missing: a backup without it could not be restored`)
  const secrets = readSecrets(secretsFile)
  const keyId = secretsKeyId(secrets)
  // Written under a temporary name and linked into place once whole: FILE appears complete or not at all.
  const partial = `${target}.partial-${randomBytes(4).toString('hex')}`
  try {
    await copyStore(path.join(dataDir, DB_FILE), partial)
    const copy = openCopy(partial)
    const recorded = (() => {
      try {
        return recordedKeyId(copy)
      } finally {
        copy.close()
      }
    })()
    if (recorded !== undefined && recorded !== keyId) {
      throw precondition(`${secretsFile} (key id ${keyId}) is not the store's (key id ${recorded})`)
    }
    writeSecrets(secretsTarget, secrets)
    fs.linkSync(partial, target)
    await syncFile(path.dirname(target))
    return {path: target, secretsPath: secretsTarget, bytes: fs.statSync(target).size, keyId}
  } catch (error) {
    if (!fs.existsSync(target)) fs.rmSync(secretsTarget, {force: true})
    // A file the node cannot write (no space, no permission) is the operator's to fix, not a bug.
    if (!(error instanceof ExchangeError) && typeof (error as {code?: unknown}).code === 'string') {
      throw precondition(`cannot write ${target}: ${causeOf(error)}`)
    }
    throw error
  } finally {
    fs.rmSync(partial, {force: true})
  }
}

function isDirectory(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory()
  } catch {
    return false
  }
}
