/**
 * The AdminGateway's sign-in keeps the brute-force lock of docs/account-flows.md ("Brute-force
 * lock"): the 5th wrong two-factor code (or password) within 15 minutes answers 429 with
 * Retry-After and locks the e-mail, even for the right password and code. The failure limiter's
 * 1/s bucket alone let a paced guesser have 401 after 401, one guess a second, for ever.
 */
import test from 'ava'
import {DEFAULT_CONFIG} from '../../../src/node/ground/config.js'
import {startTestNode, uniqueEmail, type TestNode} from '../../helpers/node.js'
import {ADMIN_PASSWORD, adminOf, assertError, gateway, signIn} from '../../helpers/admin-gateway.js'
import {assertError as assertGatewayError, call} from '../../helpers/account-flows.js'
import {authenticator} from '../../helpers/totp.js'

let node: TestNode
test.before(async () => {
  // A strict class this wide keeps the per-second buckets out of the way: only the lock answers here.
  node = await startTestNode({rateLimits: {...DEFAULT_CONFIG.rateLimits, strict: 1000}})
})
test.after.always(async () => {
  await node?.close()
})

type Alert = {type: string; severity: string; payload: string}

async function lockoutAlerts(): Promise<Record<string, unknown>[]> {
  const list: Alert[] = []
  for await (const alert of node.admin.stream<Alert>('AlertsService', 'List', {follow: false})) list.push(alert)
  return list.filter((alert) => alert.type === 'login_lockout').map((alert) => JSON.parse(alert.payload))
}

test('the 5th wrong two-factor code answers 429 with Retry-After and locks the admin, right code included', async (t) => {
  const admin = await adminOf(node, 'operator')
  const {secret} = (await gateway(node, 'POST', '/auth/2fa/setup', {token: admin.token})).body
  const totp = authenticator(secret)
  t.is((await gateway(node, 'POST', '/auth/2fa/enable', {token: admin.token, body: {'2fa_code': await totp.next()}})).status, 200)
  const withCode = (twoFa: string) =>
    gateway(node, 'POST', '/auth/sign-in', {body: {email: admin.email, password: ADMIN_PASSWORD, '2fa_code': twoFa}})
  const wrong = await totp.wrong()
  for (let i = 1; i <= 4; i++) assertError(t, await withCode(wrong), 401, 'unauthorized')
  const fifth = await withCode(wrong)
  assertError(t, fifth, 429, 'rate_limited')
  const retryAfter = Number(fifth.headers['retry-after'])
  t.true(retryAfter > 14 * 60 && retryAfter <= 15 * 60, `Retry-After: ${retryAfter}`)
  // Locked: the right password and a fresh right code are refused too.
  const locked = await withCode(await totp.next())
  assertError(t, locked, 429, 'rate_limited')
  t.truthy(locked.headers['retry-after'])

  const alert = (await lockoutAlerts()).find((payload) => payload['email'] === admin.email)
  t.truthy(alert, 'no login_lockout alert for the admin')
  t.is(alert!['scope'], 'admin')
  t.is(alert!['failed_attempts'], 5)
})

test('wrong passwords lock too, a success clears the count, and the user lock is kept apart', async (t) => {
  const admin = await adminOf(node, 'operator')
  // 4 failures, then a success: the count starts again.
  for (let i = 1; i <= 4; i++) assertError(t, await signIn(node, admin.email, `wrong password ${i}`), 401, 'unauthorized')
  t.is((await signIn(node, admin.email, ADMIN_PASSWORD)).status, 200)
  for (let i = 1; i <= 4; i++) assertError(t, await signIn(node, admin.email, `wrong password ${i}`), 401, 'unauthorized')
  assertError(t, await signIn(node, admin.email, 'wrong password 5'), 429, 'rate_limited')
  assertError(t, await signIn(node, admin.email, ADMIN_PASSWORD), 429, 'rate_limited')

  // Guessing on the public listener (the user gateway) for an admin's e-mail does not lock the admin.
  const other = await adminOf(node, 'operator')
  for (let i = 1; i <= 5; i++) await call(node, 'POST', '/auth/sign-in/', {email: other.email, password: `guess number ${i}`})
  assertGatewayError(
    t,
    await call(node, 'POST', '/auth/sign-in/', {email: other.email, password: 'guess number 6'}),
    429,
    'rate_limited',
  )
  t.is((await signIn(node, other.email, ADMIN_PASSWORD)).status, 200)
  // Unknown e-mails lock the same way: a lock tells nothing about who exists.
  const nobody = uniqueEmail('nobody')
  for (let i = 1; i <= 4; i++) assertError(t, await signIn(node, nobody, 'whatever pw 1'), 401, 'unauthorized')
  assertError(t, await signIn(node, nobody, 'whatever pw 1'), 429, 'rate_limited')
})
