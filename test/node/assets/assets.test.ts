import {status} from '@grpc/grpc-js'
import test from 'ava'
import type {AssetInfo__Output} from '../../../src/node/admin/generated/exchange/admin/v1/AssetInfo.js'
import type {ListAssetsResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/ListAssetsResponse.js'
import type {ListNetworksResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/ListNetworksResponse.js'
import {rpcError, startTestNode, type TestNode} from '../../helpers/node.js'
import {balances, createAccount, unknownUuid} from '../../helpers/admin-grpc.js'

/** The chain settings of a network added without any (docs/blockchain.md "Connecting chains" defaults; no fee bump off btc and eth). */
const noChainSettings = (confirmations: number, replaceAfterBlocks = 0) => ({
  contract_address: '',
  confirmations,
  min_deposit: '0',
  withdraw_fee: '0',
  min_withdraw: '0',
  large_withdrawal: '0',
  replace_after_blocks: replaceAfterBlocks,
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const createAsset = (code: string, name: string, decimals: number) =>
  node.admin.call('AssetsService', 'CreateAsset', {code, name, decimals})
const listAssets = async (include_inactive = false) =>
  (await node.admin.call<ListAssetsResponse__Output>('AssetsService', 'ListAssets', {include_inactive})).assets
const asset = async (code: string, includeInactive = true): Promise<AssetInfo__Output | undefined> =>
  (await listAssets(includeInactive)).find((candidate) => candidate.code === code)
const setActive = (code: string, active: boolean) => node.admin.call('AssetsService', 'SetAssetActive', {code, active})
const addNetwork = async (assetCode: string, network: string, deposit_enabled = true, withdraw_enabled = true) =>
  (
    await node.admin.call<{network_id: string}>('AssetsService', 'AddAssetNetwork', {
      asset: assetCode,
      network,
      deposit_enabled,
      withdraw_enabled,
    })
  ).network_id
const networkOf = async (assetCode: string, networkId: string) =>
  (await asset(assetCode))?.networks.find((network) => network.id === networkId)

// --- ListAssets ---

test('ListAssets: the bootstrapped BTC, ETH, TRX and USDT with decimals and networks', async (t) => {
  const byCode = new Map((await listAssets()).map((a) => [a.code, a]))
  const summary = ['BTC', 'ETH', 'TRX', 'USDT'].map((code) => {
    const found = byCode.get(code)
    return [code, found?.name, found?.decimals, found?.active, found?.networks.map((n) => n.network)]
  })
  t.deepEqual(summary, [
    ['BTC', 'Bitcoin', 8, true, ['btc']],
    ['ETH', 'Ethereum', 18, true, ['eth']],
    ['TRX', 'Tron', 6, true, ['tron']],
    ['USDT', 'Tether USD', 6, true, ['eth', 'tron']],
  ])
})

// --- CreateAsset ---

test('CreateAsset: a new active asset without networks', async (t) => {
  t.deepEqual(await createAsset('SOL', 'Solana', 9), {success: true})
  t.deepEqual(await asset('SOL', false), {code: 'SOL', name: 'Solana', decimals: 9, active: true, networks: []})
})

test('CreateAsset: a lower-case code is stored upper case', async (t) => {
  await createAsset('doge', 'Dogecoin', 8)
  t.is((await asset('DOGE'))?.name, 'Dogecoin')
  t.is(await asset('doge'), undefined)
  t.is((await rpcError(createAsset('DOGE', 'again', 8))).code, status.ALREADY_EXISTS)
})

test('CreateAsset: decimals 0 and 18 are accepted; 19 and -1 are INVALID_ARGUMENT', async (t) => {
  await createAsset('ZERO0', 'No decimals', 0)
  await createAsset('MAX18', 'Eighteen', 18)
  t.is((await asset('ZERO0'))?.decimals, 0)
  t.is((await asset('MAX18'))?.decimals, 18)
  for (const decimals of [19, -1, 255]) {
    const error = await rpcError(createAsset(`DEC${decimals < 0 ? 'M' : decimals}`, 'bad', decimals))
    t.is(error.code, status.INVALID_ARGUMENT, String(decimals))
  }
  t.is(await asset('DEC19'), undefined)
})

test('CreateAsset: a bad code or empty name is INVALID_ARGUMENT', async (t) => {
  for (const code of ['', 'A', 'ABCDEFGHIJK', 'US-D', 'US D', 'ÜSD', 'US.D', '$$']) {
    const error = await rpcError(createAsset(code, 'bad code', 8))
    t.is(error.code, status.INVALID_ARGUMENT, JSON.stringify(code))
    t.is(error.errorCode, 'invalid_argument')
  }
  t.is((await rpcError(createAsset('NONAME', '', 8))).code, status.INVALID_ARGUMENT)
  t.is((await rpcError(createAsset('NONAME', '   ', 8))).code, status.INVALID_ARGUMENT)
  t.is(await asset('NONAME'), undefined)
})

test('CreateAsset: a duplicate code is ALREADY_EXISTS and keeps the first asset', async (t) => {
  await createAsset('ADA', 'Cardano', 6)
  const error = await rpcError(createAsset('ADA', 'Other', 2))
  t.is(error.code, status.ALREADY_EXISTS)
  t.is(error.errorCode, 'already_exists')
  t.is((await rpcError(createAsset('BTC', 'Bitcoin again', 8))).code, status.ALREADY_EXISTS)
  t.deepEqual(await asset('ADA'), {code: 'ADA', name: 'Cardano', decimals: 6, active: true, networks: []})
})

// --- UpdateAsset ---

test('UpdateAsset: renames the asset and keeps its decimals', async (t) => {
  await createAsset('XRP', 'Ripple', 6)
  t.deepEqual(await node.admin.call('AssetsService', 'UpdateAsset', {code: 'XRP', name: 'XRP Ledger'}), {success: true})
  t.deepEqual(await asset('XRP'), {code: 'XRP', name: 'XRP Ledger', decimals: 6, active: true, networks: []})
  // The code is matched case-insensitively.
  await node.admin.call('AssetsService', 'UpdateAsset', {code: 'xrp', name: 'XRP'})
  t.is((await asset('XRP'))?.name, 'XRP')
})

test('UpdateAsset: unknown code is NOT_FOUND, empty name or bad code INVALID_ARGUMENT', async (t) => {
  t.is((await rpcError(node.admin.call('AssetsService', 'UpdateAsset', {code: 'NOSUCH', name: 'x'}))).code, status.NOT_FOUND)
  t.is((await rpcError(node.admin.call('AssetsService', 'UpdateAsset', {code: 'BTC', name: ''}))).code, status.INVALID_ARGUMENT)
  t.is((await rpcError(node.admin.call('AssetsService', 'UpdateAsset', {code: 'B-C', name: 'x'}))).code, status.INVALID_ARGUMENT)
  t.is((await asset('BTC'))?.name, 'Bitcoin')
})

// --- SetAssetActive ---

test('SetAssetActive: an inactive asset is hidden from ListAssets and GetBalances until reactivated', async (t) => {
  await createAsset('HIDE', 'Hidden coin', 4)
  const account = await createAccount(node, 'inactive')
  t.true((await balances(node, account.email)).some((b) => b.asset === 'HIDE'))

  t.deepEqual(await setActive('HIDE', false), {success: true})
  t.is(await asset('HIDE', false), undefined)
  t.deepEqual(await asset('HIDE', true), {code: 'HIDE', name: 'Hidden coin', decimals: 4, active: false, networks: []})
  t.false((await balances(node, account.email)).some((b) => b.asset === 'HIDE'))

  t.deepEqual(await setActive('HIDE', true), {success: true})
  t.is((await asset('HIDE', false))?.active, true)
  const shown = (await balances(node, account.email)).filter((b) => b.asset === 'HIDE')
  t.deepEqual(
    shown.map((b) => [b.account_type, b.amount]),
    [
      ['funding', '0'],
      ['trading', '0'],
    ],
  )
})

test('SetAssetActive: an account still sees the balance it holds in a deactivated asset', async (t) => {
  await createAsset('HELD', 'Held coin', 2)
  const account = await createAccount(node, 'held')
  await node.admin.call('OperationsService', 'ManualTopup', {
    account_id: account.id,
    asset: 'HELD',
    amount: '12.5',
    reason: 'test',
  })
  await setActive('HELD', false)
  const held = (await balances(node, account.email)).filter((b) => b.asset === 'HELD')
  t.deepEqual(
    held.map((b) => [b.account_type, b.available]),
    [['funding', '12.5']],
  )
})

test('SetAssetActive: unknown code is NOT_FOUND', async (t) => {
  t.is((await rpcError(setActive('NOSUCH', false))).code, status.NOT_FOUND)
  t.is((await rpcError(setActive('', false))).code, status.INVALID_ARGUMENT)
})

// --- AddAssetNetwork ---

test('AddAssetNetwork: the network is listed with its flags, the name in lower case', async (t) => {
  await createAsset('MATIC', 'Polygon', 18)
  const id = await addNetwork('MATIC', 'Polygon', true, false)
  t.regex(id, UUID)
  t.deepEqual((await asset('MATIC'))?.networks, [
    {id, network: 'polygon', deposit_enabled: true, withdraw_enabled: false, ...noChainSettings(1)},
  ])
  const {networks} = await node.admin.call<ListNetworksResponse__Output>('InfoService', 'ListNetworks', {asset: 'MATIC'})
  t.deepEqual(networks, [
    {id, asset: 'MATIC', network: 'polygon', deposit_enabled: true, withdraw_enabled: false, ...noChainSettings(1)},
  ])
  // A second network of the same asset, both flags off.
  const eth = await addNetwork('matic', 'eth', false, false)
  t.deepEqual(await networkOf('MATIC', eth), {
    id: eth,
    network: 'eth',
    deposit_enabled: false,
    withdraw_enabled: false,
    ...noChainSettings(12, 20),
  })
})

test('AddAssetNetwork: a duplicate network of the asset is ALREADY_EXISTS (also cased differently)', async (t) => {
  await createAsset('LINK', 'Chainlink', 18)
  await addNetwork('LINK', 'eth')
  t.is((await rpcError(addNetwork('LINK', 'eth'))).code, status.ALREADY_EXISTS)
  t.is((await rpcError(addNetwork('LINK', 'ETH'))).code, status.ALREADY_EXISTS)
  t.is((await rpcError(addNetwork('USDT', 'tron'))).code, status.ALREADY_EXISTS)
  t.is((await asset('LINK'))?.networks.length, 1)
})

test('AddAssetNetwork: unknown asset is NOT_FOUND, bad network name INVALID_ARGUMENT', async (t) => {
  const unknown = await rpcError(addNetwork('NOSUCH', 'eth'))
  t.is(unknown.code, status.NOT_FOUND)
  t.is(unknown.errorCode, 'not_found')
  for (const network of ['', 'a', 'has space', 'x'.repeat(33), 'net/work', '-eth']) {
    t.is((await rpcError(addNetwork('BTC', network))).code, status.INVALID_ARGUMENT, JSON.stringify(network))
  }
  t.deepEqual(
    (await asset('BTC'))?.networks.map((n) => n.network),
    ['btc'],
  )
})

// --- UpdateAssetNetwork ---

test('UpdateAssetNetwork: a field that is not sent keeps its value', async (t) => {
  await createAsset('ARB', 'Arbitrum', 18)
  const id = await addNetwork('ARB', 'arbitrum', true, true)
  const update = (request: object) => node.admin.call('AssetsService', 'UpdateAssetNetwork', {network_id: id, ...request})

  t.deepEqual(await update({withdraw_enabled: false}), {success: true})
  t.deepEqual(await networkOf('ARB', id), {
    id,
    network: 'arbitrum',
    deposit_enabled: true,
    withdraw_enabled: false,
    ...noChainSettings(1),
  })

  t.deepEqual(await update({deposit_enabled: false}), {success: true})
  t.deepEqual(await networkOf('ARB', id), {
    id,
    network: 'arbitrum',
    deposit_enabled: false,
    withdraw_enabled: false,
    ...noChainSettings(1),
  })

  t.deepEqual(await update({}), {success: true})
  t.deepEqual(await networkOf('ARB', id), {
    id,
    network: 'arbitrum',
    deposit_enabled: false,
    withdraw_enabled: false,
    ...noChainSettings(1),
  })

  t.deepEqual(await update({deposit_enabled: true, withdraw_enabled: true}), {success: true})
  t.deepEqual(await networkOf('ARB', id), {
    id,
    network: 'arbitrum',
    deposit_enabled: true,
    withdraw_enabled: true,
    ...noChainSettings(1),
  })

  // An explicit false is sent as a value, not taken as "unset".
  await update({deposit_enabled: false, withdraw_enabled: true})
  t.deepEqual(await networkOf('ARB', id), {
    id,
    network: 'arbitrum',
    deposit_enabled: false,
    withdraw_enabled: true,
    ...noChainSettings(1),
  })
})

test("Network chain settings: set on add, changed one by one on update, amounts in the asset's units", async (t) => {
  await createAsset('GLD', 'Gold token', 6)
  const {network_id: id} = await node.admin.call<{network_id: string}>('AssetsService', 'AddAssetNetwork', {
    asset: 'GLD',
    network: 'eth',
    deposit_enabled: true,
    withdraw_enabled: true,
    contract_address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    confirmations: 3,
    min_deposit: '0.5',
    withdraw_fee: '1.25',
  })
  const update = (request: object) => node.admin.call('AssetsService', 'UpdateAssetNetwork', {network_id: id, ...request})
  t.is((await networkOf('GLD', id))?.replace_after_blocks, 20, "eth's default: replaced after 20 blocks unmined")
  await update({min_withdraw: '10', large_withdrawal: '5000', replace_after_blocks: 5})
  t.deepEqual(await networkOf('GLD', id), {
    id,
    network: 'eth',
    deposit_enabled: true,
    withdraw_enabled: true,
    contract_address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    confirmations: 3,
    min_deposit: '0.5',
    withdraw_fee: '1.25',
    min_withdraw: '10',
    large_withdrawal: '5000',
    replace_after_blocks: 5,
  })
  await update({contract_address: ''})
  t.is((await networkOf('GLD', id))?.contract_address, '')
  for (const bad of [
    {min_deposit: '0.0000001'},
    {withdraw_fee: '-1'},
    {contract_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'},
    {confirmations: -2},
    {replace_after_blocks: -1},
  ]) {
    t.is((await rpcError(update(bad))).code, status.INVALID_ARGUMENT, JSON.stringify(bad))
  }
  t.is((await networkOf('GLD', id))?.withdraw_fee, '1.25')
  // A TRON transaction is replaced once it expired, never after a number of blocks.
  const {network_id: tron} = await node.admin.call<{network_id: string}>('AssetsService', 'AddAssetNetwork', {
    asset: 'GLD',
    network: 'tron',
    deposit_enabled: true,
    withdraw_enabled: true,
  })
  t.is((await networkOf('GLD', tron))?.replace_after_blocks, 0)
  const refused = await rpcError(
    node.admin.call('AssetsService', 'UpdateAssetNetwork', {network_id: tron, replace_after_blocks: 3}),
  )
  t.is(refused.code, status.INVALID_ARGUMENT)
  t.regex(refused.details, /replaced once it expired/)
})

test('UpdateAssetNetwork: unknown network id is NOT_FOUND, malformed id INVALID_ARGUMENT', async (t) => {
  const unknown = await rpcError(
    node.admin.call('AssetsService', 'UpdateAssetNetwork', {network_id: unknownUuid(), deposit_enabled: false}),
  )
  t.is(unknown.code, status.NOT_FOUND)
  for (const bad of ['', 'eth', '42']) {
    const error = await rpcError(
      node.admin.call('AssetsService', 'UpdateAssetNetwork', {network_id: bad, deposit_enabled: false}),
    )
    t.is(error.code, status.INVALID_ARGUMENT, bad)
  }
})
