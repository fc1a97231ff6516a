/**
 * Fuzz of the public REST interface: every operation of the OpenAPI document the node serves
 * (GET /api/v1/openapi.json, so a new endpoint is covered as soon as it is documented), the user
 * gateway's included but sign-out (SKIPPED). Each case is one request with random path
 * parameters, query and body (plausible values mixed with hostile ones, wrong JSON types, raw
 * non-JSON), sent without auth, with a session JWT, a signed API key, or broken credentials.
 * A finding is any 5xx, an error body other than the one of docs/rest.md "Errors", or the code `internal`.
 */
import fc from 'fast-check'
import {freshTimestamp, signature} from '../rest.js'
import type {TestNode} from '../node.js'
import {BASE_GOODS, brief, count, fieldValue, type Finding, type Goods, nastyJson, nastyString, type Tally} from './values.js'

const API = '/api/v1'

export type Route = {method: string; path: string; query: string[]; body: string[]}

type Doc = {
  paths: Record<string, Record<string, {parameters?: Ref[]; requestBody?: Ref}>>
  components: {parameters: Record<string, Ref>; schemas: Record<string, Ref>}
}
type Ref = {
  $ref?: string
  name?: string
  in?: string
  content?: Record<string, {schema: Ref}>
  properties?: object
  anyOf?: Ref[]
  oneOf?: Ref[]
}

/**
 * Documented operations the fuzzer leaves out: sign-out, called with the fuzzer's own session, would
 * end that session for every later case.
 */
const SKIPPED = new Set(['POST /auth/sign-out/'])

/** Every operation of the served OpenAPI document, with its query parameters and body properties (of every variant). */
export async function restRoutes(node: TestNode): Promise<Route[]> {
  const doc = (await (await fetch(`${node.httpUrl}${API}/openapi.json`)).json()) as Doc
  const resolve = (ref: Ref): Ref => {
    let current = ref
    while (current.$ref) {
      const [, , kind, name] = current.$ref.split('/')
      current = (doc.components as Record<string, Record<string, Ref>>)[kind!]![name!]!
    }
    return current
  }
  const routes: Route[] = []
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (SKIPPED.has(`${method.toUpperCase()} ${path}`)) continue
      const parameters = (operation.parameters ?? []).map(resolve)
      const schema = operation.requestBody?.content
        ? resolve(Object.values(resolve(operation.requestBody).content!)[0]!.schema)
        : undefined
      const variants = schema ? [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].map(resolve) : []
      routes.push({
        method: method.toUpperCase(),
        path,
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name!),
        body: [...new Set(variants.flatMap((variant) => Object.keys(variant.properties ?? {})))],
      })
    }
  }
  return routes
}

/** The fuzzer's identity: a funded account with a session and a key of every permission. */
export type RestActor = {token: string; apiKey: string; apiSecret: string; goods: Goods}

