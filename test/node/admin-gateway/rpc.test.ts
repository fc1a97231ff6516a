/**
 * POST /rpc/{Service}/{Method} over real HTTP against a node: each role allowed and denied on
 * representative RPCs (RBAC before the call), the proxied response equal to the gRPC one, gRPC
 * errors as HTTP with the error body of docs/rest.md "Errors", the admin's e-mail as the ledger operator, the server
 * stream as an array, request checks, and what ends a token. Sign-in limits are raised here
 * (sign-in.test.ts covers them).
 */
import test from 'ava'
import {DEFAULT_CONFIG} from '../../../src/node/ground/config.js'
import {startTestNode, uniqueEmail, type TestNode} from '../../helpers/node.js'
import {PASSWORD, createAccount} from '../../helpers/admin-grpc.js'
import {ADMIN_PASSWORD, adminOf, assertError, auditOf, gateway, rpc, signIn, type SignedIn} from '../../helpers/admin-gateway.js'

let node: TestNode
const admins = {} as Record<'superadmin' | 'operator' | 'finance' | 'arbitrator' | 'auditor', SignedIn>

test.before(async () => {
  node = await startTestNode({rateLimits: {...DEFAULT_CONFIG.rateLimits, strict: 1000}})
  for (const role of ['superadmin', 'operator', 'finance', 'arbitrator', 'auditor'] as const) {
    admins[role] = await adminOf(node, role)
  }
})
test.after.always(async () => {
  await node?.close()
})

const topup = (account_id: string, reason: string) => ({account_id, asset: 'USDT', amount: '25.5', reason})

test('operator: creates accounts and tiers, changes status; manual top-up is 403 permission_denied and moves nothing', async (t) => {
  const email = uniqueEmail('op')
  const created = await rpc(node, admins.operator, 'AccountsService/CreateAccount', {email, password: PASSWORD})
  t.is(created.status, 200, created.text)
  t.is(created.body.email, email)
  const tier = await rpc(node, admins.operator, 'TiersService/CreateTier', {
    name: `vip-${email}`,
    limits: '{"maker_fee": "0.0005"}',
  })
  t.is(tier.status, 200, tier.text)
  t.truthy(tier.body.tier_id)
  const status = await rpc(node, admins.operator, 'AccountsService/ChangeAccountStatus', {email, status: 'restricted'})
  t.is(status.status, 200, status.text)
  t.deepEqual(status.body, {})

  const denied = await rpc(node, admins.operator, 'OperationsService/ManualTopup', topup(created.body.id, 'operator tries'))
  assertError(t, denied, 403, 'permission_denied')
  const balances = await node.admin.call<{balances: {asset: string; amount: string; account_type: string}[]}>(
    'AccountsService',
    'GetBalances',
    {email},
  )
  t.true(balances.balances.every((b) => b.amount === '0'))
})

test('finance: the proxied manual top-up records the admin e-mail as the ledger operator; CreateTier is 403', async (t) => {
  const account = await createAccount(node, 'fin')
  const reason = `finance top-up ${account.id}`
  const response = await rpc(node, admins.finance, 'OperationsService/ManualTopup', topup(account.id, reason))
  t.is(response.status, 200, response.text)
  t.truthy(response.body.operation_id)

  const row = node.services.db.prepare('SELECT operator FROM ledger_transactions WHERE reason = ?').get(reason) as {
    operator: string
  }
  t.is(row.operator, admins.finance.email)
  const listed = await rpc(node, admins.finance, 'AccountsService/ListTransactions', {email: account.email})
  t.is(listed.status, 200, listed.text)
  t.is(listed.body.transactions[0].amount, '25.5')
  t.is(listed.body.transactions[0].reason, reason)

  assertError(
    t,
    await rpc(node, admins.finance, 'TiersService/CreateTier', {name: 'nope', limits: '{}'}),
    403,
    'permission_denied',
  )
})

