import {randomUUID} from 'node:crypto'
import test from 'ava'
import {runCli, runJson, type CliResult} from '../helpers/cli.js'
import {startTestNode, uniqueEmail, type TestNode} from '../helpers/node.js'

type AssetInfo = {code: string; name: string; decimals: number; active: boolean; networks: {id: string; network: string}[]}
type Network = {id: string; asset: string; network: string; deposit_enabled: boolean; withdraw_enabled: boolean}
/** The chain settings of a network (docs/blockchain.md "Connecting chains"); a new eth network gets eth's default 12 confirmations. */
const settings = (overrides: Partial<ChainSettings> = {}): ChainSettings => ({
  contract_address: '',
  confirmations: 12,
  min_deposit: '0',
  withdraw_fee: '0',
  min_withdraw: '0',
  large_withdrawal: '0',
  replace_after_blocks: 20,
  ...overrides,
})
type ChainSettings = {
  contract_address: string
  confirmations: number
  min_deposit: string
  withdraw_fee: string
  min_withdraw: string
  large_withdrawal: string
  replace_after_blocks: number
}
type Ticker = {
  symbol: string
  base_asset: string
  quote_asset: string
  active: boolean
  tick_size: string
  lot_size: string
  min_notional: string
}
type ApiKey = {id: string; label: string; permissions: string[]; api_key: string; created_at: string; last_used_at: string}

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
const createAsset = (code: string, decimals = 8): Promise<unknown> =>
  node.admin.call('AssetsService', 'CreateAsset', {code, name: `${code} coin`, decimals})
const tickers = async (includeInactive: boolean): Promise<Ticker[]> =>
  (await node.admin.call<{tickers: Ticker[]}>('TickersService', 'ListTickers', {include_inactive: includeInactive})).tickers
const createAccount = async (): Promise<string> =>
  (
    await node.admin.call<{id: string}>('AccountsService', 'CreateAccount', {
      email: uniqueEmail('keys'),
      password: 'correct horse battery',
    })
  ).id
const expectFailure = (
  t: {is(a: unknown, b: unknown, m?: string): void; regex(s: string, r: RegExp): void},
  result: CliResult,
  code: number,
  line: RegExp,
) => {
  t.is(result.code, code, result.stderr)
  t.regex(result.stderr, line)
}

// Assets

test('assets create: the asset is listed active with its decimals and no networks; update renames it', async (t) => {
  t.deepEqual(await json(['assets', 'create', '--code', 'SOL', '--name', 'Solana', '--decimals', '9']), {success: true})
  t.deepEqual(await json(['assets', 'update', '--code', 'SOL', '--name', 'Solana (SPL)']), {success: true})
  const {assets} = await node.admin.call<{assets: AssetInfo[]}>('AssetsService', 'ListAssets', {include_inactive: false})
  t.deepEqual(
    assets.find((asset) => asset.code === 'SOL'),
    {code: 'SOL', name: 'Solana (SPL)', decimals: 9, active: true, networks: []},
  )
  t.true(assets.some((asset) => asset.code === 'BTC' && asset.networks.some((network) => network.network === 'btc')))
})

test('assets set-active --no-active: hidden from assets list, shown inactive with --include-inactive; neither flag is a usage error (exit 2)', async (t) => {
  await createAsset('DOGE')
  t.deepEqual(await json(['assets', 'set-active', '--code', 'DOGE', '--no-active']), {success: true})
  const [active, all, missing] = await Promise.all([
    json<{assets: AssetInfo[]}>(['assets', 'list']),
    json<{assets: AssetInfo[]}>(['assets', 'list', '--include-inactive']),
    cli(['assets', 'set-active', '--code', 'DOGE']),
  ])
  t.false(active.assets.some((asset) => asset.code === 'DOGE'))
  t.like(
    all.assets.find((asset) => asset.code === 'DOGE'),
    {active: false},
  )
  expectFailure(t, missing, 2, /--active or --no-active/)
})

test('assets create: a duplicate code is ALREADY_EXISTS (exit 5); 19 decimals are INVALID_ARGUMENT (exit 3)', async (t) => {
  const [duplicate, decimals] = await Promise.all([
    cli(['assets', 'create', '--code', 'BTC', '--name', 'Bitcoin again', '--decimals', '8']),
    cli(['assets', 'create', '--code', 'FINE', '--name', 'Too fine', '--decimals', '19']),
  ])
  expectFailure(t, duplicate, 5, /ALREADY_EXISTS \(already_exists\)/)
  expectFailure(t, decimals, 3, /INVALID_ARGUMENT \(invalid_argument\): decimals/)
})

