/**
 * The reference data edges answer from without asking the sequencer, kept in KV buckets by the
 * sequencer (buckets.ts): API keys with their sealed secrets, accounts (status, tier, master), tiers
 * (order rates and fees), account sessions (for revocation), the open listen keys of the Binance user
 * data stream, and the cluster's identity. Each bucket follows its module's changes
 * (bucket-mirror.ts), and is copied whole at start and after every reconnect to NATS.
 *
 * Listen keys are opened, kept and closed by edges through commands (`listenKeyCommands`), answered
 * once the bucket holds the change — the client's next request may reach another edge, whose copy must
 * know the key; the sequencer ends expired ones (a sweep every 30 s), which deletes their entries.
 */
import {USER_ROLE} from '../../accounts/account-token.js'
import type {Logger} from '../../ground/logger.js'
import type {Services} from '../../services.js'
import {BucketMirror, type MirrorSource} from './bucket-mirror.js'
import {
  createBucket,
  type ListenKeyCommands,
  type ReferenceLookups,
  META_KEY,
  type AccountEntry,
  type KeyEntry,
  type ListenKeyEntry,
  type MetaEntry,
  type SessionEntry,
  type TierEntry,
} from '../buckets.js'
import {encode} from '../codec.js'
import type {ClusterConnection} from '../connection.js'
import {BUCKETS} from '../subjects.js'

export type ReferenceOptions = {
  logger: Logger
  replicas?: number
  /** The sequencer's secrets' key id and its event log's id, published for edges to check. */
  meta: MetaEntry
}

type Sources = Pick<Services, 'apiKeys' | 'accounts' | 'tiers' | 'tokens' | 'listenKeys'>

/** How often the sequencer ends expired listen keys (their entries leave the bucket). */
const LISTEN_KEY_SWEEP_MS = 30_000

export class ReferenceData {
  private mirrors: BucketMirror<unknown>[] = []
  private unsubscribe: (() => void)[] = []
  private listenKeysMirror: BucketMirror<ListenKeyEntry> | undefined

  constructor(
    private readonly connection: ClusterConnection,
    private readonly services: Sources,
    private readonly options: ReferenceOptions,
  ) {}

  /** Creates the buckets, copies everything, and follows the modules' changes from then on. */
  async start(): Promise<void> {
    const {services, options} = this
    const {apiKeys, accounts, tiers, tokens, listenKeys} = services
    const mirror = async <T>(name: (typeof BUCKETS)[keyof typeof BUCKETS], source: MirrorSource<T>) => {
      const made = new BucketMirror<T>(await createBucket(this.connection.nc, name, options), source, options.logger, name)
      this.mirrors.push(made as BucketMirror<unknown>)
      return made
    }
    const read = referenceLookups(services)
    const keys = await mirror<KeyEntry>(BUCKETS.apiKeys, {
      read: (apiKey) => read.apiKey(apiKey),
      keys: () => apiKeys.publicKeys(),
    })
    const accountsMirror = await mirror<AccountEntry>(BUCKETS.accounts, {
      read: (id) => read.account(id),
      keys: () => accounts.ids(),
    })
    const tiersMirror = await mirror<TierEntry>(BUCKETS.tiers, {
      read: (id) => {
        const tier = tiers.get(id)
        return tier && {id: tier.id, name: tier.name, limits: tiers.limitsOf(tier.id)}
      },
      keys: () => tiers.list().map((tier) => tier.id),
    })
    const sessions = await mirror<SessionEntry>(BUCKETS.sessions, {
      read: (jti) => read.session(jti),
      keys: () => tokens.liveSessions().flatMap((session) => (accountSession(session) ? [session.jti] : [])),
    })
    const listenKeysMirror = await mirror<ListenKeyEntry>(BUCKETS.listenKeys, {
      read: (listenKey) => listenKeys.resolve(listenKey),
      keys: () => listenKeys.openKeys(),
    })
    this.listenKeysMirror = listenKeysMirror
    // Changes from now on are noted before the copy, so none falls between the copy and the watch.
    const sweeper = setInterval(() => listenKeys.sweep(), LISTEN_KEY_SWEEP_MS).unref()
    this.unsubscribe.push(
      apiKeys.changes.on((key) => keys.changed(key)),
      accounts.changes.on((id) => accountsMirror.changed(id)),
      tiers.changes.on((id) => tiersMirror.changed(id)),
      tokens.changes.on((jti) => sessions.changed(jti)),
      listenKeys.onChange((listenKey) => listenKeysMirror.changed(listenKey)),
      () => clearInterval(sweeper),
    )
    await this.copyAll()
    const meta = await createBucket(this.connection.nc, BUCKETS.meta, options)
    await meta.put(META_KEY, encode(options.meta))
    this.unsubscribe.push(
      this.connection.onConnectionChange((connected) => {
        if (connected)
          void this.copyAll().catch((error: unknown) => options.logger.warn({err: error}, 'reference data copy failed'))
      }),
    )
  }

  /** Resolves once every change reported so far is in its bucket. */
  async flushed(): Promise<void> {
    await Promise.all(this.mirrors.map((mirror) => mirror.flushed()))
  }

  /**
   * The listen keys as edges call them: each answered once the bucket holds what it changed (or the
   * mirror stopped), so every edge's copy knows a listen key before its opener does.
   */
  listenKeyCommands(): ListenKeyCommands {
    const {listenKeys} = this.services
    const written = async <T>(answer: T): Promise<T> => {
      await this.listenKeysMirror?.flushed()
      return answer
    }
    return {
      open: (key) => written(listenKeys.open({id: key.id, apiKey: key.apiKey, accountId: key.accountId})),
      keepAlive: (listenKey, apiKeyId) => written(listenKeys.keepAlive(listenKey, apiKeyId)),
      close: (listenKey, apiKeyId) => written(listenKeys.close(listenKey, apiKeyId)),
    }
  }

  /** Stops following the modules; a later `start` begins afresh (the sequencer retries a failed start). */
  stop(): Promise<void> {
    for (const off of this.unsubscribe.splice(0)) off()
    for (const mirror of this.mirrors.splice(0)) mirror.stop()
    this.listenKeysMirror = undefined
    return Promise.resolve()
  }

  /** Copies every bucket whole (at start, after each reconnect); changes meanwhile are not overwritten. */
  async copyAll(): Promise<void> {
    const started = Date.now()
    const counts: number[] = []
    for (const mirror of this.mirrors) counts.push(await mirror.copyAll())
    this.options.logger.info({entries: counts, ms: Date.now() - started}, 'reference data copied to NATS')
  }
}

export function referenceLookups(services: Pick<Services, 'apiKeys' | 'accounts' | 'tokens'>): ReferenceLookups {
  return {
    apiKey: (apiKey) => withoutLastUse(services.apiKeys.sealed(apiKey)),
    account: (id) => services.accounts.byId(id),
    session: (jti) => accountSession(services.tokens.session(jti)),
  }
}

/** A key without the time of its last use, which changes without the key changing. */
function withoutLastUse(key: (KeyEntry & {lastUsedAt?: unknown}) | undefined): KeyEntry | undefined {
  if (!key) return undefined
  const entry = {...key}
  delete entry.lastUsedAt
  return entry
}

/** Edges need the sessions of accounts only, while they last; an admin's session never reaches them. */
function accountSession(session: SessionEntry | undefined): SessionEntry | undefined {
  return session && session.role === USER_ROLE && Date.parse(session.expiresAt) > Date.now() ? session : undefined
}