test('auditor: reads account details, the ledger check and the audit log; ChangeAccountStatus is 403', async (t) => {
  const account = await createAccount(node, 'aud')
  const details = await rpc(node, admins.auditor, 'AccountsService/GetAccountDetails', {email: account.email})
  t.is(details.status, 200, details.text)
  t.is(details.body.id, account.id)
  const verify = await rpc(node, admins.auditor, 'LedgerService/VerifyLedger')
  t.is(verify.status, 200, verify.text)
  t.true(verify.body.ok)
  const audit = await rpc(node, admins.auditor, 'AdminsService/ListAuditLog', {page: {limit: 5}})
  t.is(audit.status, 200, audit.text)
  t.true(audit.body.entries.length > 0)
  t.true(audit.body.page.total >= audit.body.entries.length)

  assertError(
    t,
    await rpc(node, admins.auditor, 'AccountsService/ChangeAccountStatus', {email: account.email, status: 'blocked'}),
    403,
    'permission_denied',
  )
  assertError(t, await rpc(node, admins.auditor, 'AdminsService/ListAdmins'), 403, 'permission_denied')
  t.is((await node.admin.call<{status: string}>('AccountsService', 'GetAccountDetails', {email: account.email})).status, 'active')
})

test('arbitrator: ping and account lookups; CreateAccount and ManualTopup are 403', async (t) => {
  const account = await createAccount(node, 'arb')
  const ping = await rpc(node, admins.arbitrator, 'PingService/Ping')
  t.is(ping.status, 200)
  t.deepEqual(ping.body, {status: 'ok'})
  t.is((await rpc(node, admins.arbitrator, 'AccountsService/GetBalances', {email: account.email})).status, 200)
  assertError(
    t,
    await rpc(node, admins.arbitrator, 'AccountsService/CreateAccount', {email: uniqueEmail(), password: PASSWORD}),
    403,
    'permission_denied',
  )
  assertError(
    t,
    await rpc(node, admins.arbitrator, 'OperationsService/ManualTopup', topup(account.id, 'x')),
    403,
    'permission_denied',
  )
})

test('superadmin: everything, including managing admins through /rpc', async (t) => {
  const account = await createAccount(node, 'sup')
  t.is((await rpc(node, admins.superadmin, 'OperationsService/ManualTopup', topup(account.id, 'superadmin'))).status, 200)
  t.is((await rpc(node, admins.superadmin, 'TiersService/GetDefaultTier')).status, 200)
  t.is((await rpc(node, admins.superadmin, 'AccountsService/SetAccountVIP', {email: account.email, is_vip: true})).status, 200)
  const email = uniqueEmail('made-by-rpc')
  const created = await rpc(node, admins.superadmin, 'AdminsService/CreateAdmin', {
    email,
    password: 'a long password',
    role: 'auditor',
  })
  t.is(created.status, 200, created.text)
  const list = await rpc(node, admins.superadmin, 'AdminsService/ListAdmins')
  t.like(
    list.body.admins.find((a: {email: string}) => a.email === email),
    {role: 'auditor', disabled: false, is_totp_enabled: false},
  )
})

test('the proxied response JSON equals the gRPC response', async (t) => {
  const account = await createAccount(node, 'same')
  for (const [name, request] of [
    ['AccountsService/GetAccountDetails', {email: account.email}],
    ['AccountsService/GetBalances', {email: account.email}],
    ['InfoService/ListTiers', {}],
    ['TickersService/ListTickers', {include_inactive: true}],
    ['LedgerService/VerifyLedger', {}],
  ] as const) {
    const [service, method] = name.split('/') as [never, string]
    const viaGateway = await rpc(node, admins.superadmin, name, request)
    t.is(viaGateway.status, 200, viaGateway.text)
    t.deepEqual(viaGateway.body, JSON.parse(JSON.stringify(await node.admin.call(service, method, request))), name)
  }
})

