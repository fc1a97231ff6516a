/**
 * Helpers of the Binance-form API tests (docs/binance-compat.md "Binance-compatible API"): raw GETs under /api/v3, and ccxt's own
 * `binance` class pointed at a test node by its URLs only, no options (docs/binance-compat.md "ccxt").
 */
import {createHmac} from 'node:crypto'
import type {ExecutionContext} from 'ava'
import ccxt from 'ccxt'
import WebSocket from 'ws'
import {freshPair} from './market.js'
import type {TestNode} from './node.js'
import {trader} from './rest.js'

export type Answer<T = any> = {status: number; body: T; headers: Headers}

/** GET a path under the listener (`/api/v3/...`), the body parsed as JSON. */
export async function v3<T = any>(node: TestNode, path: string): Promise<Answer<T>> {
  const response = await fetch(`${node.httpUrl}${path}`)
  return {status: response.status, body: (await response.json()) as T, headers: response.headers}
}

/** The `urls` of docs/binance-compat.md "ccxt": every API prefix ccxt uses by default, on the node. */
export function ccxtUrls(httpUrl: string) {
  const ws = httpUrl.replace(/^http/, 'ws')
  return {
    api: {
      public: `${httpUrl}/api/v3`,
      private: `${httpUrl}/api/v3`,
      sapi: `${httpUrl}/sapi/v1`,
      fapiPublic: `${httpUrl}/fapi/v1`,
      dapiPublic: `${httpUrl}/dapi/v1`,
      eapiPublic: `${httpUrl}/eapi/v1`,
      ws: {spot: `${ws}/ws`, 'ws-api': {spot: `${ws}/ws-api/v3`}},
    },
  }
}

/** ccxt's binance, changed by its URLs only: no options (docs/binance-compat.md "ccxt"). */
export async function ccxtBinance(node: TestNode, credentials: {apiKey?: string; secret?: string} = {}) {
  const exchange = new ccxt.pro.binance({...credentials, urls: ccxtUrls(node.httpUrl)})
  // Plain ws:// needs node's http agent loaded first (wss:// does not).
  await exchange.loadHttpProxyAgent()
  return exchange
}

/** A request a ccxt client made: its method, URL, and its parameters (the form body, else the query). */
export type RecordedRequest = {method: string; url: string; params: URLSearchParams}

/** Records every HTTP request a ccxt client makes (method, URL and parameters), whatever host it goes to. */
export function recordRequests(exchange: CcxtBinance): RecordedRequest[] {
  const seen: RecordedRequest[] = []
  const fetch = exchange.fetch.bind(exchange)
  exchange.fetch = (url: string, method = 'GET', headers?: any, body?: any) => {
    const params = new URLSearchParams(typeof body === 'string' ? body : (url.split('?')[1] ?? ''))
    seen.push({method, url, params})
    return fetch(url, method, headers, body)
  }
  return seen
}

/** A decimal string as Binance-form clients expect: plain notation, no exponent. */
export const DECIMAL = /^(0|[1-9]\d*)(\.\d*[1-9])?$/

/** Lowercase hex HMAC-SHA256 of `text` with the API secret (docs/binance-compat.md "Keys, signing and permissions"). */
export const hmac = (secret: string, text: string): string => createHmac('sha256', secret).update(text).digest('hex')

export type SignedOptions = {
  /** Where the parameters go: the query string (default for GET and DELETE) or a form body (default for POST and PUT). */
  in?: 'query' | 'body'
  /** Replaces the signature. */
  signature?: string
  /** Signs with this secret instead. */
  secret?: string
  /** Sends this X-MBX-APIKEY instead (or none with ''). */
  apiKey?: string
  /** Extra headers. */
  headers?: Record<string, string>
  /** No timestamp added. */
  noTimestamp?: boolean
}

let lastTimestamp = 0
/** A fresh timestamp per signed request of this process (the same text signed twice would be a replay). */
export const freshTimestamp = (): number => (lastTimestamp = Math.max(Date.now(), lastTimestamp + 1))

/**
 * A signed Binance-form request as a typed SDK sends it: `timestamp` added, `signature` last, over
 * the query string or the form body as sent.
 */
export async function signedV3<T = any>(
  node: Pick<TestNode, 'httpUrl'>,
  creds: {apiKey: string; apiSecret: string},
  method: string,
  path: string,
  params: Record<string, string | number> = {},
  options: SignedOptions = {},
): Promise<Answer<T>> {
  const all: Record<string, string> = {}
  for (const [name, value] of Object.entries(params)) all[name] = String(value)
  if (!options.noTimestamp) all['timestamp'] ??= String(freshTimestamp())
  const text = new URLSearchParams(all).toString()
  const signature = options.signature ?? hmac(options.secret ?? creds.apiSecret, text)
  const total = `${text}${text ? '&' : ''}signature=${signature}`
  const where = options.in ?? (method === 'GET' || method === 'DELETE' ? 'query' : 'body')
  const headers: Record<string, string> = {...options.headers}
  const apiKey = options.apiKey ?? creds.apiKey
  if (apiKey !== '') headers['X-MBX-APIKEY'] = apiKey
  if (where === 'body') headers['Content-Type'] ??= 'application/x-www-form-urlencoded'
  const url = `${node.httpUrl}${path}${where === 'query' ? `?${total}` : ''}`
  const response = await fetch(url, {method, headers, body: where === 'body' ? total : undefined})
  return {status: response.status, body: (await response.json()) as T, headers: response.headers}
}

