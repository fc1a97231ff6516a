/**
 * `exchange accounts ...` driven as an operator's script would: the built binary as a subprocess,
 * without a TTY, against a real node; assertions on the parsed --json output and on exit codes.
 * Serial: each CLI run is a Node process costing most of a second of CPU; one at a time keeps the
 * file's run time predictable on small, shared CI machines (the scenarios use distinct accounts).
 */
import test from 'ava'
import {runCli, runJson} from '../helpers/cli.js'
import {restingBuys} from '../helpers/market.js'
import {startTestNode, uniqueEmail, type TestNode} from '../helpers/node.js'

type Details = {
  id: string
  email: string
  tier_id: string
  funding_account_id: string
  trading_account_id: string
  status: string
  status_comment: string
  is_vip: boolean
}
type Balance = {
  asset: string
  account_type: string
  available: string
  locked: string
  amount: string
  balance_account_id: string
}
type Transaction = {
  id: string
  type: string
  asset: string
  amount: string
  balance_account_id: string
  reference_id: string
  bucket: string
  reason: string
  created_at: string
}

const PASSWORD = 'correct horse battery'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const cli = <T = Record<string, unknown>>(args: string[]) => runJson<T>(args, node.grpcAddress)
const cliRaw = (args: string[]) => runCli([...args, '--admin-url', node.grpcAddress])
/** Creates an account through the admin API directly (setup, not the subject of the test). */
const newAccount = (email = uniqueEmail()) =>
  node.admin.call<{id: string; email: string}>('AccountsService', 'CreateAccount', {email, password: PASSWORD})

test.serial('account lifecycle: create, tier, status and VIP changes are visible in details', async (t) => {
  const email = uniqueEmail('lifecycle')
  const created = await cli<{id: string; email: string}>(['accounts', 'create', '--email', email, '--password', PASSWORD])
  t.is(created.email, email)

  const details = await cli<Details>(['accounts', 'details', '--email', email])
  t.like(details, {id: created.id, email, status: 'active', is_vip: false})

  const {balances} = await cli<{balances: Balance[]}>(['accounts', 'balances', '--email', email])
  const funding = balances.filter((b) => b.account_type === 'funding')
  const trading = balances.filter((b) => b.account_type === 'trading')
  t.deepEqual(
    funding.map((b) => b.asset),
    ['BTC', 'ETH', 'TRX', 'USDT'],
  )
  t.true(
    funding.every(
      (b) => b.balance_account_id === details.funding_account_id && b.amount === '0' && b.available === '0' && b.locked === '0',
    ),
  )
  t.true(trading.every((b) => b.balance_account_id === details.trading_account_id))

  const {tiers} = await cli<{tiers: {id: string; name: string; is_default: boolean}[]}>(['info', 'tiers'])
  const defaultTier = tiers.find((tier) => tier.is_default)
  t.is(defaultTier?.name, 'default')
  t.deepEqual(await cli(['accounts', 'set-tier', '--email', email, '--tier-id', defaultTier!.id]), {})

  await cli(['accounts', 'set-status', '--email', email, '--status', 'restricted', '--status-comment', 'KYC review'])
  await cli(['accounts', 'set-vip', '--email', email, '--is-vip'])
  t.like(await cli<Details>(['accounts', 'details', '--email', email]), {
    tier_id: defaultTier!.id,
    status: 'restricted',
    status_comment: 'KYC review',
    is_vip: true,
  })

  await cli(['accounts', 'set-vip', '--email', email, '--no-is-vip'])
  t.like(await cli<Details>(['accounts', 'details', '--email', email]), {status: 'restricted', is_vip: false})
})

test.serial('login: the right password returns a JWT for the public API, a wrong one is UNAUTHENTICATED', async (t) => {
  const {email} = await newAccount()
  const login = await cli<{token: string; expires_in: number}>(['accounts', 'login', '--email', email, '--password', PASSWORD])
  t.regex(login.token, /^[\w-]+\.[\w-]+\.[\w-]+$/)
  t.is(login.expires_in, 3600)

  const wrong = await cliRaw(['accounts', 'login', '--email', email, '--password', 'not the password'])
  t.is(wrong.code, 7)
  t.regex(wrong.stderr, /UNAUTHENTICATED \(unauthorized\)/)
})