test('gRPC errors become HTTP statuses with the documented error body', async (t) => {
  const account = await createAccount(node, 'err')
  const su = admins.superadmin
  assertError(t, await rpc(node, su, 'AccountsService/GetAccountDetails', {email: uniqueEmail('nobody')}), 404, 'not_found')
  assertError(t, await rpc(node, su, 'AccountsService/GetAccountDetails', {email: 'not an e-mail'}), 400, 'invalid_argument')
  assertError(
    t,
    await rpc(node, su, 'AccountsService/CreateAccount', {email: account.email, password: PASSWORD}),
    409,
    'already_exists',
  )
  const overdraft = {account_id: account.id, asset: 'BTC', amount: '1', reason: 'too much'}
  assertError(t, await rpc(node, su, 'OperationsService/ManualWithdraw', overdraft), 400, 'insufficient_funds')
  const alert = await node.admin.call<{alert_id: string}>('AlertsService', 'Create', {
    type: 'system_error',
    severity: 'info',
    payload: '{}',
  })
  t.is((await rpc(node, su, 'AlertsService/Resolve', {alert_id: alert.alert_id, resolution: 'done'})).status, 200)
  assertError(
    t,
    await rpc(node, su, 'AlertsService/Resolve', {alert_id: alert.alert_id, resolution: 'again'}),
    409,
    'failed_precondition',
  )
  // No chain is connected to this node: a hot-wallet balance cannot be read.
  assertError(t, await rpc(node, su, 'HotWalletsService/ListHotWallets', {}), 503, 'unavailable')
})

test('unknown services and methods are 404; bad bodies are 400 before any call', async (t) => {
  const su = admins.superadmin
  assertError(t, await rpc(node, su, 'NopeService/Ping'), 404, 'not_found')
  assertError(t, await rpc(node, su, 'PingService/Pong'), 404, 'not_found')
  assertError(t, await rpc(node, su, 'PingService/ping'), 404, 'not_found')
  // An operator gets the same 404 for an unknown RPC, and 403 for a known one it may not call.
  assertError(t, await rpc(node, admins.operator, 'NopeService/Ping'), 404, 'not_found')

  const account = await createAccount(node, 'body')
  const unknownField = await rpc(node, su, 'AccountsService/GetAccountDetails', {email: account.email, accountId: 'x'})
  assertError(t, unknownField, 400, 'invalid_argument')
  t.regex(unknownField.body.error.message, /accountId/)
  const numberMoney = await rpc(node, su, 'OperationsService/ManualTopup', {
    account_id: account.id,
    asset: 'USDT',
    amount: 5,
    reason: 'r',
  })
  assertError(t, numberMoney, 400, 'invalid_argument')
  t.regex(numberMoney.body.error.message, /amount must be a string/)
  assertError(
    t,
    await rpc(node, su, 'AccountsService/ListTransactions', {email: account.email, page: {limit: 'ten'}}),
    400,
    'invalid_argument',
  )
  assertError(
    t,
    await rpc(node, su, 'AccountsService/ListTransactions', {email: account.email, page: []}),
    400,
    'invalid_argument',
  )
  const malformed = await gateway(node, 'POST', '/rpc/PingService/Ping', {raw: '{not json', token: su.token})
  assertError(t, malformed, 400, 'invalid_argument')
  // Trailing slash is served the same.
  t.is((await gateway(node, 'POST', '/rpc/PingService/Ping/', {token: su.token})).status, 200)
  // Nothing was topped up by the refused requests.
  t.is((node.services.db.prepare("SELECT COUNT(*) AS n FROM ledger_transactions WHERE reason = 'r'").get() as {n: number}).n, 0)
})

