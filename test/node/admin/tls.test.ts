import fs from 'node:fs'
import http from 'node:http'
import * as grpc from '@grpc/grpc-js'
import {status} from '@grpc/grpc-js'
import test from 'ava'
import {AdminClient, tlsCredentials} from '../../../src/node/admin/client.js'
import {rpcError, startTestNode, uniqueEmail, type TestNode} from '../../helpers/node.js'
import {makeTestPki, type TestPki} from '../../helpers/tls.js'

const TOKEN = 'tls-s3cret'

// One node with mTLS on its admin gRPC server (and the admin token on top), one with TLS only.
let pki: TestPki
let mtls: TestNode
let tlsOnly: TestNode
test.before(async () => {
  pki = makeTestPki()
  mtls = await startTestNode({
    adminToken: TOKEN,
    grpcTls: {certFile: pki.server.cert, keyFile: pki.server.key, clientCaFile: pki.ca},
  })
  tlsOnly = await startTestNode({grpcTls: {certFile: pki.server.cert, keyFile: pki.server.key}})
})
test.after.always(async () => {
  await mtls?.close()
  await tlsOnly?.close()
  if (pki) fs.rmSync(pki.dir, {recursive: true, force: true})
})

/** A client of `node` with the given credentials; closed after `use`. */
async function withClient<T>(
  node: TestNode,
  credentials: grpc.ChannelCredentials,
  use: (client: AdminClient) => Promise<T>,
  token = TOKEN,
): Promise<T> {
  const client = new AdminClient(node.grpcAddress, {credentials, token, timeoutMs: 30_000})
  try {
    return await use(client)
  } finally {
    client.close()
  }
}

const trusted = () => tlsCredentials({ca: pki.read(pki.ca), cert: pki.read(pki.client.cert), key: pki.read(pki.client.key)})

test('mTLS: a client with a certificate the client CA issued (and the token) is served', async (t) => {
  const response = await withClient(mtls, trusted(), (client) => client.call('PingService', 'Ping'))
  t.is(response.status, 'ok')
})

test('mTLS: the admin token still applies on top of the client certificate', async (t) => {
  const error = await withClient(mtls, trusted(), (client) => rpcError(client.call('PingService', 'Ping')), '')
  t.is(error.code, status.PERMISSION_DENIED)
})

test('mTLS: a TLS client without a certificate is refused in the handshake (UNAVAILABLE)', async (t) => {
  const credentials = tlsCredentials({ca: pki.read(pki.ca)})
  const error = await withClient(mtls, credentials, (client) => rpcError(client.call('PingService', 'Ping')))
  t.is(error.code, status.UNAVAILABLE)
})

test('mTLS: a client certificate from another CA is refused (UNAVAILABLE)', async (t) => {
  const credentials = tlsCredentials({
    ca: pki.read(pki.ca),
    cert: pki.read(pki.untrustedClient.cert),
    key: pki.read(pki.untrustedClient.key),
  })
  const error = await withClient(mtls, credentials, (client) => rpcError(client.call('PingService', 'Ping')))
  t.is(error.code, status.UNAVAILABLE)
})

test('mTLS: a plaintext client is refused (UNAVAILABLE)', async (t) => {
  const error = await withClient(mtls, grpc.credentials.createInsecure(), (client) =>
    rpcError(client.call('PingService', 'Ping')),
  )
  t.is(error.code, status.UNAVAILABLE)
})

test('mTLS: a client that does not trust the server certificate fails (UNAVAILABLE)', async (t) => {
  // The system roots do not include the test CA.
  const credentials = tlsCredentials({cert: pki.read(pki.client.cert), key: pki.read(pki.client.key)})
  const error = await withClient(mtls, credentials, (client) => rpcError(client.call('PingService', 'Ping')))
  t.is(error.code, status.UNAVAILABLE)
})

test('mTLS: the AdminGateway still reaches the gRPC server (its own certificate as client identity)', async (t) => {
  const email = uniqueEmail('tls-admin')
  const password = 'admin password 1234'
  await withClient(mtls, trusted(), (client) =>
    client.call('AdminsService', 'CreateAdmin', {email, password, role: 'superadmin'}),
  )
  const signedIn = await post(mtls, '/auth/sign-in', {email, password})
  t.is(signedIn.status, 200, JSON.stringify(signedIn.body))
  const ping = await post(mtls, '/rpc/PingService/Ping', {}, (signedIn.body as {access_token: string}).access_token)
  t.is(ping.status, 200, JSON.stringify(ping.body))
  t.is((ping.body as {status: string}).status, 'ok')
})

test('TLS without a client CA: a client without a certificate is served, a plaintext one is not', async (t) => {
  const response = await withClient(tlsOnly, tlsCredentials({ca: pki.read(pki.ca)}), (client) =>
    client.call('PingService', 'Ping'),
  )
  t.is(response.status, 'ok')
  const error = await withClient(tlsOnly, grpc.credentials.createInsecure(), (client) =>
    rpcError(client.call('PingService', 'Ping')),
  )
  t.is(error.code, status.UNAVAILABLE)
})

/** A JSON POST to the node's (plain HTTP) AdminGateway. */
function post(node: TestNode, path: string, body: unknown, token?: string): Promise<{status: number; body: unknown}> {
  const payload = JSON.stringify(body)
  const headers: Record<string, string> = {'content-type': 'application/json'}
  if (token) headers['authorization'] = `Bearer ${token}`
  return new Promise((resolve, reject) => {
    const request = http.request(
      {host: '127.0.0.1', port: node.ports.adminHttp, path, method: 'POST', headers, agent: false},
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve({status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined}))
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}