/** A funded account, its session and API key, and an ad, an order and a P2P order of its own as goods. */
export async function restActor(node: TestNode, email: string): Promise<RestActor> {
  const {services} = node
  const account = await services.accounts.create(email, 'fuzz password 1234')
  const other = await services.accounts.create(`other-${email}`, 'fuzz password 1234')
  for (const who of [account, other]) {
    for (const id of [who.fundingAccountId, who.tradingAccountId]) {
      for (const [asset, amount] of [
        ['USDT', '1000000'],
        ['ETH', '1000'],
      ] as const) {
        services.operations.topup({balanceAccountId: id}, {asset, amount, reason: 'fuzz funding', operator: 'proof'})
      }
    }
  }
  const {apiKey, apiSecret} = services.apiKeys.create(account.id, ['trade', 'read', 'withdraw'], 'fuzz', [])
  const {token} = await services.tokens.issue(account.id, 'user')
  const actor: RestActor = {token, apiKey, apiSecret, goods: {...BASE_GOODS}}
  const ids: Goods = {
    balance_account_id: [account.fundingAccountId, account.tradingAccountId, other.fundingAccountId],
    from_balance_account_id: [account.fundingAccountId, account.tradingAccountId],
    to_balance_account_id: [account.tradingAccountId, account.fundingAccountId],
    id: [account.id, other.id],
  }
  Object.assign(actor.goods, ids)
  // A resting order, an ad of the other account and a P2P order on it: ids that exist.
  const order = await send(node, actor, 'signed', 'POST', '/orders/place/', '', {
    ticker: 'ETH-USDT',
    side: 'buy',
    type: 'limit',
    price: '1000',
    qty: '1',
  })
  const otherKey = services.apiKeys.create(other.id, ['trade', 'read'], 'fuzz', [])
  const otherActor = {...actor, apiKey: otherKey.apiKey, apiSecret: otherKey.apiSecret}
  const ad = await send(node, otherActor, 'signed', 'POST', '/p2p/advertisements/', '', {
    type: 'SELL',
    asset: 'USDT',
    fiat: 'USD',
    price_type: 'fixed',
    price: '1.02',
    min_amount: '10',
    max_amount: '1000',
    total_amount: '5000',
    payment_methods: ['bank_transfer', 'card'],
  })
  const adId = (ad.body as {advertisement_id?: string})?.advertisement_id
  const p2p = adId
    ? await send(node, actor, 'signed', 'POST', '/p2p/orders/', '', {advertisement_id: adId, amount: '100'})
    : undefined
  const orderId = (order.body as {order_id?: string})?.order_id
  const p2pId = (p2p?.body as {order_id?: string})?.order_id
  for (const id of [orderId, adId, p2pId]) if (id) actor.goods['id']!.push(id)
  if (orderId) actor.goods['order_id'] = [orderId]
  if (adId) actor.goods['advertisement_id'] = [adId]
  return actor
}

type Auth = 'none' | 'jwt' | 'signed' | 'bad-jwt' | 'bad-signature'

type Case = {route: Route; auth: Auth; params: Record<string, unknown>; query: [string, unknown][]; body: unknown; raw: boolean}

const text = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))
/** Lone surrogates replaced by U+FFFD, as any client must before percent-encoding a path. */
const wellFormed = (value: string): string => Buffer.from(value, 'utf8').toString('utf8')

function caseOf(routes: Route[], goods: Goods): fc.Arbitrary<Case> {
  return fc.constantFrom(...routes).chain((route) => {
    const params = Object.fromEntries(
      [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, fieldValue(goods, name!, 0.6)]),
    )
    const query = fc.tuple(
      ...route.query.map((name) => fc.option(fc.tuple(fc.constant(name), fieldValue(goods, name, 0.6)), {freq: 3})),
      fc.option(fc.tuple(nastyString, nastyJson), {freq: 4}),
    )
    const shaped = fc.record(Object.fromEntries(route.body.map((name) => [name, fieldValue(goods, name, 0.7)])), {
      requiredKeys: [],
    })
    const body =
      route.method === 'GET' || route.method === 'DELETE'
        ? fc.constant(undefined)
        : fc.oneof({arbitrary: shaped, weight: 6}, nastyJson)
    return fc.record({
      route: fc.constant(route),
      auth: fc.constantFrom<Auth>('none', 'jwt', 'jwt', 'signed', 'signed', 'signed', 'bad-jwt', 'bad-signature'),
      params: fc.record(params),
      query: query.map((pairs) => pairs.filter((pair): pair is [string, unknown] => pair !== null)),
      body,
      raw: fc.integer({min: 0, max: 9}).map((n) => n === 0),
    })
  })
}

type Answer = {status: number; body: unknown}

async function send(
  node: TestNode,
  actor: RestActor,
  auth: Auth,
  method: string,
  path: string,
  search: string,
  body: unknown,
  raw = false,
): Promise<Answer> {
  const payload = body === undefined ? '' : raw ? text(body) : JSON.stringify(body)
  const target = `${API}${path}${search ? `?${search}` : ''}`
  const headers: Record<string, string> = {}
  if (payload !== '') headers['content-type'] = 'application/json'
  if (auth === 'jwt') headers['authorization'] = `Bearer ${actor.token}`
  if (auth === 'bad-jwt') headers['authorization'] = `Bearer ${actor.token.slice(0, -4)}AAAA`
  if (auth === 'signed' || auth === 'bad-signature') {
    const timestamp = String(freshTimestamp(`${actor.apiKey} ${method} ${target} ${payload}`))
    headers['x-api-key'] = actor.apiKey
    headers['x-timestamp'] = timestamp
    headers['x-signature'] = signature(auth === 'signed' ? actor.apiSecret : 'wrong', timestamp, method, target, payload)
  }
  const response = await fetch(`${node.httpUrl}${target}`, {method, headers, body: payload === '' ? undefined : payload})
  const answer = await response.text()
  let parsed: unknown = answer
  try {
    parsed = JSON.parse(answer)
  } catch {
    // not JSON: judged as such below
  }
  return {status: response.status, body: parsed}
}

