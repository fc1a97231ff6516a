/**
 * `exchange restore`: a data dir from a backup (backups/backup.ts). The backup is checked first —
 * `PRAGMA integrity_check`, and its secrets are the ones its store records — then written into the
 * data dir under the dir's lock (no node may run on it), store and secrets each under a temporary
 * name renamed into place. A dir that holds a store or secrets is refused unless `force`; then they
 * (and the store's WAL) are replaced.
 */
import fs from 'node:fs'
import path from 'node:path'
import {recordedKeyId} from '../auth/secrets-binding.js'
import {readSecrets, SECRETS_FILE, secretsKeyId, writeSecrets} from '../auth/secrets.js'
import {alreadyExists, notFound, precondition} from '../ground/errors.js'
import {integrityProblems, openCopy, syncFile} from '../store/backup.js'
import {DB_FILE} from '../store/database.js'
import {lockDataDir} from '../store/lock.js'
import {causeOf} from '../store/refusal.js'
import {secretsPathOf} from './backup.js'

export type RestoreResult = {dataDir: string; keyId: string; bytes: number}

/** What a data dir holds of a node's state: the store, its WAL and the secrets. */
const STATE_FILES = [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`, SECRETS_FILE]

export async function restoreDataDir(file: string, dataDir: string, options: {force?: boolean} = {}): Promise<RestoreResult> {
  const source = path.resolve(file)
  const keyId = checkBackup(source)
  const dir = path.resolve(dataDir)
  const lock = lockDataDir(dir)
  try {
    const present = STATE_FILES.filter((name) => fs.existsSync(path.join(dir, name)))
    if (present.length > 0 && !options.force) {
      throw alreadyExists(`${dir} already holds ${present.join(', ')}; --force replaces them`)
    }
    for (const name of present) fs.rmSync(path.join(dir, name))
    const restoring = path.join(dir, `${DB_FILE}.restoring`)
    fs.rmSync(restoring, {force: true})
    fs.copyFileSync(source, restoring, fs.constants.COPYFILE_EXCL)
    fs.chmodSync(restoring, 0o600)
    await syncFile(restoring)
    const secretsRestoring = path.join(dir, `${SECRETS_FILE}.restoring`)
    fs.rmSync(secretsRestoring, {force: true})
    writeSecrets(secretsRestoring, readSecrets(secretsPathOf(source)))
    // The secrets first: a restore cut short leaves secrets without a store, which a node refuses.
    fs.renameSync(secretsRestoring, path.join(dir, SECRETS_FILE))
    fs.renameSync(restoring, path.join(dir, DB_FILE))
    await syncFile(dir)
    return {dataDir: dir, keyId, bytes: fs.statSync(path.join(dir, DB_FILE)).size}
  } finally {
    lock.release()
  }
}

/** Checks that `source` and its secrets are a sound backup that belong together; their key id. */
function checkBackup(source: string): string {
  const secretsFile = secretsPathOf(source)
  for (const needed of [source, secretsFile]) {
    if (!fs.existsSync(needed)) throw notFound(`${needed} does not exist`)
  }
  let secrets
  try {
    secrets = readSecrets(secretsFile)
  } catch (error) {
    throw precondition(`${secretsFile}: ${causeOf(error)}`)
  }
  const keyId = secretsKeyId(secrets)
  let db
  try {
    db = openCopy(source)
  } catch (error) {
    throw precondition(`${source}: ${causeOf(error)}`)
  }
  try {
    let problems: string[]
    let recorded: string | undefined
    try {
      problems = integrityProblems(db)
      recorded = recordedKeyId(db)
    } catch (error) {
      throw precondition(`${source}: ${causeOf(error)}`)
    }
    if (problems.length > 0) throw precondition(`${source} fails its integrity check: ${problems[0]}`)
    if ((db.pragma('user_version', {simple: true}) as number) === 0) throw precondition(`${source} is not an exchange store`)
    if (recorded !== undefined && recorded !== keyId) {
      throw precondition(`${secretsFile} (key id ${keyId}) is not the secrets of ${source} (key id ${recorded})`)
    }
  } finally {
    db.close()
  }
  return keyId
}
