/**
 * Keys generated into the data dir on first start: the JWT signing key and the at-rest encryption
 * key. They are bound to the store they were made with: the store records their key id
 * (`secrets_binding`), and a node refuses a store whose recorded key id is not that of the
 * secrets.json beside it (src/node/startup/data-dir.ts) — with other keys every sealed API secret and the
 * wallet seed would be unreadable.
 */
import {createHash, randomBytes} from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export type Secrets = {
  /** HMAC key of the HS256 JWTs. */
  jwtKey: Buffer
  /** AES-256-GCM key that seals API secrets in the store. */
  encryptionKey: Buffer
}

export const SECRETS_FILE = 'secrets.json'

/** The secrets of `dataDir`, generated (0600) when the dir has none. */
export function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, SECRETS_FILE)
  if (!fs.existsSync(file)) writeSecrets(file, generateSecrets())
  return readSecrets(file)
}

export function generateSecrets(): Secrets {
  return {jwtKey: randomBytes(32), encryptionKey: randomBytes(32)}
}

/** Reads a secrets file (`secrets.json` of a data dir, or the one beside a backup). */
export function readSecrets(file: string): Secrets {
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as {jwt_key?: unknown; encryption_key?: unknown}
  if (typeof stored.jwt_key !== 'string' || typeof stored.encryption_key !== 'string') {
    throw new Error(`${file} has no jwt_key and encryption_key`)
  }
  return {jwtKey: Buffer.from(stored.jwt_key, 'base64'), encryptionKey: Buffer.from(stored.encryption_key, 'base64')}
}

/** Writes `secrets` to a new file, 0600, synced to disk; fails if the file exists. */
export function writeSecrets(file: string, secrets: Secrets): void {
  const text = JSON.stringify(
    {jwt_key: secrets.jwtKey.toString('base64'), encryption_key: secrets.encryptionKey.toString('base64')},
    null,
    2,
  )
  const fd = fs.openSync(file, 'wx', 0o600)
  try {
    fs.writeFileSync(fd, text)
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}

/** The key id of `secrets`: the first 16 hex digits of SHA-256 over both keys. Names them without revealing them. */
export function secretsKeyId(secrets: Secrets): string {
  return createHash('sha256').update(secrets.jwtKey).update(secrets.encryptionKey).digest('hex').slice(0, 16)
}
