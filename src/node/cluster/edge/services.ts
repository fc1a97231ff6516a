/**
 * The services an edge's public listener calls (docs/cluster.md "Phase 2: the service calls of the transports"):
 * an object shaped like the single node's `TransportServices`, whose parts answer
 *
 * - **from the replicas** (cluster/edge/replicas.ts): the caller checks — `signedRequests`,
 *   `tokens.verify`, `accounts.cachedById`, `tiers.limitsOf` — and, from the market copy
 *   (cluster/edge/market.ts), `tickers`, `assets` and `trading.spec`;
 * - **locally**: `health` (NATS connected), `systemErrors` (the edge's log), and event emitters that
 *   stay silent until the WebSocket fan-out of the event feed fills them;
 * - `listenKeys`: the sequencer's, opened, kept and closed by commands and read from their bucket's
 *   replica (cluster/edge/listen-keys.ts);
 * - **by the sequencer** for everything else: each method of `EDGE_COMMANDS` is a NATS request
 *   (command-client.ts) and returns a promise, which the transports `await`. Reads an account makes
 *   are forwarded too, so a read right after the account's own acknowledged write sees it.
 *
 * A signed request's check records its signature in the request's scope (`RequestScope`); the first
 * command of that request carries it (`replay`), so the sequencer accepts the signature once,
 * cluster-wide. On a replica miss — a key, account or session made a moment ago, not watched yet —
 * the edge asks the sequencer (`reference` commands) and holds the answer until the watch brings it.
 */
import {AsyncLocalStorage} from 'node:async_hooks'
import {randomUUID} from 'node:crypto'
import {EventEmitter} from 'node:events'
import type {SignedCaller, SignedRequest, Refusal} from '../../apikeys/signed-request.js'
import {Unavailable} from '../../ground/errors.js'
import type {Logger} from '../../ground/logger.js'
import type {PublicServices} from '../../public-services.js'
import type {ReplayProof} from '../commands.js'
import type {ClusterConnection} from '../connection.js'
import type {EdgeSide} from './edge.js'
import {EdgeListenKeys} from './listen-keys.js'
import {EdgeMarket} from './market.js'
import {remoteServices} from './remote.js'

/** What one HTTP request carries from its signed check to its first command. */
type Scope = {replay?: ReplayProof}

/** The scope of each request on an edge's public listener (`run` wraps the request's handling). */
export class RequestScope {
  private readonly storage = new AsyncLocalStorage<Scope>()

  run<T>(fn: () => T): T {
    return this.storage.run({}, fn)
  }

  /** Records the signed request just admitted. */
  signed(replay: ReplayProof): void {
    const scope = this.storage.getStore()
    if (scope) scope.replay = replay
  }

  /** The admitted signature, handed to one command only (a second command of the request would be its replay). */
  take(): ReplayProof | undefined {
    const scope = this.storage.getStore()
    const replay = scope?.replay
    if (scope) scope.replay = undefined
    return replay
  }
}

export type EdgeServices = {
  /** The services the public listener calls (see above). */
  services: PublicServices
  scope: RequestScope
  market: EdgeMarket
  stop(): void
}

/** Unknown public keys are remembered this long before the sequencer is asked again. */
const UNKNOWN_KEY_MS = 1000

