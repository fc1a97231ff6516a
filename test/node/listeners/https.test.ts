import fs from 'node:fs'
import https from 'node:https'
import type {TLSSocket} from 'node:tls'
import test from 'ava'
import WebSocket from 'ws'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {signature, trader} from '../../helpers/rest.js'
import {makeTestPki, type TestPki} from '../../helpers/tls.js'
import {signedQuery} from '../../helpers/ws-clients.js'

// One node serving HTTPS on both listeners with the test CA's server certificate; the files are
// copies, so the reload tests can replace them.
let pki: TestPki
let node: TestNode
let files: {cert: string; key: string}
test.before(async () => {
  pki = makeTestPki()
  files = {cert: `${pki.dir}/listener.pem`, key: `${pki.dir}/listener.key`}
  fs.copyFileSync(pki.server.cert, files.cert)
  fs.copyFileSync(pki.server.key, files.key)
  const tls = {certFile: files.cert, keyFile: files.key}
  node = await startTestNode({httpTls: tls, adminHttpTls: tls})
})
test.after.always(async () => {
  await node?.close()
  if (pki) fs.rmSync(pki.dir, {recursive: true, force: true})
})

type Answer = {status: number; body: any; serial: string}

/** One request over a new TLS connection (no session reuse) that trusts the test CA. */
function request(port: number, method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {host: '127.0.0.1', port, method, path, headers, ca: pki.read(pki.ca), agent: false},
      (response) => {
        const serial = (response.socket as TLSSocket).getPeerCertificate().serialNumber
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve({status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined, serial}))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

// Everything but the reload tests runs before them: they replace the certificate.
test.serial('HTTPS: GET /healthz on the public listener and the AdminGateway, with the certificate of the files', async (t) => {
  const pub = await request(node.ports.http, 'GET', '/healthz')
  t.is(pub.status, 200)
  t.deepEqual(pub.body, {status: 'ok'})
  t.is(pub.serial, pki.server.serial)
  const admin = await request(node.ports.adminHttp, 'GET', '/healthz')
  t.is(admin.status, 200)
  t.is(admin.serial, pki.server.serial)
})

test.serial('HTTPS: a client that does not trust the certificate is refused; plain HTTP is not served', async (t) => {
  const untrusting = new Promise((resolve, reject) =>
    https.get({host: '127.0.0.1', port: node.ports.http, path: '/healthz', agent: false}, resolve).on('error', reject),
  )
  const error = await t.throwsAsync(untrusting)
  t.regex(String((error as NodeJS.ErrnoException).code), /CERT|SIGNATURE|SELF_SIGNED|UNABLE/)
  // Plain HTTP to the TLS port: the server answers with a TLS alert or 400, never the resource.
  const plain = await fetch(`http://127.0.0.1:${node.ports.http}/healthz`).then(
    (response) => response.status,
    () => 0,
  )
  t.not(plain, 200)
})

test.serial('HTTPS: a signed REST call (API key, HMAC) is served', async (t) => {
  const who = await trader(node, {USDT: '12.5'})
  const target = '/api/v1/balances/'
  const timestamp = String(Date.now())
  const response = await request(node.ports.http, 'GET', target, {
    'X-API-Key': who.apiKey,
    'X-Timestamp': timestamp,
    'X-Signature': signature(who.apiSecret, timestamp, 'GET', target, ''),
  })
  t.is(response.status, 200, JSON.stringify(response.body))
  t.true(JSON.stringify(response.body).includes('12.5'))
})

test.serial('wss: the orders stream (signed) and the orderbook stream work over TLS', async (t) => {
  const who = await trader(node, {})
  const orders = new WebSocket(
    `wss://127.0.0.1:${node.ports.http}/api/v1/exchange/ws/orders/?${signedQuery(who.apiKey, who.apiSecret)}`,
    {
      ca: pki.read(pki.ca),
    },
  )
  await new Promise<void>((resolve, reject) => {
    orders.once('open', resolve)
    orders.once('error', reject)
    orders.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)))
  })
  t.is(orders.readyState, WebSocket.OPEN)
  orders.close()
  const book = new WebSocket(`wss://127.0.0.1:${node.ports.http}/api/v1/exchange/ws/orderbook/?ticker=BTC-USDT`, {
    ca: pki.read(pki.ca),
  })
  const first = await new Promise<any>((resolve, reject) => {
    book.once('message', (data) => resolve(JSON.parse(data.toString())))
    book.once('error', reject)
  })
  book.close()
  t.truthy(first)
  t.is(typeof first, 'object')
})

test.serial('reloadTls: new connections get the replaced certificate (new serial) on both listeners', async (t) => {
  const next = pki.issueServer('server-2')
  t.not(next.serial, pki.server.serial)
  fs.copyFileSync(next.cert, files.cert)
  fs.copyFileSync(next.key, files.key)
  node.reloadTls()
  t.is((await request(node.ports.http, 'GET', '/healthz')).serial, next.serial)
  t.is((await request(node.ports.adminHttp, 'GET', '/healthz')).serial, next.serial)
  t.true(node.logs.some((line) => line.includes('tls certificate reloaded') && line.includes(next.serial)))
})

test.serial('reloadTls: unreadable or mismatched files keep the old certificate and log an error', async (t) => {
  const before = (await request(node.ports.http, 'GET', '/healthz')).serial
  const other = pki.issueServer('server-3')
  // The new certificate with the old key: the pair does not match.
  fs.copyFileSync(other.cert, files.cert)
  node.reloadTls()
  t.true(node.logs.some((line) => line.includes('tls reload failed')))
  const after = await request(node.ports.http, 'GET', '/healthz')
  t.is(after.status, 200)
  t.is(after.serial, before)
  // Garbage in the file: the same.
  fs.writeFileSync(files.cert, 'not a certificate')
  node.reloadTls()
  t.is((await request(node.ports.adminHttp, 'GET', '/healthz')).serial, before)
})
