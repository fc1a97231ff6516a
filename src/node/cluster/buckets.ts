/**
 * The KV buckets of the reference data (subjects.ts `BUCKETS`), and what each entry holds. The
 * sequencer creates them and writes them (reference-data.ts); edges open them and watch them into
 * memory (cluster/edge/replicas.ts).
 *
 * Only the sessions and listen-key buckets expire entries, by the bucket's age limit: nats-server 2.9
 * ignores a per-message TTL. The sessions bucket keeps an entry for twice a token's life after its
 * last write (issue or revocation), so an entry outlives every token of its session; the listen-key
 * bucket twice a listen key's 60 minutes (the sequencer deletes an entry when its key ends: the age
 * limit only clears what a sequencer that stopped for good left behind).
 */
import type {NatsConnection} from '@nats-io/transport-node'
import {Kvm, type KV} from '@nats-io/kv'
import type {Account} from '../accounts/accounts.js'
import type {SealedApiKey} from '../apikeys/apikeys.js'
import {LISTEN_KEY_TTL_MS, type ListenKey} from '../apikeys/listen-keys.js'
import {ACCESS_TOKEN_TTL_SECONDS, type Session} from '../auth/tokens.js'
import type {TierLimits} from '../tiers/limits.js'
import {BUCKETS, type BucketName} from './subjects.js'

/** `ex_api_keys`: public key → the key, its secret sealed with the data dir's encryption key. */
export type KeyEntry = Omit<SealedApiKey, 'lastUsedAt'>
/** `ex_accounts`: account id → the account as `Accounts.byId` gives it (effective status included). */
export type AccountEntry = Account
/** `ex_tiers`: tier id → its name and parsed limits. */
export type TierEntry = {id: string; name: string; limits: TierLimits}
/** `ex_sessions`: session id → the session (account sessions only). */
export type SessionEntry = Session
/** `ex_listen_keys`: listen key → the open listen key (apikeys/listen-keys.ts). */
export type ListenKeyEntry = ListenKey
/** `ex_meta`: what an edge checks before it serves. */
export type MetaEntry = {
  /** `secretsKeyId` of the sequencer's secrets.json: an edge's --secrets-file must have the same. */
  secretsKeyId: string
  /** The event log's id (the `Ex-Log` header of the events). */
  eventLogId: string
}

/** The one key of the meta bucket. */
export const META_KEY = 'cluster'

/** How long the sessions bucket keeps an entry after its last write. */
export const SESSION_ENTRY_TTL_MS = 2 * ACCESS_TOKEN_TTL_SECONDS * 1000

export type BucketOptions = {replicas?: number}

/** Creates (or opens, when it exists) the sequencer's bucket. */
export function createBucket(nc: NatsConnection, name: BucketName, options: BucketOptions): Promise<KV> {
  return new Kvm(nc).create(name, {
    history: 1,
    replicas: options.replicas ?? 1,
    ...(name === BUCKETS.sessions && {ttl: SESSION_ENTRY_TTL_MS}),
    ...(name === BUCKETS.listenKeys && {ttl: 2 * LISTEN_KEY_TTL_MS}),
  })
}

/** Opens an existing bucket (an edge); rejects while the sequencer has not created it yet. */
export function openBucket(nc: NatsConnection, name: BucketName): Promise<KV> {
  return new Kvm(nc).open(name)
}

/** The listen keys' methods edges call (`EDGE_COMMANDS.listenKeys`), answered once the bucket holds the change. */
export type ListenKeyCommands = {
  open(key: Pick<ListenKey, 'apiKey' | 'accountId'> & {id: string}): Promise<string>
  keepAlive(listenKey: string, apiKeyId: string): Promise<boolean>
  close(listenKey: string, apiKeyId: string): Promise<boolean>
}

/**
 * The committed entry of each bucket, by key, exactly as the bucket holds it: what the mirrors put, and
 * what an edge asks for (the `reference` commands) when its replica does not have a key yet.
 */
export type ReferenceLookups = {
  apiKey(apiKey: string): KeyEntry | undefined
  account(id: string): AccountEntry | undefined
  session(jti: string): SessionEntry | undefined
}
