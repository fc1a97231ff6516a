/**
 * Account-flow test support: a real SMTP server (smtp-server) and a real HTTP SMS endpoint, both
 * in-process on port 0, that capture what the node delivers; JSON requests against the gateway;
 * and a user made through the real sign-up (codes read from the outbox when no transport is set).
 */
import http from 'node:http'
import type {AddressInfo} from 'node:net'
import type {ExecutionContext} from 'ava'
import {SMTPServer} from 'smtp-server'
import type {TestNode} from './node.js'

export const API = '/api/v1'

export type Reply<T = any> = {status: number; headers: Headers; body: T}

/**
 * The header the web app sends with every request: a write that only a cookie authenticates needs it
 * (docs/rest.md "Browsers: cookies, CSRF and CORS").
 */
export const WEB_APP = {'X-Requested-With': 'exchange-web'} as const

/** A JSON request to the public listener; `token` goes in Authorization, `cookie` as Cookie. */
export async function call(
  node: TestNode,
  method: string,
  path: string,
  body?: unknown,
  options: {token?: string; cookie?: string; headers?: Record<string, string>} = {},
): Promise<Reply> {
  const headers: Record<string, string> = {...options.headers}
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (options.token !== undefined) headers['Authorization'] = `Bearer ${options.token}`
  if (options.cookie !== undefined) headers['Cookie'] = options.cookie
  const response = await fetch(`${node.httpUrl}${API}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = text === '' ? undefined : JSON.parse(text)
  } catch {
    // not JSON: keep the text
  }
  return {status: response.status, headers: response.headers, body: parsed}
}

/** Asserts the error body `{error: {code, message}}` of docs/rest.md "Errors" and the status. */
export function assertError(t: ExecutionContext, reply: Reply, status: number, code: string): void {
  t.is(reply.status, status, JSON.stringify(reply.body))
  t.deepEqual(Object.keys(reply.body ?? {}), ['error'], JSON.stringify(reply.body))
  t.is(reply.body?.error?.code, code, JSON.stringify(reply.body))
  t.true(typeof reply.body?.error?.message === 'string' && reply.body.error.message.length > 0)
}

/** Fails when any of `secrets` appears in the node's log lines (as a whole token, not inside a longer one). */
export function assertNotLogged(t: ExecutionContext, node: TestNode, secrets: string[]): void {
  const logs = node.logs.join('\n')
  for (const secret of secrets) {
    const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    t.false(
      new RegExp(`(?<![0-9A-Za-z])${escaped}(?![0-9A-Za-z])`).test(logs),
      `a secret appears in the logs: ${secret.slice(0, 3)}…`,
    )
  }
}

export type Mail = {from: string; to: string[]; user: string | undefined; raw: string}

export type MailServer = {port: number; mails: Mail[]; close(): Promise<void>}

/** A real SMTP server on 127.0.0.1:0 (plain, AUTH optional; `mailer`/`mail-pass` accepted). */
export async function startMailServer(): Promise<MailServer> {
  const mails: Mail[] = []
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'mail-pass') return callback(null, {user: auth.username})
      return callback(new Error('invalid credentials'))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.server.address() as AddressInfo).port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type Sms = {authorization: string | undefined; contentType: string | undefined; body: any}

export type SmsServer = {url: string; messages: Sms[]; close(): Promise<void>}

/** A real HTTP SMS endpoint on 127.0.0.1:0; it answers 503 for numbers in `failFor`. */
export async function startSmsServer(failFor: string[] = []): Promise<SmsServer> {
  const messages: Sms[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      messages.push({authorization: req.headers.authorization, contentType: req.headers['content-type'], body})
      const fail = failFor.includes(body.to ?? body.recipient)
      res.writeHead(fail ? 503 : 200, {'Content-Type': 'application/json'})
      res.end(JSON.stringify(fail ? {error: 'unavailable'} : {id: `sms-${messages.length}`}))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The 6-digit code after `marker` in a text. */
export function codeAfter(text: string, marker: RegExp): string {
  const match = new RegExp(`${marker.source}\\s*(\\d{6})`).exec(text)
  if (!match) throw new Error(`no code in: ${text.slice(0, 200)}`)
  return match[1]!
}

let counter = 0
/** A unique e-mail and E.164 phone per call within a test process. */
export function newIdentity(prefix = 'user'): {email: string; phone: string; password: string} {
  counter++
  return {
    email: `${prefix}-${process.pid}-${counter}@example.com`,
    phone: `+1555${String(process.pid % 1000).padStart(3, '0')}${String(counter).padStart(4, '0')}`,
    password: `correct horse ${process.pid}-${counter}`,
  }
}

/** The latest codes in the outbox for a sign-up (node without SMTP/SMS). */
export function outboxCodes(node: TestNode, who: {email: string; phone: string}): {email_code: string; sms_code: string} {
  const mail = node.services.outbox.list({channel: 'email', to: who.email, limit: 1})[0]
  const sms = node.services.outbox.list({channel: 'sms', to: who.phone, limit: 1})[0]
  if (!mail || !sms) throw new Error(`no codes in the outbox for ${who.email}`)
  return {email_code: codeAfter(mail.body, /code is/), sms_code: codeAfter(sms.body, /code:/)}
}

export type User = {email: string; phone: string; password: string; accountId: string}

/** Signs up through the gateway, reading the codes from the outbox. */
export async function signUpUser(t: ExecutionContext, node: TestNode, prefix = 'user'): Promise<User> {
  const who = newIdentity(prefix)
  const started = await call(node, 'POST', '/auth/sign-up/', who)
  t.is(started.status, 200, JSON.stringify(started.body))
  const done = await call(node, 'POST', '/auth/sign-up/complete/', {
    verification_id: started.body.verification_id,
    ...outboxCodes(node, who),
  })
  t.is(done.status, 200, JSON.stringify(done.body))
  return {...who, accountId: done.body.account_id}
}

/** Signs in (no two-factor) and returns the access token. */
export async function signInUser(t: ExecutionContext, node: TestNode, user: {email: string; password: string}): Promise<string> {
  const reply = await call(node, 'POST', '/auth/sign-in/', {email: user.email, password: user.password})
  t.is(reply.status, 200, JSON.stringify(reply.body))
  return reply.body.access_token as string
}
