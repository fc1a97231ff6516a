/**
 * What the public listener's transports call — REST v1, market data, WebSockets, the user gateway and
 * the Binance form — and what may answer later.
 *
 * On one node, the node's own services answer (`Services` is a `PublicServices`). On a cluster edge,
 * the edge's do (cluster/edge/services.ts): what it holds in memory it answers at once (a key's
 * check from its replicas, a ticker's spec, an account by id), and every method named in
 * `FORWARDED` it answers by asking the sequencer, which calls the very method of its own services:
 * the edge sends `[args]` on the subject `ex.cmd.<service>.<method>` (cluster/edge/command-client.ts),
 * the sequencer's command server calls `services.<service>.<method>(...args)` and answers after the
 * commit (cluster/sequencer/command-server.ts). So a transport's `services.trading.place(...)` goes
 * to `Trading.place` on both, and "go to definition" on it lands there.
 *
 * A forwarded method's answer is `MaybePromise`: a value on one node, a promise on an edge. Every
 * transport awaits it. A signed request's check is forwarded too — only when an edge's replica lacks
 * the key or its account (one made a moment ago) does it wait for the sequencer.
 */
import type {NodeConfig} from './ground/config.js'
import type {Logger} from './ground/logger.js'
import type {RateLimiter} from './http/rate-limiter.js'
import type {Services} from './services.js'

/** A value now, or a promise of it. */
export type MaybePromise<T> = T | Promise<T>

/** `T`'s methods with their answer now or later; anything else of `T` as it is. */
export type Deferred<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => MaybePromise<Awaited<R>> : T[K]
}

/** The service at a dotted path of `S`: `ServiceAt<Services, 'identity.signUps'>`. */
export type ServiceAt<S, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof S
    ? ServiceAt<S[Head], Rest>
    : never
  : P extends keyof S
    ? S[P]
    : never

/**
 * The methods a cluster edge forwards to the sequencer, by the path of their service: every call of
 * the public listener's transports that an edge cannot answer from what it holds. With the look-ups
 * an edge makes to fill its own copies (cluster/commands.ts), these are its commands.
 */
export const FORWARDED = {
  trading: [
    'place',
    'cancel',
    'cancelAll',
    'cancelAllOrders',
    'validate',
    'orderOf',
    'orderBySeq',
    'orderByClientId',
    'listOrders',
    'listTrades',
    'depth',
  ],
  tradeHistory: ['recent', 'summary', 'lastPrice', 'day', 'aggregated'],
  klines: ['read'],
  balances: ['list', 'transfer'],
  accounts: ['byId', 'createSub', 'subAccountsOf'],
  tiers: ['get'],
  apiKeys: ['create', 'delete', 'get', 'list'],
  tokens: ['revoke'],
  listenKeys: ['open', 'keepAlive', 'close'],
  notifier: ['send', 'deliver', 'sendAll'],
  'identity.signUps': ['start', 'resend', 'complete'],
  'identity.signIns': ['start', 'complete'],
  'identity.twoFactor': ['setup', 'enable', 'disable', 'isEnabled', 'requireIfEnabled'],
  blockchains: ['depositAddress', 'connected'],
  'blockchains.topUps': ['list', 'ofAccount'],
  'blockchains.withdrawals': ['list', 'ofAccount', 'request'],
  p2p: [
    'listing',
    'createAd',
    'listAds',
    'myAds',
    'now',
    'orderDetails',
    'requireStatusFilter',
    'leaveFeedback',
    'postText',
    'postFile',
  ],
  'p2p.ads': ['require', 'requireOwn', 'update', 'delete'],
  'p2p.orders': ['create', 'requireParty', 'accept', 'reject', 'cancel', 'pay', 'confirm', 'dispute'],
  'p2p.chat': ['list', 'read'],
  'p2p.registry': ['methods', 'rates', 'details', 'setDetails', 'removeDetails'],
  'p2p.reputation': ['profile'],
  'p2p.store': ['list'],
} as const

export type Forwarded = typeof FORWARDED

/** The forwarded methods of the service at `P`, their answers now or later. */
export type ForwardedOf<P extends keyof Forwarded> = Deferred<
  Pick<ServiceAt<Services, P>, Forwarded[P][number] & keyof ServiceAt<Services, P>>
>

/** Members of the service at `P` that every side answers at once, as the node's services declare them. */
type Held<P extends keyof Services, K extends keyof Services[P]> = Pick<Services[P], K>

