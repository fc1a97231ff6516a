/**
 * `exchange ops ...` and the not-yet-implemented chain commands, run as subprocesses against a
 * real node: money moves exactly once, refusals move nothing, and every failure names its code.
 * Serial: each CLI run is a Node process costing most of a second of CPU; one at a time keeps the
 * file's run time predictable on small, shared CI machines (the scenarios use distinct accounts).
 */
import {randomUUID} from 'node:crypto'
import test from 'ava'
import {runCli, runJson} from '../helpers/cli.js'
import {startTestNode, uniqueEmail, type TestNode} from '../helpers/node.js'

type Balance = {
  asset: string
  account_type: string
  available: string
  locked: string
  amount: string
  balance_account_id: string
}
type Account = {id: string; email: string}

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const cli = <T = Record<string, unknown>>(args: string[]) => runJson<T>(args, node.grpcAddress)
const cliRaw = (args: string[]) => runCli([...args, '--admin-url', node.grpcAddress])
/** Setup through the admin API directly, so that each test's CLI calls are the ones under test. */
const newAccount = () =>
  node.admin.call<Account>('AccountsService', 'CreateAccount', {email: uniqueEmail('ops'), password: 'correct horse battery'})
const seed = (account: Account, amount: string) =>
  node.admin.call('OperationsService', 'ManualTopup', {account_id: account.id, asset: 'USDT', amount, reason: 'test seed'})
/** The USDT balance of one balance account type, read back through the CLI. */
const usdt = async (account: Account, type = 'funding') => {
  const {balances} = await cli<{balances: Balance[]}>(['accounts', 'balances', '--email', account.email])
  return balances.find((b) => b.asset === 'USDT' && b.account_type === type)!
}

test.serial('topup, withdraw and transfer move funding balances by exactly the amounts given', async (t) => {
  const [alice, bob] = await Promise.all([newAccount(), newAccount()])
  const topup = await cli<{operation_id: string}>([
    'ops',
    'topup',
    '--account-id',
    alice.id,
    '--asset',
    'USDT',
    '--amount',
    '100',
    '--reason',
    'wire 1',
    '--yes',
  ])
  t.regex(topup.operation_id, /^[0-9a-f-]{36}$/)
  await cli([
    'ops',
    'withdraw',
    '--account-id',
    alice.id,
    '--asset',
    'USDT',
    '--amount',
    '30.25',
    '--reason',
    'refund 1',
    '--yes',
  ])
  await cli([
    'ops',
    'transfer',
    '--from-account-id',
    alice.id,
    '--to-account-id',
    bob.id,
    '--asset',
    'USDT',
    '--amount',
    '20',
    '--reason',
    'ticket 7',
    '--yes',
  ])

  const [a, b] = await Promise.all([usdt(alice), usdt(bob)])
  t.like(a, {available: '49.75', locked: '0', amount: '49.75'})
  t.like(b, {available: '20', locked: '0', amount: '20'})
})

test.serial('balance-account operations reach the trading account and back', async (t) => {
  const carol = await newAccount()
  const trading = (await usdt(carol, 'trading')).balance_account_id
  const funding = (
    await node.admin.call<{funding_account_id: string}>('AccountsService', 'GetAccountDetails', {email: carol.email})
  ).funding_account_id
  await cli([
    'ops',
    'topup-balance-account',
    '--balance-account-id',
    trading,
    '--asset',
    'USDT',
    '--amount',
    '10',
    '--reason',
    'wire 2',
    '--yes',
  ])
  await cli([
    'ops',
    'transfer-balance-account',
    '--from-balance-account-id',
    trading,
    '--to-balance-account-id',
    funding,
    '--asset',
    'USDT',
    '--amount',
    '4',
    '--reason',
    'ticket 8',
    '--yes',
  ])
  await cli([
    'ops',
    'withdraw-balance-account',
    '--balance-account-id',
    funding,
    '--asset',
    'USDT',
    '--amount',
    '1',
    '--reason',
    'refund 2',
    '--yes',
  ])

  const {balances} = await cli<{balances: Balance[]}>(['accounts', 'balances', '--email', carol.email])
  t.like(
    balances.find((b) => b.asset === 'USDT' && b.account_type === 'trading'),
    {available: '6'},
  )
  t.like(
    balances.find((b) => b.asset === 'USDT' && b.account_type === 'funding'),
    {available: '3'},
  )
})

