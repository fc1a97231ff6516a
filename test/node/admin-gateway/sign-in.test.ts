/**
 * AdminGateway sign-in with the default strict limit (1 sign-in attempt per second per IP and per
 * e-mail, docs/rest.md "Rate limits"; failures also count toward the failure limit): the bootstrap superadmin from config, the token and its role, wrong credentials 401
 * without telling which part was wrong, disabled 403, the 429 limit with Retry-After. Each
 * scenario signs in from its own loopback source address so the per-IP buckets stay apart.
 */
import test from 'ava'
import {DEFAULT_CONFIG} from '../../../src/node/ground/config.js'
import {createLogger} from '../../../src/node/ground/logger.js'
import {startNode} from '../../../src/node/node.js'
import {startTestNode, tempDir, uniqueEmail, type TestNode} from '../../helpers/node.js'
import {ADMIN_PASSWORD, assertError, gateway, rpc, signIn} from '../../helpers/admin-gateway.js'

const ROOT = {email: 'root@example.com', password: 'bootstrap secret 99'}

let node: TestNode
test.before(async () => {
  node = await startTestNode({bootstrapAdmin: ROOT})
})
test.after.always(async () => {
  await node?.close()
})

let lastHost = 10
/** A loopback source address of its own for each scenario. */
const freshIp = () => `127.0.0.${++lastHost}`

const newAdmin = async (role = 'operator') => {
  const email = uniqueEmail(role)
  await node.admin.call('AdminsService', 'CreateAdmin', {email, password: ADMIN_PASSWORD, role})
  return email
}

test('the bootstrap superadmin from config signs in and gets a Bearer JWT carrying its role; the log names it without the password', async (t) => {
  const response = await signIn(node, ROOT.email, ROOT.password, freshIp())
  t.is(response.status, 200, response.text)
  t.like(response.body, {token_type: 'Bearer', expires_in: 3600, role: 'superadmin'})
  t.is(response.headers['cache-control'], 'no-store')
  const [, payload] = String(response.body.access_token).split('.')
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'))
  t.is(claims.role, 'superadmin')
  t.truthy(claims.jti)
  t.true(claims.exp - claims.iat === 3600)
  t.is((await rpc(node, {token: response.body.access_token}, 'AdminsService/ListAdmins')).status, 200)

  const created = node.logs.map((line) => JSON.parse(line)).find((line) => line.msg === 'bootstrap admin created')
  t.like(created, {email: ROOT.email, role: 'superadmin'})
  t.false(node.logs.join('\n').includes(ROOT.password))
})

test('wrong password and unknown e-mail are the same 401; e-mail case does not matter', async (t) => {
  const email = await newAdmin()
  const wrong = await signIn(node, email, 'not the password', freshIp())
  const unknown = await signIn(node, uniqueEmail('ghost'), ADMIN_PASSWORD, freshIp())
  assertError(t, wrong, 401, 'unauthorized')
  assertError(t, unknown, 401, 'unauthorized')
  t.deepEqual(wrong.body, unknown.body)
  // (The failure above limits `email` for a second; the case check uses another admin.)
  const other = await newAdmin()
  t.is((await signIn(node, other.toUpperCase(), ADMIN_PASSWORD, freshIp())).status, 200)
  // (A fresh e-mail: `email` has had its one attempt this second.)
  const noPassword = {body: {email: uniqueEmail('no-password')}, from: freshIp()}
  assertError(t, await gateway(node, 'POST', '/auth/sign-in', noPassword), 400, 'invalid_argument')
})

test('a disabled admin is refused with 403 (only with the right password)', async (t) => {
  const email = await newAdmin('finance')
  await node.admin.call('AdminsService', 'DisableAdmin', {email})
  assertError(t, await signIn(node, email, ADMIN_PASSWORD, freshIp()), 403, 'permission_denied')
  // One attempt per e-mail per second (the strict class): the next one a second later.
  await new Promise((resolve) => setTimeout(resolve, 1100))
  assertError(t, await signIn(node, email, 'wrong password', freshIp()), 401, 'unauthorized')
})

test('sign-ins, failed or not, are limited per IP and per e-mail: 429 with Retry-After, then heard again once the bucket refills', async (t) => {
  // A node of its own whose strict class refills every 4 s (the default is 1/s): a sign-in
  // (scrypt) on a loaded machine can take a second, which would refill a 1/s bucket between two
  // requests that the test means to fall within one refill.
  const limitedNode = await startTestNode({
    bootstrapAdmin: ROOT,
    rateLimits: {...DEFAULT_CONFIG.rateLimits, strict: 0.25},
  })
  t.teardown(() => limitedNode.close())
  const admin = async () => {
    const email = uniqueEmail('operator')
    await limitedNode.admin.call('AdminsService', 'CreateAdmin', {email, password: ADMIN_PASSWORD, role: 'operator'})
    return email
  }
  const email = await admin()
  const other = await admin()
  const ip = freshIp()
  assertError(t, await signIn(limitedNode, email, 'wrong password', ip), 401, 'unauthorized')
  // Even the right password is not checked while limited.
  const limited = await signIn(limitedNode, email, ADMIN_PASSWORD, ip)
  assertError(t, limited, 429, 'rate_limited')
  t.true(Number(limited.headers['retry-after']) >= 1)
  assertError(t, await signIn(limitedNode, email, ADMIN_PASSWORD, freshIp()), 429, 'rate_limited')
  assertError(t, await signIn(limitedNode, other, ADMIN_PASSWORD, ip), 429, 'rate_limited')
  // A successful sign-in takes its token too (the strict class of docs/rest.md "Rate limits", per IP and e-mail).
  const third = await admin()
  t.is((await signIn(limitedNode, third, ADMIN_PASSWORD, freshIp())).status, 200)
  const again = await signIn(limitedNode, third, ADMIN_PASSWORD, freshIp())
  assertError(t, again, 429, 'rate_limited')
  t.true(Number(again.headers['retry-after']) >= 1)

  await new Promise((resolve) => setTimeout(resolve, 4100))
  t.is((await signIn(limitedNode, email, ADMIN_PASSWORD, ip)).status, 200)
  const audit = await limitedNode.admin.call<{entries: {action: string; result: string}[]}>('AdminsService', 'ListAuditLog', {
    admin_email: email,
  })
  t.true(audit.entries.some((entry) => entry.action === 'sign_in' && entry.result === 'rate_limited'))
})

test('a start with admins present skips the bootstrap; a bootstrap password under 10 characters fails the start', async (t) => {
  const dataDir = tempDir()
  const quiet = createLogger('silent')
  const config = {...DEFAULT_CONFIG, dataDir, httpPort: 0, adminHttpPort: 0, grpcPort: 0, shutdownGraceMs: 200}
  const first = await startNode({...config, bootstrapAdmin: {email: 'first@example.com', password: 'first password'}}, quiet)
  await first.stop()
  const second = await startNode({...config, bootstrapAdmin: {email: 'second@example.com', password: 'second password'}}, quiet)
  t.deepEqual(
    second.services.admins.list().map((admin) => admin.email),
    ['first@example.com'],
  )
  await second.stop()

  const error = await t.throwsAsync(
    startNode({...config, dataDir: tempDir(), bootstrapAdmin: {email: 'short@example.com', password: 'short'}}, quiet),
  )
  t.regex(error!.message, /bootstrap admin: password must have at least 10 characters/)
})
