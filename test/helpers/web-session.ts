/**
 * The node as the web app calls it (docs/rest.md "Browsers: cookies, CSRF and CORS"): a user signed
 * in through the gateway holds nothing but the `exchange_session` cookie its sign-in set (HttpOnly: a
 * page script never sees the token), every request carries it, and every write adds
 * `X-Requested-With: exchange-web`. Works against a node or a cluster edge (anything with `httpUrl`).
 */
import type {ExecutionContext} from 'ava'
import WebSocket from 'ws'
import {API, newIdentity, outboxCodes, WEB_APP, type Reply} from './account-flows.js'
import type {TestNode} from './node.js'

type Served = Pick<TestNode, 'httpUrl'>

/** A user of the web app: its account id, and the cookie header its sign-in set (`exchange_session=<JWT>`). */
export type WebUser = {email: string; password: string; accountId: string; cookie: string}

export type PageOptions = {
  /** Send `X-Requested-With: exchange-web` (default true, as the web app does). */
  web?: boolean
  /** The Origin header (none by default). */
  origin?: string
  /** Further headers, sent last. */
  headers?: Record<string, string>
  /** A form to send as multipart/form-data instead of a JSON body. */
  form?: FormData
}

/** A request from the web app's page: the cookie, the header on writes, JSON (or a form). */
export async function fromPage(
  served: Served,
  browser: Pick<WebUser, 'cookie'>,
  method: string,
  path: string,
  body?: unknown,
  options: PageOptions = {},
): Promise<Reply> {
  const headers: Record<string, string> = {Cookie: browser.cookie}
  if (options.web !== false) Object.assign(headers, WEB_APP)
  if (options.origin !== undefined) headers['Origin'] = options.origin
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  Object.assign(headers, options.headers)
  const response = await fetch(`${served.httpUrl}${API}${path}`, {
    method,
    headers,
    body: options.form ?? (body === undefined ? undefined : JSON.stringify(body)),
  })
  const type = response.headers.get('content-type') ?? ''
  const text = type.startsWith('application/json') ? await response.text() : undefined
  const parsed: unknown =
    text === undefined ? Buffer.from(await response.arrayBuffer()) : text === '' ? undefined : JSON.parse(text)
  return {status: response.status, headers: response.headers, body: parsed}
}

/** The `exchange_session` cookie a sign-in answer sets, as a Cookie header. */
export function sessionCookieOf(reply: Reply): string {
  for (const line of reply.headers.getSetCookie()) {
    const pair = line.split(';')[0]!
    if (pair.startsWith('exchange_session=') && pair.length > 'exchange_session='.length) return pair
  }
  throw new Error(`no exchange_session cookie in ${JSON.stringify(reply.headers.getSetCookie())}`)
}

/** Signs in through the gateway's sign-in, as the web app's sign-in screen does; the cookie it sets. */
export async function signInPage(t: ExecutionContext, served: Served, who: {email: string; password: string}): Promise<string> {
  const reply = await fromPage(served, {cookie: ''}, 'POST', '/auth/sign-in/', {email: who.email, password: who.password})
  t.is(reply.status, 200, JSON.stringify(reply.body))
  return sessionCookieOf(reply)
}

/** Signs up through the gateway's sign-up screen (the codes read from `outbox`'s node: on a cluster, the sequencer's). */
export async function signUpPage(
  t: ExecutionContext,
  served: Served,
  outbox: TestNode,
  prefix = 'web',
): Promise<Omit<WebUser, 'cookie'>> {
  const who = newIdentity(prefix)
  const started = await fromPage(served, {cookie: ''}, 'POST', '/auth/sign-up/', who)
  t.is(started.status, 200, JSON.stringify(started.body))
  const done = await fromPage(served, {cookie: ''}, 'POST', '/auth/sign-up/complete/', {
    verification_id: started.body.verification_id,
    ...outboxCodes(outbox, who),
  })
  t.is(done.status, 200, JSON.stringify(done.body))
  return {email: who.email, password: who.password, accountId: done.body.account_id}
}

/** A new user of the web app on `served`: signed up and signed in through the gateway, holding the cookie. */
export async function browserUser(t: ExecutionContext, served: Served, outbox: TestNode, prefix = 'web'): Promise<WebUser> {
  const who = await signUpPage(t, served, outbox, prefix)
  return {...who, cookie: await signInPage(t, served, who)}
}

/** The handshake of the page's WebSocket: the cookie, and the `Origin` a browser sends (none when undefined). */
export function pageSocket(cookie: string, origin: string | undefined): WebSocket.ClientOptions {
  return {headers: {Cookie: cookie}, ...(origin === undefined ? {} : {origin})}
}
