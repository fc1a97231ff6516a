/**
 * What an edge may ask the sequencer: an allow-list of service methods, by the path of the service
 * (`trading`, `identity.signUps`) and the method's name — the methods the public listener's
 * transports may wait for (public-services.ts `FORWARDED`), and the look-ups an edge fills its own
 * copies with. The CommandServer dispatches only to these (bound once at start, never looked up by a
 * name that arrives); the CommandClient builds the edge's remote services from the same list, so both
 * sides agree.
 *
 * A command crosses in one of two forms (docs/cluster.md "Commands"): alone, `{service, method,
 * args, replay?}`; or in a batch of one method's commands on that method's subject, `{commands:
 * [CompactCommand, …]}`, answered `{batch: [answer, …]}`.
 */
import type {TransportServices} from '../services.js'
import {FORWARDED, type ServiceAt} from '../public-services.js'
import type {Plain} from './codec.js'
import type {ReferenceLookups} from './buckets.js'
import type {Order} from '../trading/model.js'
import {orderFields, orderOfFields, type OrderFields} from './events.js'

/** The names of a service's methods. */
export type MethodsOf<T> = {[K in keyof T]: T[K] extends (...args: never[]) => unknown ? K : never}[keyof T] & string

/** Service path → the methods of it that may be called remotely. */
export type AllowList = Readonly<Record<string, readonly string[]>>

/** An allow-list checked against the services' types: every path a service, every name one of its methods. */
export type CheckedAllowList<S, L extends AllowList> = {[P in keyof L & string]: readonly MethodsOf<ServiceAt<S, P>>[]}

/** A method as called remotely: the same arguments, always a promise of the same answer. */
export type RemoteMethod<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never

/** A service's methods as called remotely (each keeps its declaration: "go to definition" reaches the service's method). */
export type Remote<T> = {[K in keyof T]: RemoteMethod<T[K]>}

/** The remote side of an allow-list: for each service path, its allowed methods as promises. */
export type RemoteServices<S, L extends AllowList> = {
  [P in keyof L & string]: Remote<Pick<ServiceAt<S, P>, L[P][number] & keyof ServiceAt<S, P>>>
}

/** Checks at compile time that `list` names only real services and methods of `S`. */
export const allowList =
  <S>() =>
  <const L extends AllowList>(list: L & CheckedAllowList<S, L>): L =>
    list

/**
 * What the sequencer serves to edges: its transport services, and `reference` — the committed entry
 * of a reference-data bucket by key, for an edge whose replica does not have it yet (a key, account
 * or session made a moment ago).
 */
export type EdgeCallable = TransportServices & {reference: ReferenceLookups}

/**
 * Every command of an edge: the forwarded methods of the public listener's transports, and the
 * look-ups of an edge's own copies — the reference data its replicas lack (`reference`), and the
 * tickers, assets and networks it answers market requests from (cluster/edge/market.ts). Admin-only
 * methods (the AdminGateway's, P2P arbitration) are not here: an edge opens no admin surface.
 */
export const EDGE_COMMANDS = allowList<EdgeCallable>()({
  ...FORWARDED,
  reference: ['apiKey', 'account', 'session'],
  tickers: ['list'],
  assets: ['list', 'networks'],
})

export type EdgeCommands = typeof EDGE_COMMANDS

/**
 * The commands whose answers are plain by their types (`PlainValue`), so that the CommandServer
 * encodes them with JSON.stringify straight (codec.ts `encodePlainText`) rather than walking them
 * for tags first: the order commands edges send most.
 */
export const PLAIN_ANSWERS: ReadonlySet<string> = new Set(['trading.place', 'trading.cancel'])
export type PlainAnswers = [
  Plain<Awaited<ReturnType<TransportServices['trading']['place']>>>,
  Plain<Awaited<ReturnType<TransportServices['trading']['cancel']>>>,
]

/**
 * How an answer crosses when its form on the wire differs from the service's: `write` on the
 * sequencer before it is encoded, `read` on the edge after it is decoded (also the plain form an
 * earlier sequencer sent).
 */
export type AnswerForm = {write(value: unknown): unknown; read(value: unknown): unknown}

type PlaceAnswer = Awaited<ReturnType<TransportServices['trading']['place']>>
type PlaceOnTheWire = Omit<PlaceAnswer, 'order'> & {order: OrderFields | Order}

/**
 * The order commands' answers carry their order as fields (events.ts `ORDER_FIELDS`), as the order
 * events do: a placed order's answer is the largest thing a sequencer sends per order.
 */
export const ANSWER_FORMS: ReadonlyMap<string, AnswerForm> = new Map<string, AnswerForm>([
  [
    'trading.place',
    {
      write: (value) => {
        const answer = value as PlaceAnswer
        return {order: orderFields(answer.order), exchangeTime: answer.exchangeTime, fills: answer.fills}
      },
      read: (value) => {
        const answer = value as PlaceOnTheWire
        return Array.isArray(answer.order) ? {...answer, order: orderOfFields(answer.order)} : answer
      },
    },
  ],
  [
    'trading.cancel',
    {
      write: (value) => orderFields(value as Order),
      read: (value) => (Array.isArray(value) ? orderOfFields(value as OrderFields) : value),
    },
  ],
])

/**
 * The object at `path` of `root` (`identity.signUps`), followed through own and inherited properties
 * of the services graph; throws when a step is missing. Used once per path, at start.
 */
export function serviceAt(root: object, path: string): object {
  let node: unknown = root
  for (const step of path.split('.')) {
    const next = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[step] : undefined
    if (next === null || typeof next !== 'object') throw new Error(`no service at ${path}`)
    node = next
  }
  return node as object
}

/** The signed request a command serves: its key, its signature and its signed timestamp (Unix ms). */
export type ReplayProof = {keyId: string; signature: string; timestamp: number}

/** A command as it crosses NATS. */
export type CommandRequest = {service: string; method: string; args: unknown[]; replay?: ReplayProof}

/**
 * A command of a batch on its method's subject (`{commands: [CompactCommand, …]}`): its arguments, and
 * a signed request's replay proof as three more elements. Without the keys of a `CommandRequest`, a
 * batch is ~25% fewer bytes to write and parse (docs/performance.md "bench:cluster").
 */
export type CompactCommand = [args: unknown[]] | [args: unknown[], keyId: string, signature: string, timestamp: number]
