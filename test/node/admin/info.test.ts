import {status} from '@grpc/grpc-js'
import test from 'ava'
import type {GetDefaultTierResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/GetDefaultTierResponse.js'
import type {ListAssetsResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/ListAssetsResponse.js'
import type {ListNetworksResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/ListNetworksResponse.js'
import type {ListTiersResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/ListTiersResponse.js'
import {rpcError, startTestNode, type TestNode} from '../../helpers/node.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const listTiers = () => node.admin.call<ListTiersResponse__Output>('InfoService', 'ListTiers', {})
const listNetworks = (asset = '') => node.admin.call<ListNetworksResponse__Output>('InfoService', 'ListNetworks', {asset})

test('ListTiers: the bootstrapped "default" tier is the one default, with maker 0.001 and taker 0.002', async (t) => {
  const {tiers} = await listTiers()
  const defaults = tiers.filter((tier) => tier.is_default)
  t.is(defaults.length, 1)
  const tier = defaults[0]!
  t.is(tier.name, 'default')
  t.regex(tier.id, UUID)
  const limits = JSON.parse(tier.limits) as Record<string, unknown>
  t.deepEqual(limits, {maker_fee: '0.001', taker_fee: '0.002', orders_per_second: 10})
  const defaultTier = await node.admin.call<GetDefaultTierResponse__Output>('TiersService', 'GetDefaultTier')
  t.deepEqual(defaultTier, {tier_id: tier.id, tier_name: 'default'})
})

test('ListTiers: a created tier is listed, not default, with its limits (unknown keys kept)', async (t) => {
  const limits = {maker_fee: '0.0005', taker_fee: '0.001', orders_per_second: 50, note: 'partners'}
  const {tier_id} = await node.admin.call<{tier_id: string}>('TiersService', 'CreateTier', {
    name: 'info-partners',
    limits: JSON.stringify(limits),
  })
  const tier = (await listTiers()).tiers.find((candidate) => candidate.id === tier_id)
  t.truthy(tier)
  t.is(tier?.name, 'info-partners')
  t.false(tier?.is_default)
  t.deepEqual(JSON.parse(tier!.limits), limits)
})

test('ListNetworks: the bootstrapped networks BTC/btc, ETH/eth, TRX/tron, USDT/eth, USDT/tron, all enabled', async (t) => {
  const {networks} = await listNetworks()
  t.deepEqual(
    networks.map(({asset, network, deposit_enabled, withdraw_enabled}) => ({asset, network, deposit_enabled, withdraw_enabled})),
    [
      {asset: 'BTC', network: 'btc', deposit_enabled: true, withdraw_enabled: true},
      {asset: 'ETH', network: 'eth', deposit_enabled: true, withdraw_enabled: true},
      {asset: 'TRX', network: 'tron', deposit_enabled: true, withdraw_enabled: true},
      {asset: 'USDT', network: 'eth', deposit_enabled: true, withdraw_enabled: true},
      {asset: 'USDT', network: 'tron', deposit_enabled: true, withdraw_enabled: true},
    ],
  )
  for (const network of networks) t.regex(network.id, UUID)
  t.is(new Set(networks.map((network) => network.id)).size, networks.length)
})

test('ListNetworks: the ids are the ones AssetsService.ListAssets shows', async (t) => {
  const {networks} = await listNetworks()
  const {assets} = await node.admin.call<ListAssetsResponse__Output>('AssetsService', 'ListAssets', {include_inactive: true})
  const fromAssets = assets.flatMap((asset) => asset.networks.map((network) => `${asset.code}/${network.network}/${network.id}`))
  t.deepEqual(networks.map((network) => `${network.asset}/${network.network}/${network.id}`).sort(), fromAssets.sort())
})

test('ListNetworks: the asset filter returns that asset only, code case-insensitive', async (t) => {
  const usdt = await listNetworks('USDT')
  t.deepEqual(
    usdt.networks.map((network) => [network.asset, network.network]),
    [
      ['USDT', 'eth'],
      ['USDT', 'tron'],
    ],
  )
  t.deepEqual(await listNetworks('usdt'), usdt)
  t.deepEqual(
    (await listNetworks('BTC')).networks.map((network) => network.network),
    ['btc'],
  )
})

test('ListNetworks: unknown asset is NOT_FOUND, malformed asset code INVALID_ARGUMENT', async (t) => {
  const unknown = await rpcError(listNetworks('DOGE'))
  t.is(unknown.code, status.NOT_FOUND)
  t.is(unknown.errorCode, 'not_found')
  for (const bad of ['X', 'US-DT', 'TOOLONGASSETCODE']) {
    t.is((await rpcError(listNetworks(bad))).code, status.INVALID_ARGUMENT, bad)
  }
})
