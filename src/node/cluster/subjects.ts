/**
 * The names cluster mode uses on NATS, in one place (docs/cluster.md "Subjects and buckets"): what
 * NATS permissions per role are written against.
 *
 * | name | kind | written by | read by |
 * |---|---|---|---|
 * | `ex.cmd.<service>.<method>` | request/reply, queue group `sequencer` | edges | the sequencer |
 * | `ex.ev.t.<TICKER>`, `ex.ev.a.<accountId>` | stream `EXCHANGE_EVENTS` | the sequencer | edges |
 * | `ex_api_keys`, `ex_accounts`, `ex_tiers`, `ex_sessions`, `ex_listen_keys`, `ex_meta` | KV buckets | the sequencer | edges |
 */

/** Commands: `ex.cmd.<service>.<method>`. */
export const COMMAND_PREFIX = 'ex.cmd'
/** The queue group of the sequencer's command subscription: one of its members answers each command. */
export const COMMAND_QUEUE = 'sequencer'

export const EVENT_STREAM = 'EXCHANGE_EVENTS'
/** Every event subject, the stream's one subject filter. */
export const EVENT_SUBJECTS = 'ex.ev.>'
/** Public events of a ticker (trades, book changes). */
export const tickerSubject = (ticker: string): string => `ex.ev.t.${ticker}`
/** Private events of an account (its orders). */
export const accountSubject = (accountId: string): string => `ex.ev.a.${accountId}`

/** Headers of an event message: the event log's sequence and the log it belongs to. */
export const SEQ_HEADER = 'Ex-Seq'
export const LOG_HEADER = 'Ex-Log'

/** KV buckets: the reference data an edge answers from without asking the sequencer. */
export const BUCKETS = {
  /** Public API key → the key with its secret still sealed. */
  apiKeys: 'ex_api_keys',
  /** Account id → the account (status, tier, master). */
  accounts: 'ex_accounts',
  /** Tier id → the tier's limits. */
  tiers: 'ex_tiers',
  /** Session id (JWT `jti`) → the session: subject, role, expiry, revocation. */
  sessions: 'ex_sessions',
  /** Listen key → the open listen key of the Binance user data stream (its API key, account, expiry). */
  listenKeys: 'ex_listen_keys',
  /** The cluster's identity: the secrets' key id and the event log's id. */
  meta: 'ex_meta',
  /** The sequencers: the primary's lease (sequencer/lease.ts), docs/cluster.md "The lease". */
  sequencers: 'ex_sequencers',
} as const

export type BucketName = (typeof BUCKETS)[keyof typeof BUCKETS]

/** A token of a subject or a KV key may not hold these (ids, tickers and public keys never do). */
const UNSAFE = /[\s.*>]/

export function checkToken(token: string): string {
  if (token === '' || UNSAFE.test(token)) throw new Error(`"${token}" cannot be a NATS subject token`)
  return token
}
