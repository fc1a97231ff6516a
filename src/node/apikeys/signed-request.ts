/**
 * The one check of a request signed with an API key (docs/rest.md "Signed requests"; docs/binance-compat.md "Keys, signing and permissions"), below every transport that
 * takes one: REST /api/v1, its WebSocket streams, the Binance-form API and cluster edges. A transport
 * only spells the request — where it carries the key, the timestamp, the window and the signature,
 * and which text was signed — and maps a refusal to its own wire shape from one table.
 *
 * The order of docs/rest.md "Signed requests": the key (unknown → `invalid_api_key`; the client's IP outside the key's
 * non-empty allow-list → `permission_denied`), the receive window (`timestamp_outside_recv_window`,
 * or `invalid_argument` when malformed), the signature (`invalid_signature`, compared in constant
 * time), replay (the same signature accepted before for the key inside its window →
 * `replayed_request`), the permission (`permission_denied`), then the account's status (blocked →
 * `account_blocked`; restricted accounts are refused only by the operations that say so).
 */
import type {Account, Accounts} from '../accounts/accounts.js'
import {ExchangeError, type ErrorCode} from '../ground/errors.js'
import {IpSet} from '../ground/net.js'
import type {ApiKeyPermission, ApiKeys, SigningKey} from './apikeys.js'
import {checkRecvWindow, HEADER_NAMES, type WindowNames} from './recv-window.js'
import {verifySignature} from './signature.js'

/** `last_used_at` of a key is written at most this often (each write is an fsync). */
const TOUCH_EVERY_MS = 60_000

/** Longer public keys are refused before any look-up. */
const MAX_KEY_LENGTH = 128

/** A signed request as its wire format spells it. */
export type SignedRequest = {
  /** The public API key, as sent. */
  apiKey: string
  /** The signed Unix time in ms, as sent ('' when absent). */
  timestamp: string
  /** The receive window in ms, as sent ('' for the default 5000). */
  recvWindow: string
  /** Hex HMAC-SHA256 as sent ('' when absent). */
  signature: string
  /** Exactly the text the signature covers, as the wire format composes it. */
  payload: string
  /** The client's address (after --trusted-proxies), for the key's IP allow-list. */
  peerIp: string
  /** The permission the operation needs. */
  permission: ApiKeyPermission
  /** How the wire format names its parts, for the messages of a refusal. */
  names: SignedNames
}

/** The names a wire format gives the parts of a signed request, and what its signature covers. */
export type SignedNames = WindowNames & {signature: string; signed: string}

/** REST /api/v1 (docs/rest.md "Signed requests"): headers, over X-Timestamp + METHOD + request-target + body. */
export const REST_V1_NAMES: SignedNames = {
  ...HEADER_NAMES,
  signature: 'X-Signature',
  signed: 'X-Timestamp + METHOD + path?query + body',
}

/** Why a signed request was refused: a code of docs/rest.md "Errors", and a message for the client. */
export type Refusal = {ok: false; code: ErrorCode; message: string}

export type SignedCaller = {ok: true; account: Account; key: SigningKey}

/** An ExchangeError of a refusal, for transports whose errors are ExchangeErrors. */
export const refusalError = (refusal: Refusal): ExchangeError => new ExchangeError(refusal.code, refusal.message)

/**
 * What the check needs of the keys and the accounts: the node's own services, or a cluster edge's
 * replicas of them (cluster/edge/replicas.ts), which answer the same questions from memory.
 */
export type SigningKeys = Pick<ApiKeys, 'findForSignature' | 'acceptOnce' | 'touch'>
export type CallerAccounts = Pick<Accounts, 'cachedById'>

export class SignedRequests {
  /** The allow-list of a key as an IpSet, built once per cached key (`findForSignature` hands out one frozen array while cached). */
  private readonly allowLists = new WeakMap<readonly string[], IpSet>()

  constructor(
    private readonly apiKeys: SigningKeys,
    private readonly accounts: CallerAccounts,
  ) {}

