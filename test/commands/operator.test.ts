/**
 * Issue 14, the operator's CLI, run as subprocesses against real nodes: one way to name accounts
 * and tiers, discovery (did you mean, completion), heroku-style tables, exit codes, the operator
 * views (status, market, dev seed). Serial: each run is a Node process.
 */
import test from 'ava'
import {runCli, runJson, startCli} from '../helpers/cli.js'
import {realTrade, trader} from '../helpers/market.js'
import {startTestNode, uniqueEmail, type TestNode} from '../helpers/node.js'

type Account = {id: string; email: string}
type Status = {
  listeners: {name: string}[]
  dev: boolean
  store_bytes: string
  resting_orders: number
  commits_per_second: string
  open_alerts: number
  connected_chains: string[]
}

let node: TestNode
let dev: TestNode
test.before(async () => {
  ;[node, dev] = await Promise.all([startTestNode(), startTestNode({dev: true})])
})
test.after.always(async () => {
  await Promise.all([node?.close(), dev?.close()])
})

const cli = <T = Record<string, unknown>>(args: string[]) => runJson<T>(args, node.grpcAddress)
const cliRaw = (args: string[], target = node) => runCli([...args, '--admin-url', target.grpcAddress])
const newAccount = () =>
  node.admin.call<Account>('AccountsService', 'CreateAccount', {email: uniqueEmail('op'), password: 'correct horse battery'})

test.serial('an account is named by --email or --account-id on every command, never both', async (t) => {
  const account = await newAccount()
  const byId = await cli<Account>(['accounts', 'details', '--account-id', account.id])
  t.is(byId.email, account.email)
  const key = await cli<{id: string}>(['api-keys', 'create', '--email', account.email, '--permissions', 'read'])
  const keys = await cli<{keys: {id: string}[]}>(['api-keys', 'list', '--email', account.email])
  t.deepEqual(
    keys.keys.map((k) => k.id),
    [key.id],
  )
  const both = await cliRaw(['accounts', 'details', '--email', account.email, '--account-id', account.id])
  t.is(both.code, 2, both.stderr)
  t.regex(both.stderr, /^Error: .*cannot also be provided/)
  const unknown = await cliRaw(['accounts', 'details', '--account-id', '00000000-0000-4000-8000-000000000000'])
  t.is(unknown.code, 4, unknown.stderr)
})

test.serial(
  'accounts list finds by e-mail substring, pages, prints CSV with tier names; set-tier takes a tier name',
  async (t) => {
    const tag = `find${Date.now()}`
    const [first, second] = await Promise.all(
      [1, 2].map((n) =>
        node.admin.call<Account>('AccountsService', 'CreateAccount', {
          email: `${tag}-${n}@example.com`,
          password: 'correct horse battery',
        }),
      ),
    )
    const page = await cli<{accounts: Account[]; page: {total: number}}>([
      'accounts',
      'list',
      '--query',
      tag.toUpperCase(),
      '--limit',
      '1',
    ])
    t.is(page.page.total, 2)
    t.is(page.accounts.length, 1)
    const csv = await cliRaw(['accounts', 'list', '--query', tag, '--csv', '--columns', 'email,status'])
    t.is(csv.code, 0, csv.stderr)
    t.deepEqual(
      csv.stdout.trim().split('\n').sort(),
      [`${first!.email},active`, `${second!.email},active`, 'email,status'].sort(),
    )

    const {tier_id: tierId} = await node.admin.call<{tier_id: string}>('TiersService', 'CreateTier', {
      name: `vip${Date.now()}`,
      limits: JSON.stringify({maker_fee: '0.0005', taker_fee: '0.001', orders_per_second: 20}),
    })
    const tiers = await node.admin.call<{tiers: {id: string; name: string}[]}>('InfoService', 'ListTiers', {})
    const name = tiers.tiers.find((candidate) => candidate.id === tierId)!.name
    const set = await cliRaw(['accounts', 'set-tier', '--account-id', first!.id, '--tier', name])
    t.is(set.code, 0, set.stderr)
    t.regex(set.stdout, new RegExp(`tier of ${first!.email} set to ${name}`))
    t.like(await node.admin.call('AccountsService', 'GetAccountDetails', {email: first!.email}), {tier_id: tierId})
    // The table names the tier, not its id; --json keeps the RPC's tier_id.
    const byTier = await cliRaw(['accounts', 'list', '--query', tag, '--csv', '--columns', 'email,tier'])
    t.is(byTier.code, 0, byTier.stderr)
    t.deepEqual(
      byTier.stdout.trim().split('\n').sort(),
      [`${first!.email},${name}`, `${second!.email},default`, 'email,tier'].sort(),
    )
    const listed = await cli<{accounts: {email: string; tier_id: string}[]}>(['accounts', 'list', '--query', tag])
    t.is(listed.accounts.find((account) => account.email === first!.email)?.tier_id, tierId)
    const missing = await cliRaw(['accounts', 'set-tier', '--email', first!.email, '--tier', 'no-such-tier'])
    t.is(missing.code, 4, missing.stderr)
  },
)

