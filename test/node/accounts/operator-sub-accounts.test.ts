/**
 * AccountsService.CreateSubAccount (extension; docs/admin-grpc.md): a sub-account of a master, on its
 * tier, with its own balance accounts, no sign-in, and governed by its master's status.
 */
import {status} from '@grpc/grpc-js'
import test from 'ava'
import type {CreateSubAccountResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/CreateSubAccountResponse.js'
import type {GetAccountDetailsResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/GetAccountDetailsResponse.js'
import {rpcError, startTestNode, uniqueEmail, type TestNode} from '../../helpers/node.js'
import {createAccount, PASSWORD} from '../../helpers/admin-grpc.js'
import {assertError, bearer, signed} from '../../helpers/rest.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const createSub = (master_email: string, email = uniqueEmail('sub')) =>
  node.admin.call<CreateSubAccountResponse__Output>('AccountsService', 'CreateSubAccount', {master_email, email})
const details = (email: string) =>
  node.admin.call<GetAccountDetailsResponse__Output>('AccountsService', 'GetAccountDetails', {email})
const setStatus = (email: string, value: string) =>
  node.admin.call('AccountsService', 'ChangeAccountStatus', {email, status: value, status_comment: 'test'})

test("CreateSubAccount: an active sub-account on the master's tier with its own balance accounts; details show the master", async (t) => {
  const master = await createAccount(node, 'master')
  const {tier_id: gold} = await node.admin.call<{tier_id: string}>('TiersService', 'CreateTier', {
    name: `gold-${process.pid}`,
    limits: '{"maker_fee":"0.0005","taker_fee":"0.001"}',
  })
  await node.admin.call('AccountsService', 'SetTier', {email: master.email, tier_id: gold})
  const email = uniqueEmail('sub')
  const sub = await createSub(master.email, email)
  t.regex(sub.id, UUID)
  t.deepEqual(sub, {
    id: sub.id,
    email,
    tier_id: gold,
    funding_account_id: sub.funding_account_id,
    trading_account_id: sub.trading_account_id,
    master_account_id: master.id,
    status: 'active',
    created_at: sub.created_at,
  })
  const ids = [sub.funding_account_id, sub.trading_account_id, master.funding_account_id, master.trading_account_id]
  t.is(new Set(ids).size, 4)
  t.deepEqual(await details(email), {
    id: sub.id,
    email,
    tier_id: gold,
    funding_account_id: sub.funding_account_id,
    trading_account_id: sub.trading_account_id,
    master_account_id: master.id,
    status: 'active',
    status_comment: '',
    is_vip: false,
    is_totp_enabled: false,
    created_at: sub.created_at,
  })
  t.is((await details(master.email)).master_account_id, '')
  // The master sees it over REST.
  const {token} = await node.services.tokens.issue(master.id, 'user')
  const list = await bearer(node, token, 'GET', '/accounts/sub-accounts/')
  t.deepEqual(
    list.body.sub_accounts.map((s: {id: string}) => s.id),
    [sub.id],
  )
})

test('CreateSubAccount refusals: NOT_FOUND, ALREADY_EXISTS, FAILED_PRECONDITION, INVALID_ARGUMENT', async (t) => {
  const master = await createAccount(node, 'master')
  const sub = await createSub(master.email)
  const unknown = await rpcError(createSub(uniqueEmail('nobody')))
  t.is(unknown.code, status.NOT_FOUND)
  t.is(unknown.errorCode, 'not_found')
  for (const taken of [sub.email, master.email]) {
    const duplicate = await rpcError(createSub(master.email, taken))
    t.is(duplicate.code, status.ALREADY_EXISTS)
  }
  const nested = await rpcError(createSub(sub.email))
  t.is(nested.code, status.FAILED_PRECONDITION)
  t.is(nested.errorCode, 'failed_precondition')
  for (const [masterEmail, email] of [
    [master.email, 'not-an-email'],
    [master.email, ''],
    ['', uniqueEmail('sub')],
  ] as const) {
    t.is((await rpcError(createSub(masterEmail, email))).code, status.INVALID_ARGUMENT)
  }
  t.is(node.services.accounts.subAccountsOf(master.id).length, 1)
  t.is(node.services.accounts.subAccountsOf(sub.id).length, 0)
})

test('CreateSubAccount names the master by master_account_id as well; both names, or a bad id, are refused', async (t) => {
  const master = await createAccount(node, 'master')
  const email = uniqueEmail('sub')
  const sub = await node.admin.call<CreateSubAccountResponse__Output>('AccountsService', 'CreateSubAccount', {
    master_account_id: master.id,
    email,
  })
  t.like(sub, {email, master_account_id: master.id, status: 'active'})
  t.is((await details(email)).master_account_id, master.id)
  const byId = (request: {master_account_id: string; master_email?: string}) =>
    rpcError(node.admin.call('AccountsService', 'CreateSubAccount', {...request, email: uniqueEmail('sub')}))
  const both = await byId({master_account_id: master.id, master_email: master.email})
  t.is(both.code, status.INVALID_ARGUMENT)
  t.is(both.errorCode, 'invalid_argument')
  t.is((await byId({master_account_id: 'not-a-uuid'})).code, status.INVALID_ARGUMENT)
  const unknown = await byId({master_account_id: '00000000-0000-4000-8000-000000000000'})
  t.is(unknown.code, status.NOT_FOUND)
  t.is((await byId({master_account_id: sub.id})).code, status.FAILED_PRECONDITION)
  t.deepEqual(
    node.services.accounts.subAccountsOf(master.id).map((account) => account.id),
    [sub.id],
  )
})

test('a sub-account cannot log in: LoginAccount is UNAUTHENTICATED whatever the password', async (t) => {
  const master = await createAccount(node, 'master')
  const sub = await createSub(master.email)
  for (const password of [PASSWORD, 'x']) {
    const error = await rpcError(node.admin.call('AccountsService', 'LoginAccount', {email: sub.email, password}))
    t.is(error.code, status.UNAUTHENTICATED)
  }
})

test("blocking the master over gRPC blocks its sub-account's REST calls; its own status is kept", async (t) => {
  const master = await createAccount(node, 'master')
  const sub = await createSub(master.email)
  const key = node.services.apiKeys.create(sub.id, ['trade', 'read'], 'sub key', [])
  t.is((await signed(node, key, 'GET', '/balances/')).status, 200)
  await setStatus(master.email, 'blocked')
  assertError(t, await signed(node, key, 'GET', '/balances/'), 403, 'account_blocked')
  assertError(t, await signed(node, key, 'GET', '/accounts/me/'), 403, 'account_blocked')
  t.is((await details(sub.email)).status, 'active')
  await setStatus(master.email, 'active')
  t.is((await signed(node, key, 'GET', '/balances/')).status, 200)
})