test.serial('transactions: a manual top-up is listed as a signed credit with its reason and operation id', async (t) => {
  const {id, email} = await newAccount()
  const {operation_id} = await cli<{operation_id: string}>([
    'ops',
    'topup',
    '--account-id',
    id,
    '--asset',
    'USDT',
    '--amount',
    '12.5',
    '--reason',
    'bank wire 42',
    '--yes',
  ])

  const listed = await cli<{transactions: Transaction[]; page: {total: number}}>([
    'accounts',
    'transactions',
    '--email',
    email,
    '--asset',
    'USDT',
    '--type',
    'manual_topup',
    '--limit',
    '10',
  ])
  t.is(listed.page.total, 1)
  t.like(listed.transactions[0], {
    type: 'manual_topup',
    asset: 'USDT',
    amount: '12.5',
    bucket: 'available',
    reference_id: operation_id,
    reason: 'bank wire 42',
  })
})

test.serial('unknown e-mail: details fails with NOT_FOUND, exit 4 and one line on stderr', async (t) => {
  const result = await cliRaw(['accounts', 'details', '--email', uniqueEmail('nobody')])
  t.is(result.code, 4)
  t.regex(result.stderr, /^Error: NOT_FOUND \(not_found\): .+\n$/)
  t.is(result.stdout, '')
})

test.serial('set-vip refuses to guess: without --is-vip or --no-is-vip it exits 2 and changes nothing', async (t) => {
  const {email} = await newAccount()
  const result = await cliRaw(['accounts', 'set-vip', '--email', email])
  t.is(result.code, 2)
  t.regex(result.stderr, /--is-vip or --no-is-vip/)
  t.like(await node.admin.call<Details>('AccountsService', 'GetAccountDetails', {email}), {is_vip: false})
})

test.serial('missing required input without a terminal: a usage error naming the flag, no call made', async (t) => {
  const result = await cliRaw(['accounts', 'set-status', '--status', 'blocked'])
  t.is(result.code, 2)
  t.regex(result.stderr, /missing required flag --email/)
})

test.serial('human mode: balances --all prints a table with one row per balance', async (t) => {
  const {email} = await newAccount()
  const result = await cliRaw(['accounts', 'balances', '--email', email, '--all'])
  t.is(result.code, 0)
  for (const column of ['asset', 'account_type', 'available', 'locked', 'amount', 'balance_account_id'])
    t.true(result.stdout.includes(column))
  t.is(result.stdout.split('\n').filter((line) => /USDT/.test(line)).length, 2)
})

test.serial('accounts orders pages with --limit and --offset, newest first, each order once', async (t) => {
  const {id, email} = await newAccount()
  const placed = await restingBuys(node, id, 3)
  const page = async (offset: number) =>
    (
      await cli<{orders: {id: string}[]}>(['accounts', 'orders', '--email', email, '--limit', '2', '--offset', String(offset)])
    ).orders.map((order) => order.id)
  t.deepEqual([...(await page(0)), ...(await page(2))], [...placed].reverse())
  const negative = await cliRaw(['accounts', 'orders', '--email', email, '--offset', '-1'])
  t.is(negative.code, 2, negative.stderr)
})

test.serial('accounts orders shows a waiting stop with its stop price, as JSON and in the table', async (t) => {
  const {id, email} = await newAccount()
  const account = node.services.accounts.cachedById(id)!
  node.services.operations.topup(
    {balanceAccountId: account.tradingAccountId},
    {asset: 'BTC', amount: '1', reason: 'stop', operator: 'test'},
  )
  await node.services.trading.place(id, {
    ticker: 'BTC-USDT',
    side: 'sell',
    type: 'stop_limit',
    stopPrice: '90',
    price: '89',
    qty: '0.5',
  })
  const {orders} = await cli<{
    orders: {type: string; stop_price: string; stop_direction: string; triggered_at: string; status: string}[]
  }>(['accounts', 'orders', '--email', email])
  t.like(orders[0], {type: 'stop_limit', stop_price: '90', stop_direction: 'fall', triggered_at: '', status: 'open'})
  const table = await cliRaw(['accounts', 'orders', '--email', email])
  t.is(table.code, 0)
  t.regex(table.stdout, /stop_limit/)
  t.regex(table.stdout, /\b90\b/)
})
