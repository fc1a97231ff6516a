/**
 * AdminsService over the admin gRPC API (the rules of admin users) and the admins' own TOTP
 * through the AdminGateway (setup, enable, sign-in with a code, replay refused, disable).
 */
import test from 'ava'
import {DEFAULT_CONFIG} from '../../../src/node/ground/config.js'
import {rpcError, startTestNode, uniqueEmail, type TestNode} from '../../helpers/node.js'
import {ADMIN_PASSWORD, adminOf, assertError, auditOf, gateway, rpc, signIn} from '../../helpers/admin-gateway.js'
import {authenticator} from '../../helpers/totp.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode({rateLimits: {...DEFAULT_CONFIG.rateLimits, strict: 1000}})
})
test.after.always(async () => {
  await node?.close()
})

type Admin = {id: string; email: string; role: string; disabled: boolean; is_totp_enabled: boolean; created_at: string}
const create = (email: string, password = ADMIN_PASSWORD, role = 'operator') =>
  node.admin.call<{id: string}>('AdminsService', 'CreateAdmin', {email, password, role})
const list = async () => (await node.admin.call<{admins: Admin[]}>('AdminsService', 'ListAdmins')).admins

test('CreateAdmin validates e-mail, password (10+ characters, not the e-mail) and role; duplicates are ALREADY_EXISTS', async (t) => {
  const email = uniqueEmail('new')
  const expectInvalid = async (call: Promise<unknown>, pattern: RegExp) => {
    const error = await rpcError(call)
    t.is(error.errorCode, 'invalid_argument')
    t.regex(error.details, pattern)
  }
  await expectInvalid(create(email, 'short pw'), /at least 10 characters/)
  await expectInvalid(create(email, email), /must not be the e-mail/)
  await expectInvalid(
    create(email, ADMIN_PASSWORD, 'root'),
    /role must be one of superadmin, operator, finance, arbitrator, auditor/,
  )
  await expectInvalid(create('not-an-email'), /e-mail/)

  const {id} = await create(email, ADMIN_PASSWORD, 'finance')
  t.like(
    (await list()).find((admin) => admin.id === id),
    {email, role: 'finance', disabled: false, is_totp_enabled: false},
  )
  t.is((await rpcError(create(email.toUpperCase()))).errorCode, 'already_exists')
})

test('SetAdminRole and DisableAdmin: unknown e-mail NOT_FOUND, bad role INVALID_ARGUMENT', async (t) => {
  const ghost = uniqueEmail('ghost')
  t.is((await rpcError(node.admin.call('AdminsService', 'SetAdminRole', {email: ghost, role: 'auditor'}))).errorCode, 'not_found')
  t.is((await rpcError(node.admin.call('AdminsService', 'DisableAdmin', {email: ghost}))).errorCode, 'not_found')
  const email = uniqueEmail('roles')
  await create(email)
  t.is((await rpcError(node.admin.call('AdminsService', 'SetAdminRole', {email, role: 'god'}))).errorCode, 'invalid_argument')
  await node.admin.call('AdminsService', 'SetAdminRole', {email, role: 'arbitrator'})
  t.is((await list()).find((admin) => admin.email === email)!.role, 'arbitrator')
})

test('the last active superadmin can be neither disabled nor demoted (FAILED_PRECONDITION)', async (t) => {
  const first = uniqueEmail('root-a')
  const second = uniqueEmail('root-b')
  await create(first, ADMIN_PASSWORD, 'superadmin')
  await create(second, ADMIN_PASSWORD, 'superadmin')
  await node.admin.call('AdminsService', 'DisableAdmin', {email: first})
  const disable = await rpcError(node.admin.call('AdminsService', 'DisableAdmin', {email: second}))
  t.is(disable.errorCode, 'failed_precondition')
  t.regex(disable.details, /last active superadmin/)
  t.is(
    (await rpcError(node.admin.call('AdminsService', 'SetAdminRole', {email: second, role: 'auditor'}))).errorCode,
    'failed_precondition',
  )
  // The disabled one may be demoted; the active one stays superadmin.
  await node.admin.call('AdminsService', 'SetAdminRole', {email: first, role: 'auditor'})
  t.like(
    (await list()).find((admin) => admin.email === second),
    {role: 'superadmin', disabled: false},
  )
})

