import {randomUUID} from 'node:crypto'
import test from 'ava'
import {runCli, runJson, type CliResult} from '../helpers/cli.js'
import {startTestNode, uniqueEmail, type TestNode} from '../helpers/node.js'

type Tier = {id: string; name: string; limits: string; is_default: boolean}

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

// The CLI runs for what is under test; setup and checks go straight to gRPC (each subprocess costs ~1 s).
const cli = (args: string[]): Promise<CliResult> => runCli([...args, '--admin-url', node.grpcAddress])
const json = <T = Record<string, unknown>>(args: string[]): Promise<T> => runJson<T>(args, node.grpcAddress)
const tiers = async (): Promise<Tier[]> => (await node.admin.call<{tiers: Tier[]}>('InfoService', 'ListTiers')).tiers
const createTier = async (name: string): Promise<string> =>
  (await node.admin.call<{tier_id: string}>('TiersService', 'CreateTier', {name, limits: '{"maker_fee": "0.0008"}'})).tier_id
const createAccount = async (): Promise<string> => {
  const email = uniqueEmail('tiers')
  await node.admin.call('AccountsService', 'CreateAccount', {email, password: 'correct horse battery'})
  return email
}

test('tiers create: the limits JSON is stored with unknown keys kept, and tiers list shows the tier, not default', async (t) => {
  const limits = {maker_fee: '0.0008', taker_fee: '0.0015', orders_per_second: 20, withdrawal_limit_24h: {BTC: '5'}, note: 'kept'}
  const {tier_id: id} = await json<{tier_id: string}>([
    'tiers',
    'create',
    '--name',
    'vip-listed',
    '--limits',
    JSON.stringify(limits),
  ])
  const listed = await json<{tiers: Tier[]}>(['tiers', 'list'])
  const tier = listed.tiers.find((candidate) => candidate.id === id)
  t.is(tier?.name, 'vip-listed')
  t.false(tier?.is_default)
  t.deepEqual(JSON.parse(tier!.limits), limits)
  t.true(listed.tiers.some((candidate) => candidate.name === 'default' && candidate.is_default))
})

test('tiers create: a duplicate name is refused with ALREADY_EXISTS (exit 5)', async (t) => {
  await createTier('vip-duplicate')
  const result = await cli(['tiers', 'create', '--name', 'vip-duplicate', '--limits', '{}'])
  t.is(result.code, 5)
  t.regex(result.stderr, /ALREADY_EXISTS \(already_exists\)/)
})

test('tiers create: malformed limits ("{", an array, a fee as a JSON number) are INVALID_ARGUMENT (exit 3), nothing stored', async (t) => {
  const results = await Promise.all(
    ['{', '[]', '{"maker_fee": 0.001}'].map((limits, i) =>
      cli(['tiers', 'create', '--name', `vip-bad-${i}`, '--limits', limits]),
    ),
  )
  for (const result of results) {
    t.is(result.code, 3, result.stderr)
    t.regex(result.stderr, /^Error: INVALID_ARGUMENT \(invalid_argument\): limits/)
  }
  t.false((await tiers()).some((tier) => tier.name.startsWith('vip-bad-')))
})

test('tiers create: without --limits and without a terminal it is a usage error (exit 2) naming the flag', async (t) => {
  const result = await cli(['tiers', 'create', '--name', 'vip-no-limits'])
  t.is(result.code, 2)
  t.regex(result.stderr, /missing required flag --limits/)
})

test('tiers update: new limits replace the old ones and keep the name; a new name keeps the limits', async (t) => {
  const id = await createTier('vip-update')
  const limits = '{"maker_fee": "0.0001", "taker_fee": "0.0002"}'
  t.deepEqual(await json(['tiers', 'update', '--tier-id', id, '--limits', limits]), {success: true})
  t.deepEqual(await json(['tiers', 'update', '--tier-id', id, '--name', 'vip-updated']), {success: true})
  const tier = (await tiers()).find((candidate) => candidate.id === id)
  t.is(tier?.name, 'vip-updated')
  t.deepEqual(JSON.parse(tier!.limits), JSON.parse(limits))
})

// Serial: it moves the default tier, which the concurrent tests must not see half-way.
test.serial(
  'tiers set-default: get-default names the new default, new accounts get it, and it cannot be deleted (exit 6)',
  async (t) => {
    const original = await node.admin.call<{tier_id: string; tier_name: string}>('TiersService', 'GetDefaultTier')
    t.is(original.tier_name, 'default')
    const id = await createTier('vip-default')
    try {
      t.deepEqual(await json(['tiers', 'set-default', '--tier', 'vip-default']), {success: true})
      t.deepEqual(await json(['tiers', 'get-default']), {tier_id: id, tier_name: 'vip-default'})
      const email = await createAccount()
      t.is((await node.admin.call<{tier_id: string}>('AccountsService', 'GetAccountDetails', {email})).tier_id, id)

      const result = await cli(['tiers', 'delete', '--tier-id', id])
      t.is(result.code, 6)
      t.regex(result.stderr, /FAILED_PRECONDITION \(failed_precondition\)/)
      t.deepEqual(
        (await tiers()).filter((tier) => tier.is_default).map((tier) => tier.id),
        [id],
      )
    } finally {
      await node.admin.call('TiersService', 'SetDefaultTier', {tier_id: original.tier_id})
    }
  },
)

test('tiers delete: a tier assigned to an account is refused with FAILED_PRECONDITION (exit 6) and stays', async (t) => {
  const id = await createTier('vip-assigned')
  await node.admin.call('AccountsService', 'SetTier', {email: await createAccount(), tier_id: id})
  const result = await cli(['tiers', 'delete', '--tier-id', id])
  t.is(result.code, 6)
  t.regex(result.stderr, /FAILED_PRECONDITION \(failed_precondition\)/)
  t.true((await tiers()).some((tier) => tier.id === id))
})

test('tiers delete: an unused tier is deleted and leaves the list', async (t) => {
  const id = await createTier('vip-unused')
  t.deepEqual(await json(['tiers', 'delete', '--tier-id', id]), {success: true})
  t.false((await tiers()).some((tier) => tier.id === id))
})

test('tiers update and delete take --tier by name (any case) or id; an unknown name is NOT_FOUND (exit 4)', async (t) => {
  const id = await createTier('vip-by-name')
  t.deepEqual(await json(['tiers', 'update', '--tier', 'VIP-BY-NAME', '--name', 'vip-renamed']), {success: true})
  t.is((await tiers()).find((tier) => tier.id === id)?.name, 'vip-renamed')
  const unknown = await cli(['tiers', 'delete', '--tier', 'vip-by-name'])
  t.is(unknown.code, 4, unknown.stderr)
  t.regex(unknown.stderr, /no tier named or with id "vip-by-name"/)
  t.deepEqual(await json(['tiers', 'delete', '--tier', 'vip-renamed']), {success: true})
  t.false((await tiers()).some((tier) => tier.id === id))
})

test('tiers: an unknown tier id is NOT_FOUND (exit 4) for update and delete', async (t) => {
  const unknown = randomUUID()
  const results = await Promise.all([
    cli(['tiers', 'update', '--tier-id', unknown, '--name', 'ghost']),
    cli(['tiers', 'delete', '--tier-id', unknown]),
  ])
  for (const result of results) {
    t.is(result.code, 4, result.stderr)
    t.regex(result.stderr, /NOT_FOUND \(not_found\)/)
  }
})
