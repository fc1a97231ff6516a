/**
 * API keys of accounts: a public key (X-API-Key) and a secret shown once at creation, stored
 * sealed with the data dir's key (the HMAC check needs it back), with permissions trade/withdraw/read.
 *
 * Every signed request needs its key with the secret in clear: `findForSignature` keeps the most
 * recently used keys, already unsealed, in a bounded LRU (no SQLite read, no AES-GCM per request).
 * A key's permissions, allow-list, account and secret never change once created; `delete` drops it
 * from the cache and `touch` refreshes its `lastUsedAt` there. Unknown keys are never cached.
 */
import {randomBytes, randomUUID} from 'node:crypto'
import type {Db} from '../store/database.js'
import {readsCommitted} from '../store/database.js'
import {LRUCache} from 'lru-cache'
import {Changes} from '../ground/changes.js'
import {absent, invalid} from '../ground/errors.js'
import {nowIso} from '../ground/time.js'
import {requireUuid} from '../ground/validate.js'
import {ReplayGuard, replayedRequest} from './replay-guard.js'
import {seal, unseal} from '../auth/sealed.js'

export const API_KEY_PERMISSIONS = ['trade', 'withdraw', 'read'] as const
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number]

export type ApiKey = {
  id: string
  accountId: string
  label: string
  apiKey: string
  permissions: ApiKeyPermission[]
  ipAllowlist: string[]
  createdAt: string
  lastUsedAt: string | null
}

export type CreatedApiKey = {id: string; apiKey: string; apiSecret: string}

/** A key as stored, its secret still sealed with the data dir's key: what cluster edges receive. */
export type SealedApiKey = ApiKey & {secretSealed: string}

/** What every public key looks like (32 random bytes in lowercase hex): a surface may tell a malformed key from an unknown one. */
export const API_KEY_FORMAT = /^[0-9a-f]{64}$/

/** A key with its secret in clear, for the HMAC check. Shared by every request that uses it: frozen. */
export type SigningKey = Readonly<ApiKey & {secret: string}>

/** How many keys `findForSignature` keeps unsealed in memory. */
export const SIGNING_KEY_CACHE_SIZE = 10_000

type ApiKeyRow = {
  id: string
  account_id: string
  public_key: string
  secret_enc: string
  label: string
  permissions: string
  ip_allowlist: string
  created_at: string
  last_used_at: string | null
}

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  accountId: row.account_id,
  label: row.label,
  apiKey: row.public_key,
  permissions: row.permissions.split(',').filter(Boolean) as ApiKeyPermission[],
  ipAllowlist: row.ip_allowlist.split(',').filter(Boolean),
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
})

export class ApiKeys {
  /** Prepared once: every signed request looks its key up. */
  private readonly statements
  /** Public key → the key with its secret, least recently used dropped first. */
  private readonly signing = new LRUCache<string, SigningKey>({max: SIGNING_KEY_CACHE_SIZE})
  /** The signatures accepted inside their window, per key (a signed request is accepted once). */
  private readonly replays = new ReplayGuard()
  /** The public key of every key created or deleted (cluster mode's key bucket listens). */
  readonly changes = new Changes()

  constructor(
    private readonly db: Db,
    private readonly encryptionKey: Buffer,
  ) {
    this.statements = {
      byPublicKey: db.prepare<[string], ApiKeyRow>('SELECT * FROM api_keys WHERE public_key = ?'),
      touch: db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?'),
    }
  }