export async function edgeServices(connection: ClusterConnection, edge: EdgeSide, logger: Logger): Promise<EdgeServices> {
  const scope = new RequestScope()
  const remote = remoteServices(edge.commands, scope)
  const market = new EdgeMarket(remote, logger)
  await market.start()
  const {replicas} = edge

  // --- the signed check, with the sequencer asked on a replica miss
  const unknownKeys = new Map<string, number>()
  /** Fills the replicas' gaps for `apiKey` from the sequencer; true when anything new was held. */
  /** Whether a miss of `apiKey` is worth asking the sequencer about (not asked in the last second). */
  const mayFetch = (apiKey: string): boolean =>
    apiKey !== '' && apiKey.length <= 128 && (unknownKeys.get(apiKey) ?? 0) <= Date.now()
  const fetchMissing = async (apiKey: string): Promise<boolean> => {
    const now = Date.now()
    let key = replicas.keys.get(apiKey)
    let held = false
    if (!key) {
      key = await remote.reference.apiKey(apiKey)
      if (!key) {
        if (unknownKeys.size > 10_000) unknownKeys.clear()
        unknownKeys.set(apiKey, now + UNKNOWN_KEY_MS)
        return false
      }
      replicas.keys.hold(apiKey, key)
      held = true
    }
    if (!replicas.accounts.get(key.accountId)) {
      const account = await remote.reference.account(key.accountId)
      if (!account) return held
      replicas.accounts.hold(account.id, account)
      held = true
    }
    return held
  }
  const admitted = (request: SignedRequest, result: SignedCaller | Refusal): SignedCaller | Refusal => {
    if (result.ok)
      scope.signed({keyId: result.key.id, signature: request.signature.toLowerCase(), timestamp: Number(request.timestamp)})
    return result
  }
  // At once when the replicas decide (the WebSocket servers' checks are synchronous); a promise only
  // when a key or its account is missing from them and the sequencer is asked.
  const signedRequests = {
    check: (request: SignedRequest, now = Date.now()): SignedCaller | Refusal | Promise<SignedCaller | Refusal> => {
      const first = edge.signedRequests.check(request, now)
      if (first.ok || first.code !== 'invalid_api_key' || !mayFetch(request.apiKey)) return admitted(request, first)
      return fetchMissing(request.apiKey).then((held) =>
        admitted(request, held ? edge.signedRequests.check(request, now) : first),
      )
    },
    checkKey: (request: Pick<SignedRequest, 'apiKey' | 'peerIp' | 'permission'>, now = Date.now()) => {
      const first = edge.signedRequests.checkKey(request, now)
      if (first.ok || first.code !== 'invalid_api_key' || !mayFetch(request.apiKey)) return first
      return fetchMissing(request.apiKey).then((held) => (held ? edge.signedRequests.checkKey(request, now) : first))
    },
    recheckKey: (request: Pick<SignedRequest, 'apiKey' | 'peerIp' | 'permission'>, now = Date.now()) =>
      edge.signedRequests.checkKey(request, now),
  }

  const listenKeys = new EdgeListenKeys(replicas.listenKeys, remote.listenKeys)
  const services: PublicServices = {
    health: () => {
      if (!connection.connected) throw new Unavailable('this edge is not connected to NATS', 1)
    },
    signedRequests,
    tokens: {...remote.tokens, verify: (token: string) => edge.sessions.verify(token)},
    accounts: {...remote.accounts, cachedById: (id: string) => edge.accounts.cachedById(id)},
    tiers: {...remote.tiers, limitsOf: (tierId: string) => edge.tiers.limitsOf(tierId)},
    apiKeys: remote.apiKeys,
    balances: remote.balances,
    trading: {...remote.trading, spec: (symbol: string) => market.spec(symbol), events: new EventEmitter()},
    tickers: market.tickers,
    assets: market.assets,
    tradeHistory: remote.tradeHistory,
    klines: remote.klines,
    identity: {signUps: remote['identity.signUps'], signIns: remote['identity.signIns'], twoFactor: remote['identity.twoFactor']},
    blockchains: {
      ...remote.blockchains,
      topUps: remote['blockchains.topUps'],
      withdrawals: remote['blockchains.withdrawals'],
      onBalance: () => () => undefined,
    },
    ledger: {onPosted: () => () => undefined},
    notifier: remote.notifier,
    listenKeys,
    systemErrors: {
      report: (source: string, error: unknown, context: Record<string, unknown> = {}): string => {
        const errorId = randomUUID()
        const message = error instanceof Error ? error.message : String(error)
        logger.error(
          {...context, err: error, error_id: errorId, error_message: message, source},
          `internal error ${errorId}: ${message}`,
        )
        return errorId
      },
    },
    p2p: {
      ...remote.p2p,
      ads: remote['p2p.ads'],
      orders: remote['p2p.orders'],
      chat: remote['p2p.chat'],
      registry: remote['p2p.registry'],
      reputation: remote['p2p.reputation'],
      store: remote['p2p.store'],
      events: new EventEmitter(),
    },
  }
  return {
    services,
    scope,
    market,
    stop: () => {
      listenKeys.stop()
      market.stop()
    },
  }
}