test('AlertsService/List (server stream) answers the streamed alerts as a JSON array; follow=true is 400', async (t) => {
  const type = `gateway_stream_${process.pid}`
  for (const severity of ['info', 'critical']) {
    await node.admin.call('AlertsService', 'Create', {type, severity, payload: '{"n": 1}'})
  }
  const response = await rpc(node, admins.operator, 'AlertsService/List', {severity: 'critical'})
  t.is(response.status, 200, response.text)
  t.true(Array.isArray(response.body))
  t.true(response.body.some((alert: {type: string; severity: string}) => alert.type === type && alert.severity === 'critical'))
  t.true(response.body.every((alert: {severity: string}) => alert.severity === 'critical'))
  assertError(t, await rpc(node, admins.operator, 'AlertsService/List', {follow: true}), 400, 'invalid_argument')
})

test('tokens: missing or invalid is 401, a user JWT is 401, a disabled admin is 403 at once, a role change ends old tokens, sign-out revokes', async (t) => {
  assertError(t, await gateway(node, 'POST', '/rpc/PingService/Ping'), 401, 'unauthorized')
  assertError(t, await rpc(node, {token: 'not.a.jwt'}, 'PingService/Ping'), 401, 'unauthorized')
  const account = await createAccount(node, 'user-jwt')
  const login = await node.admin.call<{token: string}>('AccountsService', 'LoginAccount', {
    email: account.email,
    password: PASSWORD,
  })
  assertError(t, await rpc(node, {token: login.token}, 'PingService/Ping'), 401, 'unauthorized')

  const victim = await adminOf(node, 'operator')
  t.is((await rpc(node, victim, 'PingService/Ping')).status, 200)
  await node.admin.call('AdminsService', 'DisableAdmin', {email: victim.email})
  assertError(t, await rpc(node, victim, 'PingService/Ping'), 403, 'permission_denied')
  assertError(t, await signIn(node, victim.email, victim.password), 403, 'permission_denied')

  const promoted = await adminOf(node, 'auditor')
  await node.admin.call('AdminsService', 'SetAdminRole', {email: promoted.email, role: 'operator'})
  assertError(t, await rpc(node, promoted, 'PingService/Ping'), 401, 'unauthorized')
  const again = await signIn(node, promoted.email, promoted.password)
  t.is(again.body.role, 'operator')
  t.is(
    (
      await rpc(node, {token: again.body.access_token}, 'AccountsService/CreateAccount', {
        email: uniqueEmail(),
        password: PASSWORD,
      })
    ).status,
    200,
  )

  const leaving = await adminOf(node, 'finance')
  const out = await gateway(node, 'POST', '/auth/sign-out', {token: leaving.token})
  t.is(out.status, 200, out.text)
  assertError(t, await rpc(node, leaving, 'PingService/Ping'), 401, 'unauthorized')
})