test.serial('did you mean: a mistyped command or flag is named with spaces, exit 2; completion scripts exist', async (t) => {
  const command = await runCli(['accounts', 'lst'])
  t.is(command.code, 2, command.stderr)
  t.regex(command.stderr, /Did you mean "exchange accounts list"\?/)
  t.false(command.stderr.includes('accounts:list'))
  const flag = await cliRaw(['accounts', 'details', '--emial', 'a@b.c'])
  t.is(flag.code, 2, flag.stderr)
  t.regex(flag.stderr, /did you mean --email\?/)
  const completion = await runCli(['autocomplete', 'script', 'bash'])
  t.is(completion.code, 0, completion.stderr)
  t.regex(completion.stdout, /EXCHANGE_AC_BASH_SETUP_PATH/)
  t.false(`${command.stderr}${completion.stderr}`.includes('update available'))
})

test.serial('tables: no rule between rows, no colour off a terminal; balances hide zero rows unless --all', async (t) => {
  const account = await newAccount()
  await node.admin.call('OperationsService', 'ManualTopup', {
    account_id: account.id,
    asset: 'USDT',
    amount: '12.5',
    reason: 'seed',
  })
  const shown = await cliRaw(['accounts', 'balances', '--email', account.email])
  t.is(shown.code, 0, shown.stderr)
  const lines = shown.stdout.trim().split('\n')
  t.regex(lines[0]!, /^asset\s+account_type\s+available/)
  t.regex(lines[1]!, /^─+\s+─+/)
  t.regex(lines[2]!, /^USDT\s+funding\s+12\.5\s+0\s+12\.5/)
  t.regex(lines[3]!, /zero balances not shown/)
  t.false(shown.stdout.includes('\u001b['), 'no ANSI colour when stdout is not a terminal')
  const all = await cliRaw(['accounts', 'balances', '--email', account.email, '--all', '--no-header'])
  t.true(all.stdout.trim().split('\n').length > 2)
  t.false(all.stdout.includes('account_type'))
})