/** Asserts Binance's error body exactly `{code, msg}`, with the status and code. */
export function assertBinanceError(t: ExecutionContext, answer: Answer, status: number, code: number, msg?: string | RegExp) {
  t.is(answer.status, status, JSON.stringify(answer.body))
  t.deepEqual(Object.keys(answer.body).sort(), ['code', 'msg'], JSON.stringify(answer.body))
  t.is(answer.body.code, code, JSON.stringify(answer.body))
  if (typeof msg === 'string') t.is(answer.body.msg, msg)
  else if (msg) t.regex(answer.body.msg, msg)
}

/** A client of the WebSocket API (`/ws-api/v3`): requests answered by id, and the pushed events. */
export type WsApiClient = {
  request(method: string, params?: Record<string, unknown>, id?: string | number): Promise<any>
  /** The next pushed message (`{subscriptionId, event}`, or any frame without an id) matching `match`. */
  next(match?: (message: any) => boolean, timeoutMs?: number): Promise<any>
  /** Every pushed message so far. */
  pushed: any[]
  close(): void
}

let requestIds = 0

export async function wsApi(node: Pick<TestNode, 'httpUrl'>, path = '/ws-api/v3'): Promise<WsApiClient> {
  const socket = new WebSocket(`${node.httpUrl.replace(/^http/, 'ws')}${path}`)
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  const answers = new Map<unknown, (message: any) => void>()
  const pushed: any[] = []
  const waiters: {match: (message: any) => boolean; resolve: (message: any) => void}[] = []
  socket.on('message', (data) => {
    const message = JSON.parse(String(data))
    const answer = message.status !== undefined ? answers.get(message.id) : undefined
    if (answer) {
      answers.delete(message.id)
      answer(message)
      return
    }
    pushed.push(message)
    const index = waiters.findIndex((waiter) => waiter.match(message))
    if (index >= 0) waiters.splice(index, 1)[0]!.resolve(message)
  })
  return {
    pushed,
    request(method, params, id = `r${++requestIds}`) {
      return new Promise((resolve) => {
        answers.set(id, resolve)
        socket.send(JSON.stringify(params === undefined ? {id, method} : {id, method, params}))
      })
    },
    next(match = () => true, timeoutMs = 5000) {
      const seen = pushed.find(match)
      if (seen) {
        pushed.splice(pushed.indexOf(seen), 1)
        return Promise.resolve(seen)
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no such message in time')), timeoutMs)
        waiters.push({
          match,
          resolve: (message) => {
            clearTimeout(timer)
            pushed.splice(pushed.indexOf(message), 1)
            resolve(message)
          },
        })
      })
    },
    close: () => socket.close(),
  }
}

/** `userDataStream.subscribe.signature` params: signed over the others sorted by name, `k=v` joined by `&`. */
export function subscribeParams(creds: {apiKey: string; apiSecret: string}, extra: Record<string, string | number> = {}) {
  const params: Record<string, string | number> = {apiKey: creds.apiKey, timestamp: freshTimestamp(), ...extra}
  const text = Object.keys(params)
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&')
  return {...params, signature: hmac(creds.apiSecret, text)}
}

export type CcxtBinance = Awaited<ReturnType<typeof ccxtBinance>>

/**
 * A market node for ccxt tests and the ccxt clients made on it, all closed by `close` (a test
 * file's `after.always`).
 */
export class CcxtNode {
  private readonly clients: CcxtBinance[] = []

  constructor(readonly node: TestNode) {}

  /** A ccxt client with these credentials, its markets loaded. */
  async client(credentials: {apiKey: string; secret: string}): Promise<CcxtBinance> {
    const exchange = await this.unloaded(credentials)
    await exchange.loadMarkets()
    return exchange
  }

  /**
   * A ccxt client that has not loaded its markets yet: its first call loads them, with the signed
   * requests of ccxt's defaults (capital/config/getall, ...), which refuse bad credentials first.
   */
  async unloaded(credentials: {apiKey: string; secret: string}): Promise<CcxtBinance> {
    const exchange = await ccxtBinance(this.node, credentials)
    this.clients.push(exchange)
    return exchange
  }

  /** A fresh pair (tick 0.01, lot 0.001) and two traders funded with `funds` of base and USDT, each with a client. */
  async pair(prefix: string, funds: {base: string; usdt: string}) {
    const symbol = freshPair(this.node, prefix)
    const base = symbol.split('-')[0]!
    const [alice, bob] = await Promise.all([0, 1].map(() => trader(this.node, {[base]: funds.base, USDT: funds.usdt})))
    const [a, b] = await Promise.all([alice!, bob!].map((who) => this.client({apiKey: who.apiKey, secret: who.apiSecret})))
    return {symbol, unified: symbol.replace('-', '/'), base, a: a!, b: b!, alice: alice!, bob: bob!}
  }

  /** Closes the clients and stops the node, leaving its data dir to start a node on again. */
  async stop(): Promise<void> {
    for (const exchange of this.clients.splice(0)) await exchange.close()
    await this.node.stop()
  }

  async close(): Promise<void> {
    for (const exchange of this.clients) await exchange.close()
    await this.node.close()
  }
}
