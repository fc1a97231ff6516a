/**
 * An edge's cluster side, over one NATS connection: the replicas of the reference data (with the
 * caller checks over them), the command client to the sequencer, and the event feed. Phase 2 puts
 * the public listener on top of it; phase 1's tests use it as an edge would.
 *
 * An edge started before the sequencer waits: the buckets do not exist until the sequencer made them,
 * and the edge retries until they do. It refuses to serve with a `--secrets-file` that is not the
 * sequencer's (the key ids differ): it could not unseal a key or verify a token.
 */
import {secretsKeyId, type Secrets} from '../../auth/secrets.js'
import {SignedRequests} from '../../apikeys/signed-request.js'
import type {Logger} from '../../ground/logger.js'
import {ExchangeError} from '../../ground/errors.js'
import {StartupRefused} from '../../store/refusal.js'
import {
  META_KEY,
  openBucket,
  type AccountEntry,
  type KeyEntry,
  type ListenKeyEntry,
  type MetaEntry,
  type SessionEntry,
  type TierEntry,
} from '../buckets.js'
import {decode} from '../codec.js'
import {CommandClient, type CommandClientOptions} from './command-client.js'
import type {ClusterConnection} from '../connection.js'
import {EdgeAccounts, EdgeApiKeys, EdgeTiers} from './replicas.js'
import {remoteServices} from './remote.js'
import {EdgeSessions} from './sessions.js'
import {KvReplica} from './kv-replica.js'
import {retryStartup} from '../retry.js'
import {BUCKETS, type BucketName} from '../subjects.js'

export type EdgeSide = {
  apiKeys: EdgeApiKeys
  accounts: EdgeAccounts
  tiers: EdgeTiers
  /** The one session check, over the sessions' replica (the sequencer asked on a miss). */
  sessions: EdgeSessions
  /** The one check of signed requests, over the replicas. */
  signedRequests: SignedRequests
  commands: CommandClient
  meta: MetaEntry
  replicas: {
    keys: KvReplica<KeyEntry>
    accounts: KvReplica<AccountEntry>
    tiers: KvReplica<TierEntry>
    sessions: KvReplica<SessionEntry>
    listenKeys: KvReplica<ListenKeyEntry>
  }
  stop(): Promise<void>
}

export type EdgeOptions = {logger: Logger; secrets: Secrets; commands?: CommandClientOptions; retryMs?: number}

export async function startEdgeSide(connection: ClusterConnection, options: EdgeOptions): Promise<EdgeSide> {
  const {logger, secrets} = options
  const meta = await waitForMeta(connection, options)
  if (meta.secretsKeyId !== secretsKeyId(secrets)) {
    throw new StartupRefused(
      `--secrets-file: its key id ${secretsKeyId(secrets)} is not the sequencer's (${meta.secretsKeyId}): give the edge the sequencer's secrets.json`,
    )
  }
  const replica = async <T>(name: BucketName) =>
    new KvReplica<T>(
      await retryStartup(() => openBucket(connection.nc, name), {
        logger,
        what: `opening the bucket ${name}`,
        stopped: () => connection.nc.isClosed(),
      }),
      name,
      logger,
    )
  const replicas = {
    keys: await replica<KeyEntry>(BUCKETS.apiKeys),
    accounts: await replica<AccountEntry>(BUCKETS.accounts),
    tiers: await replica<TierEntry>(BUCKETS.tiers),
    sessions: await replica<SessionEntry>(BUCKETS.sessions),
    listenKeys: await replica<ListenKeyEntry>(BUCKETS.listenKeys),
  }
  await Promise.all(Object.values(replicas).map((each) => each.start()))
  const apiKeys = new EdgeApiKeys(replicas.keys, secrets.encryptionKey)
  const accounts = new EdgeAccounts(replicas.accounts)
  const commands = new CommandClient(connection, options.commands)
  logger.info(
    {keys: replicas.keys.size, accounts: replicas.accounts.size, tiers: replicas.tiers.size, sessions: replicas.sessions.size},
    'edge replicas loaded',
  )
  return {
    apiKeys,
    accounts,
    tiers: new EdgeTiers(replicas.tiers),
    sessions: new EdgeSessions(replicas, remoteServices(commands).reference, secrets.jwtKey),
    signedRequests: new SignedRequests(apiKeys, accounts),
    commands,
    meta,
    replicas,
    stop: async () => {
      await Promise.all(Object.values(replicas).map((each) => each.stop()))
    },
  }
}

/** The cluster's identity, once the sequencer has published it; refused once the connection is closed (the edge stopping). */
async function waitForMeta(connection: ClusterConnection, options: EdgeOptions): Promise<MetaEntry> {
  let told = false
  for (;;) {
    if (connection.nc.isClosed())
      throw new ExchangeError('unavailable', 'the NATS connection closed while waiting for the sequencer')
    try {
      const entry = await (await openBucket(connection.nc, BUCKETS.meta)).get(META_KEY)
      if (entry && entry.operation === 'PUT') return decode<MetaEntry>(entry.value)
    } catch {
      // the bucket does not exist yet
    }
    if (!told) options.logger.info('waiting for the sequencer to publish the cluster (bucket ex_meta)')
    told = true
    await new Promise((resolve) => setTimeout(resolve, options.retryMs ?? 500))
  }
}
