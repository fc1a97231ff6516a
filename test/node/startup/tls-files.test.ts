/**
 * TLS files are read and checked before the store (src/node/startup/tls-files.ts): a certificate, key or
 * client CA that cannot serve refuses the start naming the flag and the path, and a fresh data dir
 * is left without a store. Certificates are made at run time (test/helpers/tls.ts).
 */
import fs from 'node:fs'
import path from 'node:path'
import test from 'ava'
import type {NodeConfig} from '../../../src/node/ground/config.js'
import {DB_FILE} from '../../../src/node/store/database.js'
import {StartupRefused} from '../../../src/node/store/refusal.js'
import {startTestNode, tempDir} from '../../helpers/node.js'
import {makeTestPki, type TestPki} from '../../helpers/tls.js'

let pki: TestPki
let garbage: string
test.before(() => {
  pki = makeTestPki()
  garbage = path.join(pki.dir, 'garbage.pem')
  fs.writeFileSync(garbage, 'not a certificate\n')
})

/** Starts a node on a fresh data dir with `overrides`: refused with a message matching `line`, no store written. */
async function refused(t: import('ava').ExecutionContext, overrides: Partial<NodeConfig>, line: RegExp): Promise<void> {
  const dataDir = path.join(tempDir(), 'data')
  const error = await t.throwsAsync(startTestNode({dataDir, ...overrides}), {instanceOf: StartupRefused})
  t.regex(error.message, line)
  t.false(error.message.includes('\n'), 'one line')
  t.false(fs.existsSync(path.join(dataDir, DB_FILE)), 'the store was created')
}

test('an --http-tls-cert that cannot be read (a missing file, a directory) names the flag and the path', async (t) => {
  const missing = path.join(pki.dir, 'missing.pem')
  await refused(
    t,
    {httpTls: {certFile: missing, keyFile: pki.server.key}},
    new RegExp(`^--http-tls-cert ${missing}: cannot read the certificate: no such file or directory \\(ENOENT\\)$`),
  )
  await refused(
    t,
    {httpTls: {certFile: pki.dir, keyFile: pki.server.key}},
    new RegExp(`^--http-tls-cert ${pki.dir}: cannot read the certificate: .* \\(EISDIR\\)$`),
  )
})

test('a certificate that is not PEM, or a key of another certificate, is refused before the store', async (t) => {
  await refused(
    t,
    {adminHttpTls: {certFile: garbage, keyFile: pki.server.key}},
    new RegExp(`^--admin-http-tls-cert ${garbage}: not a PEM certificate \\(`),
  )
  await refused(
    t,
    {httpTls: {certFile: pki.server.cert, keyFile: pki.client.key}},
    new RegExp(`^--http-tls-key ${pki.client.key}: not the key of --http-tls-cert ${pki.server.cert} \\(`),
  )
})

test('the gRPC files too: a key that cannot be read, a client CA that is not PEM', async (t) => {
  await refused(
    t,
    {grpcTls: {certFile: pki.server.cert, keyFile: path.join(pki.dir, 'nope.key')}},
    /^--grpc-tls-key .*nope\.key: cannot read the key: no such file or directory \(ENOENT\)$/,
  )
  await refused(
    t,
    {grpcTls: {certFile: pki.server.cert, keyFile: pki.server.key, clientCaFile: garbage}},
    new RegExp(`^--grpc-tls-client-ca ${garbage}: not a PEM certificate \\(`),
  )
})

test('good files start the node', async (t) => {
  const node = await startTestNode({
    httpTls: {certFile: pki.server.cert, keyFile: pki.server.key},
    grpcTls: {certFile: pki.server.cert, keyFile: pki.server.key, clientCaFile: pki.ca},
  })
  t.teardown(() => node.close())
  t.true(fs.existsSync(path.join(node.dataDir, DB_FILE)))
})