/** What is wrong with an answer, or undefined: a 5xx, the code `internal`, or an error body not of docs/rest.md "Errors". */
export function restProblem(answer: Answer): string | undefined {
  if (answer.status === 0) return 'no answer'
  const code = (answer.body as {error?: {code?: unknown}} | undefined)?.error?.code
  // 503 `unavailable` is the documented answer about a chain that is not connected (docs/blockchain.md "Connecting chains").
  if (answer.status >= 500 && !(answer.status === 503 && code === 'unavailable')) return `status ${answer.status}`
  if (answer.status < 400) return undefined
  // Node's HTTP parser refuses a request line or headers over its limit before the application sees it.
  if (answer.status === 431 && answer.body === '') return undefined
  const error = (answer.body as {error?: {code?: unknown; message?: unknown}} | undefined)?.error
  if (typeof error?.code !== 'string' || typeof error.message !== 'string') return 'error body is not {error: {code, message}}'
  if (error.code === 'internal') return 'error code internal'
  return undefined
}

export type FuzzReport = {cases: number; tally: Tally; findings: Finding[]; ms: number}

/** Sends `cases` random requests (`concurrency` at a time) and reports the statuses and findings. */
export async function fuzzRest(
  node: TestNode,
  actor: RestActor,
  options: {cases: number; seed: number; concurrency?: number; routes?: Route[]},
): Promise<FuzzReport> {
  const started = Date.now()
  const routes = options.routes ?? (await restRoutes(node))
  const cases = fc.sample(caseOf(routes, actor.goods), {numRuns: options.cases, seed: options.seed})
  const tally: Tally = {}
  const findings: Finding[] = []
  let next = 0
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++]!
      const path = c.route.path.replace(
        /\{(\w+)\}/g,
        (_m, name: string) => encodeURIComponent(wellFormed(text(c.params[name]))) || '%20',
      )
      const search = new URLSearchParams(c.query.map(([k, v]): [string, string] => [k, text(v)])).toString()
      const request = `${c.auth} ${c.route.method} ${brief(`${path}${search ? `?${search}` : ''}`, 300)} ${brief(c.body)}`
      try {
        // A keep-alive socket the server closed after refusing an oversized request fails the next
        // request sent on it before it reaches the node: that one is sent again. Several workers can
        // leave several such sockets in the client's pool, so up to two more times (each failed
        // socket leaves the pool).
        const attempt = () => send(node, actor, c.auth, c.route.method, path, search, c.body, c.raw)
        const resend = (error: unknown) => {
          count(tally, `resent after: ${String((error as {cause?: unknown}).cause ?? error)}`)
          return attempt()
        }
        const answer = await attempt().catch(resend).catch(resend)
        count(tally, answer.status)
        const problem = restProblem(answer)
        if (problem) findings.push({interface: 'rest', request, response: `${problem}: ${answer.status} ${brief(answer.body)}`})
      } catch (error) {
        // Node's HTTP parser refuses a request head over its 16 KiB limit (431) and resets the
        // connection, often before the client has finished writing it: not the application's answer.
        if (path.length + search.length > 16 * 1024) {
          count(tally, 'oversized head: reset by the HTTP parser')
          continue
        }
        count(tally, 'transport-error')
        findings.push({
          interface: 'rest',
          request,
          response: `no answer: ${String(error)} ${String((error as {cause?: unknown}).cause)}`,
        })
      }
    }
  }
  await Promise.all(Array.from({length: options.concurrency ?? 8}, worker))
  return {cases: cases.length, tally, findings, ms: Date.now() - started}
}