test('assets update-network: only --no-withdraw-enabled disables withdrawals and keeps deposits enabled', async (t) => {
  await createAsset('NETC')
  const {network_id: id} = await json<{network_id: string}>(['assets', 'add-network', '--asset', 'NETC', '--network', 'eth'])
  const before = await node.admin.call<{networks: Network[]}>('InfoService', 'ListNetworks', {asset: 'NETC'})
  t.deepEqual(before.networks, [
    {id, asset: 'NETC', network: 'eth', deposit_enabled: true, withdraw_enabled: true, ...settings()},
  ])

  t.deepEqual(await json(['assets', 'update-network', '--network-id', id, '--no-withdraw-enabled']), {success: true})
  const after = await json<{networks: Network[]}>(['info', 'networks', '--asset', 'NETC'])
  t.deepEqual(after.networks, [
    {id, asset: 'NETC', network: 'eth', deposit_enabled: true, withdraw_enabled: false, ...settings()},
  ])
})

test('assets add-network and update-network set the chain settings; a flag not given keeps its value; info networks and assets list show them', async (t) => {
  await createAsset('CHST', 6)
  const contract = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
  const {network_id: id} = await json<{network_id: string}>([
    'assets',
    'add-network',
    '--asset',
    'CHST',
    '--network',
    'eth',
    '--contract-address',
    contract,
    '--confirmations',
    '3',
    '--min-deposit',
    '1',
    '--withdraw-fee',
    '0.5',
    '--min-withdraw',
    '10',
    '--large-withdrawal',
    '5000',
  ])
  const added = settings({
    contract_address: contract,
    confirmations: 3,
    min_deposit: '1',
    withdraw_fee: '0.5',
    min_withdraw: '10',
    large_withdrawal: '5000',
  })
  t.deepEqual((await json<{networks: Network[]}>(['info', 'networks', '--asset', 'CHST'])).networks, [
    {id, asset: 'CHST', network: 'eth', deposit_enabled: true, withdraw_enabled: true, ...added},
  ])

  t.deepEqual(
    await json([
      'assets',
      'update-network',
      '--network-id',
      id,
      '--withdraw-fee',
      '0.75',
      '--confirmations',
      '6',
      '--replace-after-blocks',
      '8',
    ]),
    {success: true},
  )
  const [info, list] = await Promise.all([cli(['info', 'networks', '--asset', 'CHST']), cli(['assets', 'list'])])
  const {networks} = await node.admin.call<{networks: Network[]}>('InfoService', 'ListNetworks', {asset: 'CHST'})
  t.deepEqual(networks, [
    {
      id,
      asset: 'CHST',
      network: 'eth',
      deposit_enabled: true,
      withdraw_enabled: true,
      ...added,
      withdraw_fee: '0.75',
      confirmations: 6,
      replace_after_blocks: 8,
    },
  ])
  for (const human of [info, list]) {
    t.is(human.code, 0, human.stderr)
    t.regex(human.stdout, /confirmations[\s\S]*withdraw_fee[\s\S]*large_withdrawal[\s\S]*replace_after/)
    t.regex(human.stdout, new RegExp(`${contract}\\s+6\\s+1\\s+0\\.75\\s+10\\s+5000\\s+8`))
  }
})

test('assets update-network: with no flag to change nothing is sent (usage error, exit 2); an unknown network id is NOT_FOUND (exit 4)', async (t) => {
  const [nothing, unknown] = await Promise.all([
    cli(['assets', 'update-network', '--network-id', randomUUID()]),
    cli(['assets', 'update-network', '--network-id', randomUUID(), '--deposit-enabled']),
  ])
  expectFailure(t, nothing, 2, /nothing to change/)
  expectFailure(t, unknown, 4, /NOT_FOUND \(not_found\)/)
})

// Tickers

test('tickers create: base and quote come from the symbol, default steps from the decimals (at most 8)', async (t) => {
  await createAsset('DEC10', 10)
  t.deepEqual(await json(['tickers', 'create', '--symbol', 'DEC10-USDT']), {success: true})
  t.deepEqual(
    (await tickers(false)).find((ticker) => ticker.symbol === 'DEC10-USDT'),
    {
      symbol: 'DEC10-USDT',
      base_asset: 'DEC10',
      quote_asset: 'USDT',
      active: true,
      tick_size: '0.000001', // USDT has 6 decimals
      lot_size: '0.00000001', // DEC10 has 10, capped at 8
      min_notional: '0.000001',
    },
  )
})