test('audit log: allowed, denied and refused calls and sign-ins, with secrets redacted', async (t) => {
  const actor = await adminOf(node, 'operator')
  const email = uniqueEmail('audited')
  t.is((await rpc(node, actor, 'AccountsService/CreateAccount', {email, password: 'user secret 123'})).status, 200)
  t.is(
    (await rpc(node, actor, 'OperationsService/ManualTopup', {account_id: 'x', asset: 'USDT', amount: '1', reason: 'r'})).status,
    403,
  )
  t.is((await rpc(node, actor, 'AccountsService/GetAccountDetails', {email: uniqueEmail('ghost')})).status, 404)
  t.is((await signIn(node, actor.email, 'wrong password!!')).status, 401)
  const withCode = await gateway(node, 'POST', '/auth/sign-in', {
    body: {email: actor.email, password: actor.password, '2fa_code': '123456'},
  })
  t.is(withCode.status, 200)

  const entries = await auditOf(node, actor.email)
  const by = (action: string, result: string) => entries.find((entry) => entry.action === action && entry.result === result)
  const created = by('AccountsService/CreateAccount', 'ok')
  t.like(created, {admin_email: actor.email, role: 'operator'})
  t.deepEqual(JSON.parse(created!.request), {email, password: '[redacted]'})
  t.like(by('OperationsService/ManualTopup', 'denied'), {role: 'operator'})
  t.truthy(by('AccountsService/GetAccountDetails', 'not_found'))
  const failed = by('sign_in', 'unauthorized')
  t.deepEqual(JSON.parse(failed!.request), {email: actor.email, password: '[redacted]'})
  t.is(failed!.role, '', 'the role of a failed sign-in is not disclosed')
  const ok = entries.filter((entry) => entry.action === 'sign_in' && entry.result === 'ok')
  t.is(ok.length, 2)
  t.true(ok.some((entry) => JSON.parse(entry.request)['2fa_code'] === '[redacted]'))
  t.true(entries.every((entry) => !entry.request.includes('user secret 123') && !entry.request.includes(actor.password)))
  // Newest first, and the table refuses edits.
  t.true(entries[0]!.created_at >= entries.at(-1)!.created_at)
  t.throws(() => node.services.db.prepare("UPDATE admin_audit_log SET result = 'ok'").run(), {any: true, message: /append-only/})
  t.throws(() => node.services.db.prepare('DELETE FROM admin_audit_log').run(), {any: true, message: /append-only/})

  // Unknown e-mails are recorded as given; paging works.
  await signIn(node, 'Nobody@Example.com', 'whatever password')
  const nobody = await auditOf(node, 'nobody@example.com')
  t.like(nobody[0], {action: 'sign_in', result: 'unauthorized', admin_id: ''})
  const page = await node.admin.call<{entries: unknown[]; page: {total: number}}>('AdminsService', 'ListAuditLog', {
    admin_email: actor.email,
    page: {limit: 2, offset: 1},
  })
  t.is(page.entries.length, 2)
  t.is(page.page.total, entries.length)
})

test('GET /metrics: requests by route and status, RPC calls, audit entries, admins, uptime (Prometheus text)', async (t) => {
  await rpc(node, admins.superadmin, 'PingService/Ping')
  await rpc(node, admins.auditor, 'TiersService/CreateTier', {name: 'x', limits: '{}'})
  const metrics = await gateway(node, 'GET', '/metrics')
  t.is(metrics.status, 200)
  t.regex(String(metrics.headers['content-type']), /^text\/plain; version=0\.0\.4/)
  const text = metrics.text
  t.regex(text, /^exchange_admin_gateway_requests_total\{route="\/rpc\/:service\/:method\/",method="POST",status="200"\} \d+$/m)
  t.regex(text, /^exchange_admin_gateway_requests_total\{route="\/rpc\/:service\/:method\/",method="POST",status="403"\} \d+$/m)
  t.regex(text, /^exchange_admin_gateway_requests_total\{route="\/auth\/sign-in\/",method="POST",status="200"\} \d+$/m)
  t.regex(text, /^exchange_admin_gateway_rpc_calls_total\{rpc="TiersService\/CreateTier",result="denied"\} \d+$/m)
  t.regex(text, /^exchange_admin_audit_entries_total\{result="ok"\} \d+$/m)
  t.regex(text, /^exchange_admin_users\{role="superadmin"\} \d+$/m)
  t.regex(text, /^process_uptime_seconds \d+(\.\d+)?$/m)
  t.regex(text, /^exchange_admin_gateway_request_duration_seconds_count\{route="\/rpc\/:service\/:method\/"\} \d+$/m)
  t.regex(text, /# TYPE exchange_admin_gateway_requests_total counter/)
})

test('passwords and tokens never appear in the node log', async (t) => {
  const secret = 'never log this pw 42'
  const email = uniqueEmail('quiet')
  await node.admin.call('AdminsService', 'CreateAdmin', {email, password: secret, role: 'auditor'})
  const signedIn = await signIn(node, email, secret)
  await signIn(node, email, `${secret}-wrong`)
  await rpc(node, {token: signedIn.body.access_token}, 'PingService/Ping')
  const log = node.logs.join('\n')
  t.true(log.includes('admin created'))
  t.false(log.includes(secret))
  t.false(log.includes(ADMIN_PASSWORD))
  t.false(log.includes(signedIn.body.access_token))
})