test('TOTP: setup gives a secret and otpauth URI, enabling needs a code, sign-in then needs a code, codes are not replayed, disabling needs a code', async (t) => {
  const admin = await adminOf(node, 'operator')
  const setup = await gateway(node, 'POST', '/auth/2fa/setup', {token: admin.token})
  t.is(setup.status, 200, setup.text)
  const secret: string = setup.body.secret
  t.regex(secret, /^[A-Z2-7]{16,}$/)
  t.true(String(setup.body.otpauth_uri).startsWith('otpauth://totp/'))
  t.true(String(setup.body.otpauth_uri).includes(`secret=${secret}`))

  const totp = authenticator(secret)
  assertError(
    t,
    await gateway(node, 'POST', '/auth/2fa/enable', {token: admin.token, body: {'2fa_code': '000000'}}),
    400,
    'invalid_argument',
  )
  // Not on until enabled: sign-in still works without a code.
  t.is((await signIn(node, admin.email, ADMIN_PASSWORD)).status, 200)
  const enableCode = await totp.next()
  const enabled = await gateway(node, 'POST', '/auth/2fa/enable', {token: admin.token, body: {'2fa_code': enableCode}})
  t.is(enabled.status, 200, enabled.text)
  t.true((await list()).find((a) => a.email === admin.email)!.is_totp_enabled)

  const challenge = await signIn(node, admin.email, ADMIN_PASSWORD)
  t.is(challenge.status, 200)
  t.deepEqual(challenge.body, {two_factor_required: true})
  const withCode = (twoFa: string) =>
    gateway(node, 'POST', '/auth/sign-in', {body: {email: admin.email, password: ADMIN_PASSWORD, '2fa_code': twoFa}})
  assertError(t, await withCode(enableCode), 401, 'unauthorized') // used to enable: a replay
  assertError(t, await withCode('12345'), 401, 'unauthorized')
  const signInCode = await totp.next()
  const ok = await withCode(signInCode)
  t.is(ok.status, 200, ok.text)
  t.is(ok.body.role, 'operator')
  assertError(t, await withCode(signInCode), 401, 'unauthorized') // the same code again
  // A wrong password with a right code tells nothing either.
  assertError(t, await signIn(node, admin.email, 'wrong password!'), 401, 'unauthorized')

  assertError(
    t,
    await gateway(node, 'POST', '/auth/2fa/disable', {token: ok.body.access_token, body: {'2fa_code': signInCode}}),
    400,
    'invalid_argument',
  )
  const disabled = await gateway(node, 'POST', '/auth/2fa/disable', {
    token: ok.body.access_token,
    body: {'2fa_code': await totp.next()},
  })
  t.is(disabled.status, 200, disabled.text)
  t.is((await signIn(node, admin.email, ADMIN_PASSWORD)).body.token_type, 'Bearer')

  const entries = await auditOf(node, admin.email)
  t.true(entries.some((entry) => entry.action === 'sign_in' && entry.result === 'two_factor_required'))
  t.true(entries.some((entry) => entry.action === 'totp_enable' && entry.result === 'ok'))
  t.true(entries.every((entry) => !entry.request.includes(secret)))
  t.true(
    entries
      .filter((entry) => entry.action.startsWith('totp_') || entry.action === 'sign_in')
      .every((entry) => !/"2fa_code":"\d/.test(entry.request)),
  )
})

test('TOTP endpoints need a signed-in admin', async (t) => {
  assertError(t, await gateway(node, 'POST', '/auth/2fa/setup'), 401, 'unauthorized')
  const admin = await adminOf(node, 'auditor')
  assertError(
    t,
    await gateway(node, 'POST', '/auth/2fa/enable', {token: admin.token, body: {'2fa_code': '123456'}}),
    409,
    'failed_precondition',
  )
  t.is((await rpc(node, admin, 'PingService/Ping')).status, 200)
})
