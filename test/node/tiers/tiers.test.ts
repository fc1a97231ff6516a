import {status} from '@grpc/grpc-js'
import test from 'ava'
import type {GetAccountDetailsResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/GetAccountDetailsResponse.js'
import type {GetDefaultTierResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/GetDefaultTierResponse.js'
import type {ListTiersResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/ListTiersResponse.js'
import type {Tier__Output} from '../../../src/node/admin/generated/exchange/admin/v1/Tier.js'
import {rpcError, startTestNode, type TestNode} from '../../helpers/node.js'
import {createAccount, unknownUuid} from '../../helpers/admin-grpc.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const LIMITS = '{"maker_fee": "0.001", "taker_fee": "0.002", "orders_per_second": 10}'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const createTier = async (name: string, limits = LIMITS) =>
  (await node.admin.call<{tier_id: string}>('TiersService', 'CreateTier', {name, limits})).tier_id
const updateTier = (tier_id: string, name = '', limits = '') =>
  node.admin.call('TiersService', 'UpdateTier', {tier_id, name, limits})
const deleteTier = (tier_id: string) => node.admin.call('TiersService', 'DeleteTier', {tier_id})
const getDefault = () => node.admin.call<GetDefaultTierResponse__Output>('TiersService', 'GetDefaultTier')
const setDefault = (tier_id: string) => node.admin.call('TiersService', 'SetDefaultTier', {tier_id})
const tiers = async () => (await node.admin.call<ListTiersResponse__Output>('InfoService', 'ListTiers')).tiers
const tier = async (id: string): Promise<Tier__Output | undefined> => (await tiers()).find((candidate) => candidate.id === id)

// --- default tier (serial: SetDefaultTier changes what every new account gets) ---

test.serial('GetDefaultTier: the bootstrapped "default" tier', async (t) => {
  const current = await getDefault()
  t.regex(current.tier_id, UUID)
  t.is(current.tier_name, 'default')
  const listed = await tier(current.tier_id)
  t.true(listed?.is_default)
  t.deepEqual(JSON.parse(listed!.limits), {maker_fee: '0.001', taker_fee: '0.002', orders_per_second: 10})
})

test.serial('SetDefaultTier: new accounts get the new default tier, existing accounts keep theirs', async (t) => {
  const original = await getDefault()
  const before = await createAccount(node, 'beforedefault')
  const promoted = await createTier('promo-default')
  try {
    t.deepEqual(await setDefault(promoted), {success: true})
    t.deepEqual(await getDefault(), {tier_id: promoted, tier_name: 'promo-default'})
    const listed = await tiers()
    t.deepEqual(
      listed.filter((candidate) => candidate.is_default).map((candidate) => candidate.id),
      [promoted],
    )
    const after = await createAccount(node, 'afterdefault')
    t.is(after.tier_id, promoted)
    const unchanged = await node.admin.call<GetAccountDetailsResponse__Output>('AccountsService', 'GetAccountDetails', {
      email: before.email,
    })
    t.is(unchanged.tier_id, original.tier_id)
    // Setting the current default again is harmless.
    t.deepEqual(await setDefault(promoted), {success: true})
    t.is((await getDefault()).tier_id, promoted)
  } finally {
    await setDefault(original.tier_id)
  }
  t.deepEqual(await getDefault(), original)
  // The former default, still assigned to the account made while it was default, cannot go.
  t.is((await rpcError(deleteTier(promoted))).code, status.FAILED_PRECONDITION)
})

test.serial('SetDefaultTier: a former default tier without accounts can be deleted', async (t) => {
  const original = await getDefault()
  const interim = await createTier('interim-default')
  try {
    await setDefault(interim)
    t.is((await rpcError(deleteTier(interim))).code, status.FAILED_PRECONDITION)
  } finally {
    await setDefault(original.tier_id)
  }
  t.deepEqual(await deleteTier(interim), {success: true})
  t.is(await tier(interim), undefined)
})

test('SetDefaultTier: unknown tier is NOT_FOUND, malformed id INVALID_ARGUMENT, the default unchanged', async (t) => {
  const current = await getDefault()
  t.is((await rpcError(setDefault(unknownUuid()))).code, status.NOT_FOUND)
  t.is((await rpcError(setDefault('default'))).code, status.INVALID_ARGUMENT)
  t.is((await rpcError(setDefault(''))).code, status.INVALID_ARGUMENT)
  t.deepEqual(await getDefault(), current)
})

// --- CreateTier ---

test('CreateTier: a new tier, not default, with its limits as compact JSON', async (t) => {
  const id = await createTier('gold', '{ "maker_fee": "0.0008",\n "taker_fee": "0.0015", "orders_per_second": 20 }')
  t.regex(id, UUID)
  t.deepEqual(await tier(id), {
    id,
    name: 'gold',
    limits: '{"maker_fee":"0.0008","taker_fee":"0.0015","orders_per_second":20}',
    is_default: false,
  })
})

test('CreateTier: unknown keys in limits are kept, withdrawal limits validated', async (t) => {
  const limits = {maker_fee: '0', withdrawal_limit_24h: {BTC: '2', USDT: '10000.5'}, custom: {nested: [1, 2]}, flag: true}
  const id = await createTier('custom-keys', JSON.stringify(limits))
  t.deepEqual(JSON.parse((await tier(id))!.limits), limits)
})

test('CreateTier: limits that are not a valid JSON object are INVALID_ARGUMENT', async (t) => {
  const bad = [
    '',
    'not json',
    '{"maker_fee": "0.001"',
    '[]',
    '[{"maker_fee": "0.001"}]',
    '"text"',
    '10',
    'null',
    '{"maker_fee": "1.5"}',
    '{"maker_fee": "1"}',
    '{"maker_fee": 0.001}',
    '{"maker_fee": "-0.001"}',
    '{"maker_fee": "1e-3"}',
    '{"taker_fee": ".002"}',
    '{"taker_fee": null}',
    '{"orders_per_second": 0}',
    '{"orders_per_second": -1}',
    '{"orders_per_second": 1.5}',
    '{"orders_per_second": "10"}',
    '{"withdrawal_limit_24h": {"BTC": 2}}',
    '{"withdrawal_limit_24h": {"BTC": "-2"}}',
    '{"withdrawal_limit_24h": ["BTC"]}',
  ]
  for (const [i, limits] of bad.entries()) {
    const error = await rpcError(node.admin.call('TiersService', 'CreateTier', {name: `bad-limits-${i}`, limits}))
    t.is(error.code, status.INVALID_ARGUMENT, limits)
    t.is(error.errorCode, 'invalid_argument')
  }
  const names = (await tiers()).map((candidate) => candidate.name)
  t.false(names.some((name) => name.startsWith('bad-limits-')))
})

test('CreateTier: empty name is INVALID_ARGUMENT, duplicate name ALREADY_EXISTS', async (t) => {
  t.is((await rpcError(createTier(''))).code, status.INVALID_ARGUMENT)
  t.is((await rpcError(createTier('   '))).code, status.INVALID_ARGUMENT)
  t.is((await rpcError(createTier('x'.repeat(65)))).code, status.INVALID_ARGUMENT)
  await createTier('silver')
  const duplicate = await rpcError(createTier('silver'))
  t.is(duplicate.code, status.ALREADY_EXISTS)
  t.is(duplicate.errorCode, 'already_exists')
  t.is((await rpcError(createTier('default'))).code, status.ALREADY_EXISTS)
})

// --- UpdateTier ---

test('UpdateTier: empty name keeps the name, empty limits keep the limits', async (t) => {
  const id = await createTier('bronze', '{"maker_fee": "0.002", "taker_fee": "0.003"}')
  t.deepEqual(await updateTier(id, '', '{"maker_fee": "0.0015", "taker_fee": "0.0025", "vip_desk": true}'), {success: true})
  t.deepEqual(await tier(id), {
    id,
    name: 'bronze',
    limits: '{"maker_fee":"0.0015","taker_fee":"0.0025","vip_desk":true}',
    is_default: false,
  })
  t.deepEqual(await updateTier(id, 'bronze-plus', ''), {success: true})
  t.deepEqual(await tier(id), {
    id,
    name: 'bronze-plus',
    limits: '{"maker_fee":"0.0015","taker_fee":"0.0025","vip_desk":true}',
    is_default: false,
  })
  t.deepEqual(await updateTier(id, 'bronze-max', '{"taker_fee": "0.001"}'), {success: true})
  t.deepEqual(await tier(id), {id, name: 'bronze-max', limits: '{"taker_fee":"0.001"}', is_default: false})
  t.deepEqual(await updateTier(id), {success: true})
  t.is((await tier(id))?.name, 'bronze-max')
})

test('UpdateTier: bad limits are INVALID_ARGUMENT and change nothing', async (t) => {
  const id = await createTier('steady')
  const before = await tier(id)
  for (const limits of ['nope', '[]', '{"maker_fee": "1.5"}', '{"maker_fee": 0.001}', '{"orders_per_second": 0}']) {
    t.is((await rpcError(updateTier(id, 'renamed-steady', limits))).code, status.INVALID_ARGUMENT, limits)
  }
  t.deepEqual(await tier(id), before)
})

test('UpdateTier: renaming to an existing name is ALREADY_EXISTS; unknown tier NOT_FOUND', async (t) => {
  await createTier('taken-name')
  const id = await createTier('free-name')
  t.is((await rpcError(updateTier(id, 'taken-name'))).code, status.ALREADY_EXISTS)
  t.is((await tier(id))?.name, 'free-name')
  t.is((await rpcError(updateTier(unknownUuid(), 'whatever'))).code, status.NOT_FOUND)
  t.is((await rpcError(updateTier('tier-1', 'whatever'))).code, status.INVALID_ARGUMENT)
})

test('UpdateTier: the default tier keeps being the default', async (t) => {
  const current = await getDefault()
  const listed = await tier(current.tier_id)
  t.deepEqual(await updateTier(current.tier_id, '', listed!.limits), {success: true})
  t.true((await tier(current.tier_id))?.is_default)
})

// --- DeleteTier ---

test('DeleteTier: an unused tier is deleted; deleting it again is NOT_FOUND', async (t) => {
  const id = await createTier('ephemeral')
  t.deepEqual(await deleteTier(id), {success: true})
  t.is(await tier(id), undefined)
  const again = await rpcError(deleteTier(id))
  t.is(again.code, status.NOT_FOUND)
  // The name is free again.
  t.regex(await createTier('ephemeral'), UUID)
})

test('DeleteTier: the default tier cannot be deleted (FAILED_PRECONDITION)', async (t) => {
  const current = await getDefault()
  const error = await rpcError(deleteTier(current.tier_id))
  t.is(error.code, status.FAILED_PRECONDITION)
  t.is(error.errorCode, 'failed_precondition')
  t.truthy(await tier(current.tier_id))
})

test('DeleteTier: a tier assigned to an account cannot be deleted (FAILED_PRECONDITION)', async (t) => {
  const id = await createTier('assigned')
  const account = await createAccount(node, 'assigned')
  await node.admin.call('AccountsService', 'SetTier', {email: account.email, tier_id: id})
  const error = await rpcError(deleteTier(id))
  t.is(error.code, status.FAILED_PRECONDITION)
  t.is(error.errorCode, 'failed_precondition')
  t.truthy(await tier(id))
  // Once no account uses it, it can go.
  await node.admin.call('AccountsService', 'SetTier', {email: account.email, tier_id: (await getDefault()).tier_id})
  t.deepEqual(await deleteTier(id), {success: true})
})

test('DeleteTier: malformed id is INVALID_ARGUMENT', async (t) => {
  for (const bad of ['', 'gold', '123']) t.is((await rpcError(deleteTier(bad))).code, status.INVALID_ARGUMENT, bad)
})