/** The services the public listener's transports receive: on one node and on a cluster edge alike. */
export type PublicServices = {
  /** Answers when the node can serve (one node: the store; an edge: its NATS connection); throws otherwise. GET /healthz. */
  health(): void
  /**
   * The one check of signed requests (apikeys/signed-request.ts). An edge checks a request itself,
   * from its replicas; `check` and `checkKey` wait only when the replica lacks the key or its account
   * (made a moment ago), while the edge fetches them from the sequencer. `recheckKey` never waits: a
   * stream asks it before each delivery, of a key admitted already, from what is held.
   */
  signedRequests: Deferred<Held<'signedRequests', 'check' | 'checkKey'>> & Held<'signedRequests', 'recheckKey'>
  tokens: ForwardedOf<'tokens'> & Held<'tokens', 'verify'>
  accounts: ForwardedOf<'accounts'> & Held<'accounts', 'cachedById'>
  tiers: ForwardedOf<'tiers'> & Held<'tiers', 'limitsOf'>
  apiKeys: ForwardedOf<'apiKeys'>
  balances: ForwardedOf<'balances'>
  trading: ForwardedOf<'trading'> & Held<'trading', 'spec' | 'events'>
  /** The market's reference data: on an edge, a copy refreshed from the sequencer every few seconds (cluster/edge/market.ts). */
  tickers: Held<'tickers', 'list' | 'get' | 'byPair' | 'require'>
  assets: Held<'assets', 'list' | 'get' | 'require' | 'network' | 'networks'>
  tradeHistory: ForwardedOf<'tradeHistory'>
  klines: ForwardedOf<'klines'>
  listenKeys: ForwardedOf<'listenKeys'> & Held<'listenKeys', 'resolve' | 'onEnd' | 'sweep'>
  notifier: ForwardedOf<'notifier'>
  identity: {
    signUps: ForwardedOf<'identity.signUps'>
    signIns: ForwardedOf<'identity.signIns'>
    twoFactor: ForwardedOf<'identity.twoFactor'>
  }
  blockchains: ForwardedOf<'blockchains'> &
    Held<'blockchains', 'onBalance'> & {
      topUps: ForwardedOf<'blockchains.topUps'>
      withdrawals: ForwardedOf<'blockchains.withdrawals'>
    }
  ledger: Held<'ledger', 'onPosted'>
  /**
   * Administrators, for the one public route an administrator reaches with an AdminGateway token: a
   * dispute's chat files (rest/p2p/chat.ts). Absent on a cluster edge, which never verifies an
   * administrator's session.
   */
  admins?: Held<'admins', 'byId'>
  systemErrors: Held<'systemErrors', 'report'>
  p2p: ForwardedOf<'p2p'> &
    Held<'p2p', 'events'> &
    Partial<Held<'p2p', 'requireArbitratorAccess'>> & {
      ads: ForwardedOf<'p2p.ads'>
      orders: ForwardedOf<'p2p.orders'>
      chat: ForwardedOf<'p2p.chat'>
      registry: ForwardedOf<'p2p.registry'>
      reputation: ForwardedOf<'p2p.reputation'>
      store: ForwardedOf<'p2p.store'>
    }
}

/** `T` with the members of `U` in place of its own. */
type Override<T, U> = Omit<T, keyof U> & U

/**
 * What the WebSocket streams read: the public services, with what a stream reads inside its module's
 * publication answered at once — a book's depth, an account, its balances, a P2P party's view of an
 * order. On one node the node's services; on a cluster edge, what its event feed and
 * replicas hold (cluster/edge/streams.ts).
 */
export type StreamServices = Override<
  PublicServices,
  {
    trading: Override<PublicServices['trading'], Held<'trading', 'depth'>>
    accounts: Override<PublicServices['accounts'], Held<'accounts', 'byId'>>
    balances: Override<PublicServices['balances'], Held<'balances', 'list'>>
    p2p: Override<PublicServices['p2p'], Held<'p2p', 'orderDetails'>>
  }
>

/**
 * What every HTTP and WebSocket route builder receives: the services, and the one rate limiter of
 * its listener (created by `listeners/`, shared by every route of that listener).
 */
export type HttpDeps = {
  services: PublicServices
  logger: Logger
  config: NodeConfig
  limiter: RateLimiter
  /** A cluster edge's per-request scope (the signed request's replay proof for its first command); absent on one node. */
  requestScope?: RequestScoper
}

/** What every WebSocket stream builder receives: `HttpDeps` with the services the streams read (`StreamServices`). */
export type StreamDeps = Omit<HttpDeps, 'services'> & {services: StreamServices}

/** Runs a request's handling in a scope of its own (cluster/edge/services.ts `RequestScope`). */
export type RequestScoper = {run<T>(fn: () => T): T}