  /** Creates a key for an existing account (the caller checks it exists). */
  create(accountId: string, permissions: unknown, label: unknown, ipAllowlist: string[] = []): CreatedApiKey {
    const perms = normalizePermissions(permissions)
    const text = label === undefined || label === null ? '' : String(label).trim()
    if (text.length > 64) throw invalid('label is longer than 64 characters')
    const id = randomUUID()
    const apiKey = randomBytes(32).toString('hex')
    const apiSecret = randomBytes(32).toString('hex')
    this.db
      .prepare(
        `INSERT INTO api_keys (id, account_id, public_key, secret_enc, label, permissions, ip_allowlist, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(id, accountId, apiKey, seal(this.encryptionKey, apiSecret), text, perms.join(','), ipAllowlist.join(','), nowIso())
    this.changes.emit(apiKey)
    return {id, apiKey, apiSecret}
  }

  list(accountId: string): ApiKey[] {
    return this.db
      .prepare<[string], ApiKeyRow>('SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at, id')
      .all(accountId)
      .map(toApiKey)
  }

  get(keyId: unknown): ApiKey {
    const id = requireUuid(keyId, 'key_id')
    const row = this.db.prepare<[string], ApiKeyRow>('SELECT * FROM api_keys WHERE id = ?').get(id)
    if (!row) throw absent('API key', String(id))
    return toApiKey(row)
  }

  /** Deletes a key; it stops authenticating at once (it leaves the signing cache too). */
  delete(keyId: unknown): void {
    const key = this.get(keyId)
    this.db.prepare('DELETE FROM api_keys WHERE id = ?').run(key.id)
    this.signing.delete(key.apiKey)
    this.changes.emit(key.apiKey)
  }

  /** The key of a public key as stored, secret sealed; undefined when there is none. */
  sealed(apiKey: string): SealedApiKey | undefined {
    const row = this.statements.byPublicKey.get(apiKey)
    return row && {...toApiKey(row), secretSealed: row.secret_enc}
  }

  /** Every public key (cluster mode's full copy to the key bucket). */
  publicKeys(): string[] {
    return this.db
      .prepare<[], {public_key: string}>('SELECT public_key FROM api_keys ORDER BY public_key')
      .all()
      .map((row) => row.public_key)
  }

  /**
   * The key and its secret in clear, for the HMAC check; undefined when the public key is unknown.
   * The answer is shared with other requests (frozen). A key read inside a write transaction is not
   * cached, so a rolled-back change can never be remembered.
   */
  findForSignature(apiKey: string): SigningKey | undefined {
    const cached = this.signing.get(apiKey)
    if (cached) return cached
    const row = this.statements.byPublicKey.get(apiKey)
    if (!row) return undefined
    const key = frozen({...toApiKey(row), secret: unseal(this.encryptionKey, row.secret_enc)})
    if (readsCommitted(this.db)) this.signing.set(key.apiKey, key)
    return key
  }

  /**
   * Accepts a verified signature of `key` once: 400 `replayed_request` when the same key already
   * had it accepted inside its window. `timestamp` is the signed one (Unix ms).
   */
  acceptOnce(key: Pick<ApiKey, 'id'>, signature: string, timestamp: number, now = Date.now()): void {
    if (!this.replays.accept(key.id, signature, timestamp, now)) throw replayedRequest()
  }

  /** Records a successful use of a key (as `findForSignature` gave it). */
  touch(key: Pick<ApiKey, 'id' | 'apiKey'>): void {
    const now = nowIso()
    this.statements.touch.run(now, key.id)
    const cached = this.signing.get(key.apiKey)
    if (cached) this.signing.set(key.apiKey, frozen({...cached, lastUsedAt: now}))
  }
}

function frozen(key: ApiKey & {secret: string}): SigningKey {
  Object.freeze(key.permissions)
  Object.freeze(key.ipAllowlist)
  return Object.freeze(key)
}

function normalizePermissions(value: unknown): ApiKeyPermission[] {
  const list = Array.isArray(value) ? value : []
  const perms = new Set<ApiKeyPermission>()
  for (const item of list) {
    if (typeof item !== 'string' || !(API_KEY_PERMISSIONS as readonly string[]).includes(item)) {
      throw invalid(`permissions must be among ${API_KEY_PERMISSIONS.join(', ')}`)
    }
    perms.add(item as ApiKeyPermission)
  }
  if (perms.size === 0) throw invalid('permissions must name at least one of trade, withdraw, read')
  return API_KEY_PERMISSIONS.filter((p) => perms.has(p))
}
