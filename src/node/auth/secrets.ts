/** Keys generated into the data dir on first start: the JWT signing key and the at-rest encryption key. */
import {randomBytes} from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export type Secrets = {
  /** HMAC key of the HS256 JWTs. */
  jwtKey: Buffer
  /** AES-256-GCM key that seals API secrets in the store. */
  encryptionKey: Buffer
}

export const SECRETS_FILE = 'secrets.json'

export function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, SECRETS_FILE)
  if (!fs.existsSync(file)) {
    const fresh = {jwt_key: randomBytes(32).toString('base64'), encryption_key: randomBytes(32).toString('base64')}
    fs.writeFileSync(file, JSON.stringify(fresh, null, 2), {mode: 0o600, flag: 'wx'})
  }
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as {jwt_key: string; encryption_key: string}
  return {jwtKey: Buffer.from(stored.jwt_key, 'base64'), encryptionKey: Buffer.from(stored.encryption_key, 'base64')}
}
