/**
 * Behind a reverse proxy (docs/configuration.md "Behind a reverse proxy", `--trusted-proxies`): with a real forwarding hop written
 * here (node:http, appending its peer to X-Forwarded-For as nginx's $proxy_add_x_forwarded_for
 * does), each client keeps its own strict sign-in budget, API-key allow-lists and the orders
 * stream see the client, and the AdminGateway's audit log records it. The node trusts only
 * 127.0.0.1, the proxy's address; clients connect from 127.0.1.x, so the same header sent
 * straight to the node by a client is ignored.
 */
import http from 'node:http'
import net from 'node:net'
import test from 'ava'
import WebSocket from 'ws'
import {startTestNode, uniqueEmail, type TestNode} from '../../helpers/node.js'
import {API, freshTimestamp, signature, trader} from '../../helpers/rest.js'
import {ORDERS_PATH, signedQuery} from '../../helpers/ws-clients.js'

type Reply = {status: number; body: any}

/** The address the proxy dials the node from: the one trusted proxy. */
const PROXY_ADDRESS = '127.0.0.1'

let node: TestNode
/** Proxies in front of the public listener and the AdminGateway. */
let publicProxy: Proxy
let adminProxy: Proxy

test.before(async () => {
  node = await startTestNode({trustedProxies: [`${PROXY_ADDRESS}/32`]})
  publicProxy = await forwardingProxy(node.ports.http)
  adminProxy = await forwardingProxy(node.ports.adminHttp)
})
test.after.always(async () => {
  await publicProxy?.close()
  await adminProxy?.close()
  await node?.close()
})

type Proxy = {port: number; close(): Promise<void>}