test('tickers create: explicit steps are kept as given', async (t) => {
  const args = ['tickers', 'create', '--symbol', 'ETH-BTC', '--base-asset', 'ETH', '--quote-asset', 'BTC']
  t.deepEqual(await json([...args, '--tick-size', '0.00001', '--lot-size', '0.001', '--min-notional', '0.0001']), {success: true})
  t.like(
    (await tickers(false)).find((ticker) => ticker.symbol === 'ETH-BTC'),
    {tick_size: '0.00001', lot_size: '0.001', min_notional: '0.0001'},
  )
})

test('tickers create: an unknown asset is NOT_FOUND (exit 4), a malformed symbol INVALID_ARGUMENT (exit 3), a duplicate ALREADY_EXISTS (exit 5)', async (t) => {
  const [unknown, malformed, duplicate] = await Promise.all([
    cli(['tickers', 'create', '--symbol', 'NOPE-USDT']),
    cli(['tickers', 'create', '--symbol', 'BTCUSDT']),
    cli(['tickers', 'create', '--symbol', 'BTC-USDT']),
  ])
  expectFailure(t, unknown, 4, /NOT_FOUND \(not_found\): asset NOPE/)
  expectFailure(t, malformed, 3, /INVALID_ARGUMENT \(invalid_argument\): symbol/)
  expectFailure(t, duplicate, 5, /ALREADY_EXISTS \(already_exists\)/)
})

test('tickers set-active --no-active: the ticker leaves tickers list and stays, inactive, with --include-inactive', async (t) => {
  await node.admin.call('TickersService', 'CreateTicker', {symbol: 'TRX-BTC'})
  t.deepEqual(await json(['tickers', 'set-active', '--symbol', 'TRX-BTC', '--no-active']), {success: true})
  const {tickers: listed} = await json<{tickers: Ticker[]}>(['tickers', 'list'])
  t.false(listed.some((ticker) => ticker.symbol === 'TRX-BTC'))
  t.like(
    (await tickers(true)).find((ticker) => ticker.symbol === 'TRX-BTC'),
    {active: false},
  )
})

// API keys

test('api-keys: create with --permissions trade,read returns the secret once; list shows the key without it; delete twice is NOT_FOUND (exit 4)', async (t) => {
  const accountId = await createAccount()
  const created = await json<{id: string; api_key: string; api_secret: string}>([
    'api-keys',
    'create',
    '--account-id',
    accountId,
    '--permissions',
    'trade,read',
    '--label',
    'bot',
  ])
  t.regex(created.api_key, /^[0-9a-f]{64}$/)
  t.regex(created.api_secret, /^[0-9a-f]{64}$/)

  const listing = await cli(['api-keys', 'list', '--account-id', accountId, '--json'])
  t.is(listing.code, 0, listing.stderr)
  t.false(listing.stdout.includes(created.api_secret), 'the secret is never listed')
  const {keys} = JSON.parse(listing.stdout) as {keys: ApiKey[]}
  t.is(keys.length, 1)
  t.like(keys[0], {id: created.id, api_key: created.api_key, label: 'bot', permissions: ['trade', 'read'], last_used_at: ''})
  t.false('api_secret' in keys[0]!)

  t.deepEqual(await json(['api-keys', 'delete', '--key-id', created.id]), {success: true})
  expectFailure(t, await cli(['api-keys', 'delete', '--key-id', created.id]), 4, /NOT_FOUND \(not_found\)/)
  t.deepEqual(await node.admin.call('APIKeysService', 'ListAPIKeys', {account_id: accountId}), {keys: []})
})

test('api-keys create: repeated --permissions flags add up and the human output warns the secret is shown once; "admin" is INVALID_ARGUMENT (exit 3)', async (t) => {
  const accountId = await createAccount()
  const [human, bad] = await Promise.all([
    cli(['api-keys', 'create', '--account-id', accountId, '--permissions', 'read', '--permissions', 'withdraw']),
    cli(['api-keys', 'create', '--account-id', accountId, '--permissions', 'read,admin']),
  ])
  t.is(human.code, 0, human.stderr)
  t.regex(human.stdout, /api_secret\s+[0-9a-f]{64}/)
  t.regex(human.stdout, /shown only this once/)
  const {keys} = await node.admin.call<{keys: ApiKey[]}>('APIKeysService', 'ListAPIKeys', {account_id: accountId})
  t.deepEqual(
    keys.map((key) => key.permissions),
    [['withdraw', 'read']],
  )
  expectFailure(t, bad, 3, /INVALID_ARGUMENT \(invalid_argument\): permissions/)
})
