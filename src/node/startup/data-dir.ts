/**
 * Opening a data dir (already locked: store/lock.ts): its store and its secrets, which belong
 * together. A new dir gets fresh secrets and a new store bound to them; any other dir must hold a
 * store and the secrets.json recorded in it. Everything else is refused before the store is written,
 * naming the file and pointing to `exchange restore`:
 *
 * - secrets.json missing beside an existing store (regenerated, every API key would answer 500);
 * - secrets.json that is not the store's (another node's, an older backup's);
 * - an empty or missing exchange.db in a dir that is not new (it would start as a freshly seeded exchange);
 * - a store SQLite cannot open or read.
 *
 * A store from before the binding (no record) adopts the secrets beside it, once.
 */
import fs from 'node:fs'
import path from 'node:path'
import {recordedKeyId, recordKeyId} from '../auth/secrets-binding.js'
import {generateSecrets, readSecrets, SECRETS_FILE, secretsKeyId, writeSecrets, type Secrets} from '../auth/secrets.js'
import {migrations} from '../migrations.js'
import {DB_FILE, migrate, openDatabase, type Db} from '../store/database.js'
import {causeOf, StartupRefused} from '../store/refusal.js'

const RESTORE_HINT = 'restore the data dir from a backup (exchange restore)'

/** Opens the store of `dataDir` with its secrets, bootstrapping a new dir; throws StartupRefused when they do not belong together. */
export function openDataDir(dataDir: string): {db: Db; secrets: Secrets} {
  const dbFile = path.join(dataDir, DB_FILE)
  const secretsFile = path.join(dataDir, SECRETS_FILE)
  const storeBytes = sizeOf(dbFile)
  const hasSecrets = sizeOf(secretsFile) !== undefined
  const walFile = `${dbFile}-wal`
  const hasWal = (sizeOf(walFile) ?? 0) > 0
  // New: nothing but, perhaps, the empty file a first start made before it was interrupted.
  const fresh = !hasSecrets && !hasWal && !storeBytes
  if (!fresh) {
    if (storeBytes === undefined) {
      throw new StartupRefused(`${dbFile} is missing but ${hasSecrets ? secretsFile : walFile} is there: ${RESTORE_HINT}`)
    }
    if (storeBytes === 0) {
      throw new StartupRefused(
        `${dbFile} is empty but the data dir is not new (${hasSecrets ? secretsFile : walFile} is there): ${RESTORE_HINT}`,
      )
    }
    if (!hasSecrets) {
      throw new StartupRefused(
        `${secretsFile} is missing beside the store ${dbFile}; the store's API keys and wallet seed are sealed with it: ${RESTORE_HINT}`,
      )
    }
  }

  let secrets: Secrets
  try {
    secrets = fresh ? generateSecrets() : readSecrets(secretsFile)
    if (fresh) writeSecrets(secretsFile, secrets)
  } catch (error) {
    throw new StartupRefused(`${secretsFile}: ${causeOf(error)}`)
  }

  let db: Db | undefined
  try {
    db = openDatabase(dataDir, [])
    const keyId = secretsKeyId(secrets)
    const recorded = recordedKeyId(db)
    if (recorded !== undefined && recorded !== keyId) {
      throw new StartupRefused(
        `${secretsFile} (key id ${keyId}) is not the secrets of the store ${dbFile} (key id ${recorded}): ` +
          `put back this store's secrets.json, or ${RESTORE_HINT}`,
      )
    }
    migrate(db, migrations)
    if (recorded === undefined) recordKeyId(db, keyId)
    return {db, secrets}
  } catch (error) {
    db?.close()
    if (error instanceof StartupRefused) throw error
    throw new StartupRefused(`${dbFile}: ${causeOf(error)}`)
  }
}

function sizeOf(file: string): number | undefined {
  try {
    return fs.statSync(file).size
  } catch (error) {
    if ((error as {code?: string}).code === 'ENOENT') return undefined
    throw new StartupRefused(`${file}: ${causeOf(error)}`)
  }
}
