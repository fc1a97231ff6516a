/**
 * TLS from the command line (built CLI, subprocesses): `exchange ping` with --admin-ca/--admin-cert/
 * --admin-key against a node with mTLS, and `exchange node start` with the TLS flags, whose HTTPS
 * certificates a real SIGHUP reloads.
 */
import fs from 'node:fs'
import https from 'node:https'
import type {TLSSocket} from 'node:tls'
import test from 'ava'
import {CLI_TIMEOUT_MS, runCli, startCli} from '../helpers/cli.js'
import {startTestNode, tempDir, type TestNode} from '../helpers/node.js'
import {makeTestPki, type TestPki} from '../helpers/tls.js'

let pki: TestPki
let node: TestNode
test.before(async () => {
  pki = makeTestPki()
  node = await startTestNode({grpcTls: {certFile: pki.server.cert, keyFile: pki.server.key, clientCaFile: pki.ca}})
})
test.after.always(async () => {
  await node?.close()
  if (pki) fs.rmSync(pki.dir, {recursive: true, force: true})
})

const clientFlags = () => ['--admin-ca', pki.ca, '--admin-cert', pki.client.cert, '--admin-key', pki.client.key]

test('exchange ping --admin-ca --admin-cert --admin-key reaches a node with mTLS', async (t) => {
  const result = await runCli(['ping', '--admin-url', node.grpcAddress, ...clientFlags(), '--json'])
  t.is(result.code, 0, result.stderr)
  t.is((JSON.parse(result.stdout) as {status: string}).status, 'ok')
})

test('exchange ping: the same from EXCHANGE_ADMIN_CA / _CERT / _KEY', async (t) => {
  const result = await runCli(['ping', '--admin-url', node.grpcAddress, '--json'], {
    env: {EXCHANGE_ADMIN_CA: pki.ca, EXCHANGE_ADMIN_CERT: pki.client.cert, EXCHANGE_ADMIN_KEY: pki.client.key},
  })
  t.is(result.code, 0, result.stderr)
})

test('exchange ping without a client certificate, or in plaintext, fails with UNAVAILABLE', async (t) => {
  const noCert = await runCli(['ping', '--admin-url', node.grpcAddress, '--admin-ca', pki.ca, '--json'])
  t.not(noCert.code, 0)
  t.regex(noCert.stderr, /UNAVAILABLE/i)
  const plain = await runCli(['ping', '--admin-url', node.grpcAddress, '--json'])
  t.not(plain.code, 0)
  t.regex(plain.stderr, /UNAVAILABLE/i)
})

test('exchange ping: --admin-cert without --admin-key, or an unreadable file, is a usage error', async (t) => {
  const half = await runCli(['ping', '--admin-url', node.grpcAddress, '--admin-cert', pki.client.cert])
  t.is(half.code, 2, half.stderr)
  const missing = await runCli(['ping', '--admin-url', node.grpcAddress, '--admin-ca', `${pki.dir}/nope.pem`])
  t.is(missing.code, 2, missing.stderr)
  t.regex(missing.stderr, /--admin-ca/)
})

test('node start: a certificate without its key is a usage error naming the flags', async (t) => {
  const result = await runCli(['node', 'start', '--data-dir', tempDir(), '--http-tls-cert', pki.server.cert])
  t.is(result.code, 2, result.stderr)
  t.regex(result.stderr, /--http-tls-cert and --http-tls-key/)
})

/** The serial of the certificate a new HTTPS connection to `port` sees. */
function servedSerial(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = https.get({host: '127.0.0.1', port, path: '/healthz', ca: pki.read(pki.ca), agent: false}, (response) => {
      const serial = (response.socket as TLSSocket).getPeerCertificate().serialNumber
      response.resume()
      response.on('end', () => resolve(serial))
    })
    request.on('error', reject)
  })
}

// Serial: a second node, as a child process, runs alone.
test.serial('node start with the TLS flags: mTLS gRPC for the CLI, HTTPS whose certificate SIGHUP reloads', async (t) => {
  const dataDir = tempDir()
  const cert = `${pki.dir}/cli-listener.pem`
  const key = `${pki.dir}/cli-listener.key`
  fs.copyFileSync(pki.server.cert, cert)
  fs.copyFileSync(pki.server.key, key)
  const child = startCli(
    ['node', 'start', '--data-dir', dataDir, '--http-port', '0', '--grpc-port', '0', '--admin-http-port', '0'],
    {
      EXCHANGE_GRPC_TLS_CERT: pki.server.cert,
      EXCHANGE_GRPC_TLS_KEY: pki.server.key,
      EXCHANGE_GRPC_TLS_CLIENT_CA: pki.ca,
      EXCHANGE_HTTP_TLS_CERT: cert,
      EXCHANGE_HTTP_TLS_KEY: key,
    },
  )
  let stderr = ''
  let stdout = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  t.teardown(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
    fs.rmSync(dataDir, {recursive: true, force: true})
  })
  const waitForLine = (marker: string) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${marker} line; stderr: ${stderr}`)), CLI_TIMEOUT_MS)
      const check = () => {
        const line = stdout.split('\n').find((candidate) => candidate.includes(marker))
        if (!line) return
        clearTimeout(timer)
        child.stdout!.off('data', check)
        resolve(line)
      }
      child.stdout!.on('data', check)
      check()
      void exited.then(() => reject(new Error(`node exited; stderr: ${stderr}`)))
    })
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
  const started = JSON.parse(await waitForLine('"node started"')) as {ports: {http: number; grpc: number}}
  const {ports} = started

  const ping = await runCli(['ping', '--admin-url', `127.0.0.1:${ports.grpc}`, ...clientFlags(), '--json'])
  t.is(ping.code, 0, ping.stderr)

  t.is(await servedSerial(ports.http), pki.server.serial)
  const next = pki.issueServer('cli-server-2')
  fs.copyFileSync(next.cert, cert)
  fs.copyFileSync(next.key, key)
  child.kill('SIGHUP')
  await waitForLine('"tls certificate reloaded"')
  t.is(await servedSerial(ports.http), next.serial)
  t.is(child.exitCode, null, 'the node keeps running after SIGHUP')
})