  /** The caller of a signed request, or why it is refused. Records the signature as used when admitted. */
  check(request: SignedRequest, now = Date.now()): SignedCaller | Refusal {
    const {names} = request
    const key = this.keyOf(request)
    if (!isKey(key)) return key
    let signedAt: number
    try {
      signedAt = checkRecvWindow(request.timestamp, request.recvWindow, now, names)
    } catch (error) {
      if (error instanceof ExchangeError) return refuse(error.code, error.message)
      throw error
    }
    const signature = request.signature.toLowerCase()
    if (signature === '') return refuse('invalid_signature', `${names.signature} is required`)
    if (!verifySignature(key.secret, request.payload, signature)) {
      return refuse('invalid_signature', `${names.signature} does not match: HMAC-SHA256 of ${names.signed}`)
    }
    try {
      this.apiKeys.acceptOnce(key, signature, signedAt, now)
    } catch (error) {
      if (error instanceof ExchangeError) return refuse(error.code, error.message)
      throw error
    }
    return this.admit(key, request.permission, now)
  }

  /**
   * The caller of a request that carries its key but no signature — only the Binance form's listen-key
   * endpoints (USER_STREAM: a listen key opens the account's read-only user data stream, as on
   * Binance): the same check without the window, signature and replay steps.
   */
  checkKey(request: Pick<SignedRequest, 'apiKey' | 'peerIp' | 'permission'>, now = Date.now()): SignedCaller | Refusal {
    const key = this.keyOf(request)
    return isKey(key) ? this.admit(key, request.permission, now) : key
  }

  /**
   * `checkKey` of a key admitted already, asked again before each delivery of a stream that follows its
   * account (a deleted key, a blocked account, a lost permission end the stream). The same check here;
   * on a cluster edge it answers from the edge's replicas and never waits for the sequencer.
   */
  recheckKey(request: Pick<SignedRequest, 'apiKey' | 'peerIp' | 'permission'>, now = Date.now()): SignedCaller | Refusal {
    return this.checkKey(request, now)
  }

  /** The key of a request, unless it is unknown or not allowed from the client's address. */
  private keyOf(request: Pick<SignedRequest, 'apiKey' | 'peerIp'>): SigningKey | Refusal {
    const key = request.apiKey.length <= MAX_KEY_LENGTH ? this.apiKeys.findForSignature(request.apiKey) : undefined
    if (!key) return refuse('invalid_api_key', 'unknown API key')
    // Malformed stored entries are skipped, so a list of only malformed entries admits nobody.
    if (key.ipAllowlist.length > 0 && !this.allowListOf(key.ipAllowlist).has(request.peerIp)) {
      return refuse('permission_denied', `this API key may not be used from ${request.peerIp}`)
    }
    return key
  }

  /** The last steps: the permission, then the account's status. */
  private admit(key: SigningKey, permission: ApiKeyPermission, now: number): SignedCaller | Refusal {
    if (!key.permissions.includes(permission)) {
      return refuse('permission_denied', `this API key lacks the "${permission}" permission`)
    }
    const account = this.accounts.cachedById(key.accountId)
    if (!account) return refuse('invalid_api_key', 'unknown API key')
    if (account.status === 'blocked') return refuse('account_blocked', 'the account is blocked')
    if (key.lastUsedAt === null || now - Date.parse(key.lastUsedAt) >= TOUCH_EVERY_MS) this.apiKeys.touch(key)
    return {ok: true, account, key}
  }

  private allowListOf(entries: readonly string[]): IpSet {
    let set = this.allowLists.get(entries)
    if (!set) {
      set = new IpSet(entries, {lenient: true})
      this.allowLists.set(entries, set)
    }
    return set
  }
}

const refuse = (code: ErrorCode, message: string): Refusal => ({ok: false, code, message})
const isKey = (value: SigningKey | Refusal): value is SigningKey => !('ok' in value)
