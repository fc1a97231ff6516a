/**
 * How the Binance form spells a signed request (docs/binance-compat.md "Keys, signing and permissions"), and nothing more: the key in the
 * `X-MBX-APIKEY` header; `timestamp`, optional `recvWindow` and `signature` among the parameters; the
 * signature over the query string exactly as sent followed directly by the form body exactly as sent,
 * less the trailing `&signature=…`. The check itself is the one of every signed surface
 * (apikeys/signed-request.ts); its refusals are mapped by binance/errors.ts. Then the listener's one
 * rate limiter: the standard class per account and, for orders, OrdersRateLimit (429, -1003).
 */
import type {Context, Middleware, Next} from 'koa'
import type {Account} from '../accounts/accounts.js'
import {API_KEY_FORMAT, type ApiKeyPermission, type SigningKey} from '../apikeys/apikeys.js'
import {refusalError, type Refusal, type SignedCaller, type SignedNames} from '../apikeys/signed-request.js'
import {ExchangeError} from '../ground/errors.js'
import {readRawBody} from '../http/body.js'
import {enforce} from '../http/rate-limit.js'
import type {HttpDeps} from '../public-services.js'
import {BinanceError, missing} from './errors.js'
import {Params, type RouteKit} from './params.js'

/** The names of this API's parts of a signed request, for the messages of a refusal. */
export const BINANCE_NAMES: SignedNames = {
  timestamp: 'timestamp',
  recvWindow: 'recvWindow',
  signature: 'signature',
  signed: 'the query string followed directly by the form body, as sent, without the trailing &signature=…',
}

export type BinanceCaller = {account: Account; key: SigningKey}

/** What the signed router files are given: the public kit, the check of each endpoint class, and its caller. */
export type SignedKit = RouteKit & {signed: (use: SignedUse) => Middleware; caller: (ctx: Context) => BinanceCaller}

type State = {binanceParams?: Params; binanceCaller?: BinanceCaller; binanceBodyRefused?: boolean}

/** The signature as the last parameter of query + body; what comes before it is what was signed. */
const SIGNATURE_LAST = /(?:^|&)signature=[^&]*$/
const FORM = /^\s*application\/x-www-form-urlencoded\s*(;|$)/i

/** The parameters of a request: its query string, then (a request with a body) its form body. Read once per request. */
export function paramsOf(ctx: Context): Params {
  const state = ctx.state as State
  if (state.binanceBodyRefused) {
    throw new BinanceError(
      -1100,
      'Only form-encoded parameters are accepted (application/x-www-form-urlencoded, or the query string); JSON bodies are not.',
    )
  }
  return (state.binanceParams ??= new Params(new URLSearchParams(ctx.querystring)))
}

/**
 * Reads a form body (POST, PUT, DELETE) after the query's parameters, keeping the raw text for the
 * signature. A JSON (or any other) body is refused: Binance's parameters are form-encoded.
 */
export function formBody(ctx: Context, next: Next): Promise<void> {
  if (ctx.method === 'GET' || ctx.method === 'HEAD') return next()
  const pending = readRawBody(ctx)
  if (typeof pending === 'string') return withBody(ctx, next, pending)
  return pending.then((raw) => withBody(ctx, next, raw))
}

function withBody(ctx: Context, next: Next, raw: string): Promise<void> {
  ctx.state['rawBody'] = raw
  const type = ctx.req.headers['content-type']
  // Refused when a route reads its parameters (an unknown path stays a 404).
  if (raw !== '' && type !== undefined && !FORM.test(type)) (ctx.state as State).binanceBodyRefused = true
  else (ctx.state as State).binanceParams = new Params(new URLSearchParams(ctx.querystring), new URLSearchParams(raw))
  return next()
}

/** The caller admitted by `signed` (a route without it is a bug). */
export function callerOf(ctx: Context): BinanceCaller {
  const caller = (ctx.state as State).binanceCaller
  if (!caller) throw new ExchangeError('internal', `route ${ctx.path} has no signature check`)
  return caller
}

export type SignedUse = {
  permission: ApiKeyPermission
  /** Order placement: a restricted account is refused (docs/account-flows.md "Account status"). */
  places?: boolean
  /** Counted in OrdersRateLimit too (placing and cancelling). */
  orders?: boolean
}

/** The API key of the `X-MBX-APIKEY` header: -2014 when absent or not a key's format. */
export function apiKeyOf(ctx: Context): string {
  const apiKey = ctx.get('X-MBX-APIKEY')
  if (!API_KEY_FORMAT.test(apiKey)) throw new BinanceError(-2014, 'API-key format invalid.', 401)
  return apiKey
}

/**
 * The signed-request check of one endpoint class, then its rate classes. Like REST v1's, it returns
 * `next()` itself (no promise of its own), after `formBody` has read the parameters.
 */
export function signed(deps: HttpDeps, use: SignedUse): Middleware {
  const {services, limiter} = deps
  return (ctx: Context, next: Next): Promise<void> => {
    const apiKey = apiKeyOf(ctx)
    const params = paramsOf(ctx)
    const timestamp = params.optional('timestamp')
    if (timestamp === undefined) throw missing('timestamp')
    const signature = params.optional('signature')
    if (signature === undefined) throw missing('signature')
    const recvWindow = params.optional('recvWindow') ?? ''
    const rawBody = typeof ctx.state['rawBody'] === 'string' ? ctx.state['rawBody'] : ''
    const total = ctx.querystring + rawBody
    const last = SIGNATURE_LAST.exec(total)
    if (!last) throw new BinanceError(-1022, 'Signature for this request is not valid: signature must be the last parameter.')
    const checked: SignedCaller | Refusal | Promise<SignedCaller | Refusal> = services.signedRequests.check({
      apiKey,
      timestamp,
      recvWindow,
      signature,
      payload: total.slice(0, last.index),
      peerIp: ctx.ip,
      permission: use.permission,
      names: BINANCE_NAMES,
    })
    const admit = (result: SignedCaller | Refusal): Promise<void> => {
      if (!result.ok) throw refusalError(result)
      const {account} = result
      ;(ctx.state as State).binanceCaller = result
      if (use.places && account.status === 'restricted') {
        throw new ExchangeError('account_restricted', 'the account is restricted: it may not place orders')
      }
      enforce(ctx, ...limiter.caller(ctx.ip, account, use.orders ? services.tiers : undefined))
      return next()
    }
    // A cluster edge's check is a promise (it may ask the sequencer about a new key); the node's is not.
    return checked instanceof Promise ? checked.then(admit) : admit(checked)
  }
}