test.serial('money commands name the account by e-mail and print the resulting balance', async (t) => {
  const [alice, bob] = await Promise.all([newAccount(), newAccount()])
  const common = ['--asset', 'USDT', '--reason', 'cli test', '--yes']
  const topup = await cliRaw(['ops', 'topup', '--email', alice.email, '--amount', '10', ...common])
  t.is(topup.code, 0, topup.stderr)
  t.true(topup.stdout.includes(`funding USDT of ${alice.email}: available 10, locked 0`), topup.stdout)
  const transfer = await cliRaw([
    'ops',
    'transfer',
    '--from-email',
    alice.email,
    '--to-account-id',
    bob.id,
    '--amount',
    '2.5',
    ...common,
  ])
  t.is(transfer.code, 0, transfer.stderr)
  t.true(transfer.stdout.includes(`funding USDT of ${alice.email}: available 7.5, locked 0`), transfer.stdout)
  t.true(transfer.stdout.includes(`funding USDT of ${bob.email}: available 2.5, locked 0`), transfer.stdout)
  // The *-balance-account variants print the balance account they changed (funding or trading),
  // named by its owner's e-mail; --json prints the response only.
  const {funding_account_id: funding, trading_account_id: trading} = await node.admin.call<{
    funding_account_id: string
    trading_account_id: string
  }>('AccountsService', 'GetAccountDetails', {email: alice.email})
  const moved = await cliRaw([
    ...['ops', 'transfer-balance-account', '--from-balance-account-id', funding, '--to-balance-account-id', trading],
    ...['--amount', '5', ...common],
  ])
  t.is(moved.code, 0, moved.stderr)
  t.true(moved.stdout.includes(`funding USDT of ${alice.email}: available 2.5, locked 0`), moved.stdout)
  t.true(moved.stdout.includes(`trading USDT of ${alice.email}: available 5, locked 0`), moved.stdout)
  const credited = await cliRaw(['ops', 'topup-balance-account', '--balance-account-id', trading, '--amount', '1', ...common])
  t.is(credited.code, 0, credited.stderr)
  t.regex(credited.stdout, /^operation_id\s+[0-9a-f-]{36}\ntrading USDT of \S+: available 6, locked 0\n$/)
  const debited = await cliRaw(['ops', 'withdraw-balance-account', '--balance-account-id', trading, '--amount', '0.5', ...common])
  t.is(debited.code, 0, debited.stderr)
  t.true(debited.stdout.includes(`trading USDT of ${alice.email}: available 5.5, locked 0`), debited.stdout)
  const quiet = await cli<{operation_id: string}>([
    ...['ops', 'withdraw-balance-account', '--balance-account-id', trading, '--amount', '0.5'],
    ...common,
  ])
  t.deepEqual(Object.keys(quiet), ['operation_id'])
  const unconfirmed = await cliRaw([
    'ops',
    'withdraw',
    '--email',
    alice.email,
    '--asset',
    'USDT',
    '--amount',
    '1',
    '--reason',
    'x',
  ])
  t.is(unconfirmed.code, 2, unconfirmed.stderr)
  t.true(unconfirmed.stderr.includes(alice.email), unconfirmed.stderr)
})