/** A reverse proxy to 127.0.0.1:`target` that appends the address of its peer to X-Forwarded-For. */
async function forwardingProxy(target: number): Promise<Proxy> {
  const forwardedFor = (request: http.IncomingMessage): string => {
    const peer = (request.socket.remoteAddress ?? '').replace(/^::ffff:/, '')
    const before = request.headers['x-forwarded-for']
    return before ? `${String(before)}, ${peer}` : peer
  }
  const server = http.createServer((request, response) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target,
        localAddress: PROXY_ADDRESS,
        method: request.method,
        path: request.url,
        headers: {...request.headers, 'x-forwarded-for': forwardedFor(request)},
        agent: false,
      },
      (reply) => {
        response.writeHead(reply.statusCode ?? 502, reply.headers)
        reply.pipe(response)
      },
    )
    upstream.on('error', () => response.destroy())
    request.pipe(upstream)
  })
  // WebSocket upgrades: the request head is written again with the header, then bytes both ways.
  server.on('upgrade', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const upstream = net.connect({host: '127.0.0.1', port: target, localAddress: PROXY_ADDRESS}, () => {
      const headers = {...request.headers, 'x-forwarded-for': forwardedFor(request)}
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${String(value)}`)
      upstream.write(`${request.method} ${request.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`)
      upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, PROXY_ADDRESS, resolve))
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** One request to 127.0.0.1:`port` from the loopback address `from`. */
function call(
  port: number,
  method: string,
  path: string,
  options: {from: string; body?: unknown; headers?: Record<string, string>},
): Promise<Reply> {
  const payload = options.body === undefined ? '' : JSON.stringify(options.body)
  const headers: Record<string, string> = {...options.headers}
  if (payload !== '') headers['content-type'] = 'application/json'
  return new Promise((resolve, reject) => {
    const request = http.request(
      {host: '127.0.0.1', port, path, method, headers, localAddress: options.from, agent: false},
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve({status: response.statusCode ?? 0, body: text === '' ? undefined : JSON.parse(text)}))
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

const signIn = (port: number, from: string, headers: Record<string, string> = {}) =>
  call(port, 'POST', `${API}/auth/sign-in/`, {from, headers, body: {email: uniqueEmail('proxied'), password: 'not the password'}})

/** Signed-key headers for GET `target` (the full path). */
function signedGet(creds: {apiKey: string; apiSecret: string}, target: string): Record<string, string> {
  const timestamp = String(freshTimestamp())
  return {
    'X-API-Key': creds.apiKey,
    'X-Timestamp': timestamp,
    'X-Signature': signature(creds.apiSecret, timestamp, 'GET', target, ''),
  }
}

/** Opens a WebSocket from `from`; resolves with the HTTP status of a refusal, or 101 once open. */
function upgrade(url: string, from: string, headers: Record<string, string> = {}): Promise<number> {
  const ws = new WebSocket(url, {localAddress: from, headers})
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      ws.close()
      resolve(101)
    })
    ws.once('unexpected-response', (_request, response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    ws.once('error', reject)
  })
}

test('two clients behind the proxy each get their own strict sign-in budget; one client still has one', async (t) => {
  // Without --trusted-proxies both would be the proxy's 127.0.0.1 and the second would be 429.
  const apart = await Promise.all([signIn(publicProxy.port, '127.0.1.21'), signIn(publicProxy.port, '127.0.1.22')])
  t.deepEqual(
    apart.map((reply) => reply.status === 429),
    [false, false],
    JSON.stringify(apart),
  )
  const same = await Promise.all([signIn(publicProxy.port, '127.0.1.23'), signIn(publicProxy.port, '127.0.1.23')])
  t.deepEqual(same.map((reply) => reply.status).filter((status) => status === 429).length, 1, JSON.stringify(same))
})

test('X-Forwarded-For sent straight to the node by an untrusted peer is ignored by the strict class', async (t) => {
  const forged = await Promise.all([
    signIn(node.ports.http, '127.0.1.24', {'X-Forwarded-For': '198.51.100.1'}),
    signIn(node.ports.http, '127.0.1.24', {'X-Forwarded-For': '198.51.100.2'}),
  ])
  t.is(forged.filter((reply) => reply.status === 429).length, 1, JSON.stringify(forged))
})

test('an API key allow-list sees the forwarded client, and a forged header from an untrusted peer is ignored', async (t) => {
  const alice = await trader(node, {}, ['read'], ['127.0.1.31'])
  const target = `${API}/balances/`
  const proxied = await call(publicProxy.port, 'GET', target, {from: '127.0.1.31', headers: signedGet(alice, target)})
  t.is(proxied.status, 200, JSON.stringify(proxied.body))
  // Another client behind the same proxy is outside the list...
  const other = await call(publicProxy.port, 'GET', target, {from: '127.0.1.32', headers: signedGet(alice, target)})
  t.is(other.status, 403)
  t.is(other.body.error.code, 'permission_denied')
  // ...even when it claims the listed address itself: the proxy appends the real one on the right.
  const claimed = await call(publicProxy.port, 'GET', target, {
    from: '127.0.1.32',
    headers: {...signedGet(alice, target), 'X-Forwarded-For': '127.0.1.31'},
  })
  t.is(claimed.status, 403)
  // Straight to the node, the header is not believed.
  const forged = await call(node.ports.http, 'GET', target, {
    from: '127.0.1.32',
    headers: {...signedGet(alice, target), 'X-Forwarded-For': '127.0.1.31'},
  })
  t.is(forged.status, 403)
  t.is(forged.body.error.code, 'permission_denied')
})

test('the orders stream upgrade through the proxy sees the forwarded client for the allow-list', async (t) => {
  const alice = await trader(node, {}, ['read'], ['127.0.1.41'])
  const url = (port: number) => `ws://127.0.0.1:${port}${ORDERS_PATH}?${signedQuery(alice.apiKey, alice.apiSecret)}`
  t.is(await upgrade(url(publicProxy.port), '127.0.1.41'), 101)
  t.is(await upgrade(url(publicProxy.port), '127.0.1.42'), 403)
  t.is(await upgrade(url(node.ports.http), '127.0.1.42', {'X-Forwarded-For': '127.0.1.41'}), 403)
})

test('the AdminGateway behind the proxy: per-client sign-in budget and the client in the audit log', async (t) => {
  const email = uniqueEmail('proxied-admin')
  const reply = await call(adminProxy.port, 'POST', '/auth/sign-in', {
    from: '127.0.1.51',
    body: {email, password: 'wrong password 1'},
  })
  t.is(reply.status, 401, JSON.stringify(reply.body))
  const {entries} = node.services.audit.list({adminEmail: email})
  t.is(entries[0]?.ip, '127.0.1.51')
  // Straight to the gateway with a forged header: the peer is recorded.
  const forgedEmail = uniqueEmail('forged-admin')
  await call(node.ports.adminHttp, 'POST', '/auth/sign-in', {
    from: '127.0.1.52',
    headers: {'X-Forwarded-For': '198.51.100.7'},
    body: {email: forgedEmail, password: 'wrong password 1'},
  })
  t.is(node.services.audit.list({adminEmail: forgedEmail}).entries[0]?.ip, '127.0.1.52')
})
