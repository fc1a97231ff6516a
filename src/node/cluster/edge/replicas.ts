/**
 * What an edge answers from memory, with the interfaces the caller checks already take: the keys of
 * signed requests (`SigningKeys`: `findForSignature`, `acceptOnce`, `touch`), accounts
 * (`cachedById`) and tiers (`limitsOf`) — each over a replica of the sequencer's KV bucket
 * (kv-replica.ts). `SignedRequests` runs on an edge unchanged over them; the sessions' check is
 * sessions.ts.
 *
 * - Secrets arrive sealed, as stored; the edge unseals them with the encryption key of its
 *   `--secrets-file` (the sequencer's secrets.json), once per key while it is unchanged.
 * - `acceptOnce` here is the edge's own replay guard (a replay to the same edge never reaches the
 *   sequencer); a command also carries the signature to the sequencer's guard, shared by every edge.
 * - `touch` does nothing: a key's `last_used_at` is not kept for requests an edge serves (phase 1).
 */
import type {Account} from '../../accounts/accounts.js'
import type {SigningKey} from '../../apikeys/apikeys.js'
import {ReplayGuard, replayedRequest} from '../../apikeys/replay-guard.js'
import {unseal} from '../../auth/sealed.js'
import type {CallerAccounts, SigningKeys} from '../../apikeys/signed-request.js'
import {notFound} from '../../ground/errors.js'
import type {TierLimits} from '../../tiers/limits.js'
import type {AccountEntry, KeyEntry, TierEntry} from '../buckets.js'
import type {KvReplica} from './kv-replica.js'

/** Public key → the key with its secret in clear; made again when the replica's entry changes. */
type Unsealed = {entry: KeyEntry; key: SigningKey}

export class EdgeApiKeys implements SigningKeys {
  private readonly unsealed = new Map<string, Unsealed>()
  private readonly replays = new ReplayGuard()

  constructor(
    private readonly keys: KvReplica<KeyEntry>,
    private readonly encryptionKey: Buffer,
  ) {
    keys.onChange((apiKey) => this.unsealed.delete(apiKey))
  }

  findForSignature(apiKey: string): SigningKey | undefined {
    const entry = this.keys.get(apiKey)
    if (!entry) return undefined
    const known = this.unsealed.get(apiKey)
    if (known?.entry === entry) return known.key
    const {secretSealed, ...key} = entry
    const signing = Object.freeze({
      ...key,
      permissions: Object.freeze([...key.permissions]) as SigningKey['permissions'],
      ipAllowlist: Object.freeze([...key.ipAllowlist]) as SigningKey['ipAllowlist'],
      lastUsedAt: null,
      secret: unseal(this.encryptionKey, secretSealed),
    }) as SigningKey
    this.unsealed.set(apiKey, {entry, key: signing})
    return signing
  }

  acceptOnce(key: {id: string}, signature: string, timestamp: number, now = Date.now()): void {
    if (!this.replays.accept(key.id, signature, timestamp, now)) throw replayedRequest()
  }

  /** Not kept on an edge (see above). */
  touch(): void {}
}

export class EdgeAccounts implements CallerAccounts {
  constructor(private readonly accounts: KvReplica<AccountEntry>) {}

  cachedById(id: string): Readonly<Account> | undefined {
    return this.accounts.get(id)
  }
}

export class EdgeTiers {
  constructor(private readonly tiers: KvReplica<TierEntry>) {}

  /** The tier's limits (the OrdersRateLimit of its accounts); not_found for an unknown tier, as `Tiers.limitsOf`. */
  limitsOf(tierId: string): Readonly<TierLimits> {
    const tier = this.tiers.get(tierId)
    if (!tier) throw notFound(`tier ${tierId} not found`)
    return tier.limits
  }
}