test.serial(
  'alerts list --follow prints the rows of alerts list under the same header, and stops at once on Ctrl-C',
  async (t) => {
    const {alert_id: alertId} = await node.admin.call<{alert_id: string}>('AlertsService', 'Create', {
      type: 'manual',
      severity: 'warning',
      payload: '{"n":1}',
    })
    const alert = {id: alertId}
    const listed = await cliRaw(['alerts', 'list', '--status', 'open'])
    t.is(listed.code, 0, listed.stderr)
    const child = startCli(['alerts', 'list', '--status', 'open', '--follow', '--admin-url', node.grpcAddress])
    let stdout = ''
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
    const deadline = Date.now() + 90_000
    while (!stdout.includes(alert.id) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    const interrupted = Date.now()
    child.kill('SIGINT')
    t.is(await exited, 0)
    t.true(Date.now() - interrupted < 5000, 'Ctrl-C ends it at once')
    const followed = stdout.trim().split('\n')
    const table = listed.stdout.trim().split('\n')
    t.is(followed[0], table[0], 'the same header')
    t.is(followed[1], table[1])
    t.is(
      followed.find((line) => line.includes(alert.id)),
      table.find((line) => line.includes(alert.id)),
    )
  },
)

test.serial(
  'exchange status counts resting orders, commits, open alerts and chains; market views over REST; dev seed only with --dev',
  async (t) => {
    const status = await runJson<Status>(['status'], dev.grpcAddress)
    t.deepEqual(status.listeners.map((listener) => listener.name).sort(), ['admin_http', 'grpc', 'http'])
    t.true(status.dev)
    t.true(Number(status.store_bytes) > 0)
    t.like(status, {resting_orders: 0, commits_per_second: '0.0', open_alerts: 0})
    t.deepEqual(status.connected_chains, [])

    const refused = await cliRaw(['dev', 'seed'])
    t.is(refused.code, 6, refused.stderr)
    t.regex(refused.stderr, /^Error: FAILED_PRECONDITION \(failed_precondition\): .*--dev/)
    const seeded = await runJson<{users: {email: string; account_id: string; api_key: string; password: string}[]}>(
      ['dev', 'seed', '--users', '2'],
      dev.grpcAddress,
    )
    t.is(seeded.users.length, 2)
    const {balances} = await dev.admin.call<{balances: {asset: string; account_type: string; available: string}[]}>(
      'AccountsService',
      'GetBalances',
      {email: seeded.users[0]!.email},
    )
    t.is(balances.find((b) => b.asset === 'USDT' && b.account_type === 'trading')!.available, '100000')
    const login = await cliRaw(
      ['accounts', 'login', '--email', seeded.users[0]!.email, '--password', seeded.users[0]!.password],
      dev,
    )
    t.is(login.code, 0, login.stderr)

    const url = `http://127.0.0.1:${dev.ports.http}`
    const book = await runCli(['market', 'book', 'BTC-USDT', '--url', url, '--json'])
    t.is(book.code, 0, book.stderr)
    t.like(JSON.parse(book.stdout), {ticker: 'BTC-USDT', bids: [], asks: []})
    const tickers = await runCli(['market', 'tickers', '--url', url])
    t.regex(tickers.stdout, /^symbol\s+last_price/)
    t.regex(tickers.stdout, /BTC-USDT/)
    const unknown = await runCli(['market', 'trades', 'NOPE-USDT', '--url', url])
    t.is(unknown.code, 4, unknown.stderr)

    // A trade (a maker, a taker), a bid left resting and an alert raised: status counts each.
    const placedAt = Date.now()
    const {fills} = await realTrade(dev, 'BTC-USDT', '50000', '0.01')
    const bidder = await trader(dev, {USDT: '1000'})
    await dev.services.trading.place(bidder.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '40000', qty: '0.01'})
    await dev.admin.call('AlertsService', 'Create', {type: 'manual', severity: 'warning', payload: '{}'})
    const busy = await runJson<Status>(['status'], dev.grpcAddress)
    const elapsed = Date.now() - placedAt
    t.like(busy, {resting_orders: 1, open_alerts: 1})
    t.deepEqual(busy.connected_chains, [], 'no chain URL given')
    // Three trading batches (maker, taker, bid) over the 10 s window: 0.3 while all three are in it.
    if (elapsed < 9000) t.is(busy.commits_per_second, '0.3')
    else t.regex(busy.commits_per_second, /^0\.[0-3]$/, `status came ${elapsed} ms after the first order`)
    const shown = await cliRaw(['status'], dev)
    t.is(shown.code, 0, shown.stderr)
    for (const line of [
      /^resting_orders\s+1$/m,
      /^commits\/s\s+0\.[0-3]$/m,
      /^open_alerts\s+1$/m,
      /^connected_chains\s+none$/m,
    ]) {
      t.regex(shown.stdout, line)
    }
    const trades = await runCli(['market', 'trades', 'BTC-USDT', '--url', url, '--json'])
    t.is(trades.code, 0, trades.stderr)
    const listed = (JSON.parse(trades.stdout) as {trades: {id: string; price: string; qty: string; side: string}[]}).trades
    t.deepEqual(
      listed.map(({id, price, qty, side}) => ({id, price, qty, side})),
      [{id: fills[0]!.tradeId, price: '50000', qty: '0.01', side: 'buy'}],
    )
    t.true(
      dev.logs.some((line) => /"msg":"http request"/.test(line) && /"path":"\/api\/v1\/exchange\/trades\/"/.test(line)),
      'an access-log line at debug, without the query string',
    )
    t.false(dev.logs.some((line) => line.includes('NOPE-USDT') && line.includes('http request')))
  },
)
