/**
 * The approval commands end to end on a connected chain (anvil, test/helpers/evm-node.ts): a large
 * withdrawal created over gRPC waits in pending, `blockchain withdrawals --status pending --json`
 * shows it awaiting approval, `blockchain withdrawals --follow --json` prints it and then its
 * change, and `blockchain reject-withdrawal --yes --json` fails it and releases its hold.
 */
import test from 'ava'
import {followJson, runCli, runJson} from '../helpers/cli.js'
import {depositor, ethNetworkId, funding, startEvmWorld, type EvmWorld} from '../helpers/evm-node.js'

type Withdrawal = {id: string; status: string; amount: string; awaiting_approval: boolean; failure: string}

const EXTERNAL = '0x000000000000000000000000000000000000dEaD'

let world: EvmWorld
test.before(async () => {
  world = await startEvmWorld({confirmations: 1})
  await world.node.admin.call('AssetsService', 'UpdateAssetNetwork', {
    network_id: await ethNetworkId(world, 'ETH'),
    large_withdrawal: '1',
  })
})
test.after.always(async () => {
  await world?.close()
})

const json = <T>(args: string[]): Promise<T> => runJson<T>(args, world.node.grpcAddress)

/** A user with 5 ETH on funding: a manual top-up, no chain deposit needed. */
async function userWithEth(): Promise<{id: string; email: string}> {
  const user = await depositor(world)
  await world.node.admin.call('OperationsService', 'ManualTopup', {
    account_id: user.id,
    asset: 'ETH',
    amount: '5',
    reason: 'test seed',
  })
  return user
}

/** A user with 5 ETH on funding and a large ETH withdrawal waiting. */
async function largeWithdrawal(): Promise<{user: {id: string; email: string}; id: string}> {
  const user = await userWithEth()
  const {withdraw_request_id: id} = await world.node.admin.call<{withdraw_request_id: string}>(
    'BlockchainService',
    'WithdrawToBlockchain',
    {account_id: user.id, blockchain: 'eth', asset: 'ETH', amount: '2', to_address: EXTERNAL},
  )
  await world.pass()
  return {user, id}
}

test.serial(
  'a large withdrawal: withdrawals --status pending shows it awaiting approval; reject-withdrawal --yes fails it and releases the hold',
  async (t) => {
    const {user, id} = await largeWithdrawal()
    t.deepEqual(await funding(world, user.email, 'ETH'), {available: '3', locked: '2'})

    const pending = await json<{withdrawals: Withdrawal[]}>(['blockchain', 'withdrawals', '--status', 'pending'])
    t.like(
      pending.withdrawals.find((withdrawal) => withdrawal.id === id),
      {status: 'pending', amount: '2', awaiting_approval: true},
    )

    const rejected = await json<{withdrawal: Withdrawal}>([
      'blockchain',
      'reject-withdrawal',
      '--withdraw-request-id',
      id,
      '--reason',
      'destination not verified',
      '--yes',
    ])
    t.like(rejected.withdrawal, {id, status: 'failed', awaiting_approval: false})
    t.regex(rejected.withdrawal.failure, /destination not verified/)
    t.deepEqual(await funding(world, user.email, 'ETH'), {available: '5', locked: '0'})

    const twice = await runCli([
      'blockchain',
      'approve-withdrawal',
      '--withdraw-request-id',
      id,
      '--yes',
      '--admin-url',
      world.node.grpcAddress,
    ])
    t.is(twice.code, 6, twice.stderr)
    t.regex(twice.stderr, /^Error: FAILED_PRECONDITION \(failed_precondition\)/)
  },
)

test.serial('withdrawals --follow --json prints a new withdrawal, then its change, as JSON lines until SIGINT', async (t) => {
  const follow = followJson<Withdrawal>([
    'blockchain',
    'withdrawals',
    '--follow',
    '--json',
    '--admin-url',
    world.node.grpcAddress,
  ])
  const {received, waitFor} = follow
  try {
    const {id} = await largeWithdrawal()
    await waitFor('new withdrawal', (withdrawal) => withdrawal.id === id && withdrawal.awaiting_approval)
    await world.node.admin.call('BlockchainService', 'RejectWithdrawal', {withdraw_request_id: id, reason: 'followed'})
    await waitFor('changed withdrawal', (withdrawal) => withdrawal.id === id && withdrawal.status === 'failed')
    const states = received.filter((withdrawal) => withdrawal.id === id).map((withdrawal) => JSON.stringify(withdrawal))
    t.is(new Set(states).size, states.length, 'an unchanged withdrawal is not printed again')
  } finally {
    follow.child.kill('SIGINT')
  }
  const [code, signal] = await follow.exited
  t.true(code === 0 || signal === 'SIGINT', `exit code ${code}, signal ${signal}, stderr: ${follow.stderr()}`)
  t.is(follow.rest().trim(), '', 'nothing but complete JSON lines on stdout')
})

test.serial(
  'blockchain withdraw prints the resulting funding balance with the amount held; --json only the response',
  async (t) => {
    const user = await userWithEth()
    const withdraw = ['blockchain', 'withdraw', '--email', user.email, '--blockchain', 'eth', '--asset', 'ETH']
    const common = ['--to-address', EXTERNAL, '--yes', '--admin-url', world.node.grpcAddress]
    // Large (at or above 1 ETH here): it waits for approval, its amount locked on funding.
    const shown = await runCli([...withdraw, '--amount', '2', ...common])
    t.is(shown.code, 0, shown.stderr)
    t.regex(shown.stdout, /withdraw_request_id\s+[0-9a-f-]{36}/)
    t.true(shown.stdout.includes(`funding ETH of ${user.email}: available 3, locked 2`), shown.stdout)
    const json = await runCli([...withdraw, '--amount', '1', ...common, '--json'])
    t.is(json.code, 0, json.stderr)
    t.deepEqual(Object.keys(JSON.parse(json.stdout) as object), ['withdraw_request_id'])
    t.deepEqual(await funding(world, user.email, 'ETH'), {available: '2', locked: '3'})
  },
)
