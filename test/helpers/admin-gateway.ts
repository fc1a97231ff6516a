/**
 * AdminGateway test helpers: JSON requests over real HTTP (optionally from another loopback
 * source address, so that per-IP sign-in limits of one scenario do not touch another), sign-in,
 * admins of each role made through the admin gRPC API. Not a test file.
 */
import http from 'node:http'
import type {ExecutionContext} from 'ava'
import {uniqueEmail, type TestNode} from './node.js'

export const ADMIN_PASSWORD = 'admin password 1234'

export type GatewayResponse<T = any> = {status: number; headers: http.IncomingHttpHeaders; body: T; text: string}

/** One HTTP request to the AdminGateway; `from` picks the loopback source address (127.0.0.x). */
export function gateway<T = any>(
  node: TestNode,
  method: string,
  path: string,
  options: {body?: unknown; token?: string; from?: string; raw?: string} = {},
): Promise<GatewayResponse<T>> {
  const url = new URL(path, node.adminHttpUrl)
  const payload = options.raw ?? (options.body === undefined ? '' : JSON.stringify(options.body))
  const headers: Record<string, string> = {}
  if (payload !== '') headers['content-type'] = 'application/json'
  if (options.token) headers['authorization'] = `Bearer ${options.token}`
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers,
        localAddress: options.from,
        agent: false,
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => {
          let body: unknown = text
          try {
            body = text === '' ? undefined : JSON.parse(text)
          } catch {
            // not JSON (metrics): keep the text
          }
          resolve({status: response.statusCode ?? 0, headers: response.headers, body: body as T, text})
        })
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

export type SignedIn = {email: string; password: string; role: string; token: string}

export async function signIn(node: TestNode, email: string, password: string, from?: string): Promise<GatewayResponse> {
  return gateway(node, 'POST', '/auth/sign-in', {body: {email, password}, from})
}

let signIns = 0
/**
 * A loopback source address of its own for each admin signed in by `adminOf` (127.0.1.1, 127.0.1.2,
 * …): sign-in takes the strict rate class per IP (1/s), so admins signed in one after another from
 * one address would be refused, as they would be in production from one desk.
 */
const nextLoopback = () => `127.0.${1 + Math.floor(signIns / 250)}.${1 + (signIns++ % 250)}`

/** Creates an admin of `role` through the admin gRPC API and signs it in through the gateway (from its own address unless `from`). */
export async function adminOf(node: TestNode, role: string, from?: string): Promise<SignedIn> {
  const email = uniqueEmail(role)
  await node.admin.call('AdminsService', 'CreateAdmin', {email, password: ADMIN_PASSWORD, role})
  const response = await signIn(node, email, ADMIN_PASSWORD, from ?? nextLoopback())
  if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status} ${response.text}`)
  return {email, password: ADMIN_PASSWORD, role, token: (response.body as {access_token: string}).access_token}
}

/** POST /rpc/{Service}/{Method} as `admin`. */
export function rpc<T = any>(
  node: TestNode,
  admin: {token: string},
  name: string,
  body: unknown = {},
): Promise<GatewayResponse<T>> {
  return gateway<T>(node, 'POST', `/rpc/${name}`, {body, token: admin.token})
}

/** Asserts the error body of docs/rest.md "Errors" and the status. */
export function assertError(t: ExecutionContext, response: GatewayResponse, status: number, code: string): void {
  t.is(response.status, status, response.text)
  t.is((response.body as {error?: {code?: string}})?.error?.code, code, response.text)
  t.is(typeof (response.body as {error?: {message?: unknown}})?.error?.message, 'string')
}

/** The newest audit entries (of one admin e-mail when given), read through the admin gRPC API. */
export async function auditOf(node: TestNode, adminEmail = ''): Promise<AuditEntry[]> {
  const response = await node.admin.call<{entries: AuditEntry[]}>('AdminsService', 'ListAuditLog', {
    admin_email: adminEmail,
    page: {limit: 1000},
  })
  return response.entries
}

export type AuditEntry = {
  id: string
  admin_id: string
  admin_email: string
  role: string
  action: string
  request: string
  result: string
  created_at: string
}