test.serial('withdrawing more than available: FAILED_PRECONDITION (insufficient_funds), exit 6, nothing moved', async (t) => {
  const dave = await newAccount()
  await seed(dave, '10')
  const result = await cliRaw([
    'ops',
    'withdraw',
    '--account-id',
    dave.id,
    '--asset',
    'USDT',
    '--amount',
    '10.01',
    '--reason',
    'too much',
    '--yes',
  ])
  t.is(result.code, 6)
  t.regex(result.stderr, /^Error: FAILED_PRECONDITION \(insufficient_funds\): .+\n$/)
  t.like(await usdt(dave), {available: '10'})
})

test.serial('a money operation without --yes and without a terminal is refused and moves nothing', async (t) => {
  const erin = await newAccount()
  const result = await cliRaw([
    'ops',
    'topup',
    '--account-id',
    erin.id,
    '--asset',
    'USDT',
    '--amount',
    '5',
    '--reason',
    'unconfirmed',
  ])
  t.not(result.code, 0)
  t.regex(result.stderr, /pass --yes/)
  t.like(await usdt(erin), {available: '0'})
})

test.serial('unknown account: NOT_FOUND (not_found), exit 4', async (t) => {
  const result = await cliRaw([
    'ops',
    'topup',
    '--account-id',
    randomUUID(),
    '--asset',
    'USDT',
    '--amount',
    '1',
    '--reason',
    'nobody',
    '--yes',
  ])
  t.is(result.code, 4)
  t.regex(result.stderr, /NOT_FOUND \(not_found\)/)
})

test.serial('amount in exponent notation "1e5" is INVALID_ARGUMENT (invalid_argument), exit 3, nothing credited', async (t) => {
  const frank = await newAccount()
  const result = await cliRaw([
    'ops',
    'topup',
    '--account-id',
    frank.id,
    '--asset',
    'USDT',
    '--amount',
    '1e5',
    '--reason',
    'typo',
    '--yes',
  ])
  t.is(result.code, 3)
  t.regex(result.stderr, /INVALID_ARGUMENT \(invalid_argument\)/)
  t.like(await usdt(frank), {available: '0'})
})

test.serial('a retried top-up with the same --idempotency-key returns the same operation_id and credits once', async (t) => {
  const grace = await newAccount()
  const key = randomUUID()
  const args = [
    'ops',
    'topup',
    '--account-id',
    grace.id,
    '--asset',
    'USDT',
    '--amount',
    '7',
    '--reason',
    'wire 3',
    '--idempotency-key',
    key,
    '--yes',
  ]
  const first = await cli<{operation_id: string}>(args)
  const second = await cli<{operation_id: string}>(args)
  t.is(second.operation_id, first.operation_id)
  t.like(await usdt(grace), {available: '7'})
})

test.serial('blockchain and hot-wallet refusals are one line with the gRPC code and a non-zero exit', async (t) => {
  const [deposit, wallets] = await Promise.all([
    cliRaw(['blockchain', 'deposit-address', '--account-id', randomUUID(), '--blockchain', 'tron', '--asset', 'USDT']),
    cliRaw(['hot-wallets', 'list', '--json']),
  ])
  t.not(deposit.code, 0)
  t.regex(deposit.stderr, /^Error: NOT_FOUND \(\w+\): .+\n$/)
  // No chain is connected to the test node.
  t.not(wallets.code, 0)
  t.regex(wallets.stderr, /^Error: UNAVAILABLE \(\w+\): .+\n$/)
})
