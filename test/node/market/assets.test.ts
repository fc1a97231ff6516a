import test from 'ava'
import type {TestNode} from '../../helpers/node.js'
import {get, startMarketNode} from '../../helpers/market.js'

let node: TestNode
test.before(async () => {
  node = await startMarketNode()
})
test.after.always(async () => {
  await node?.close()
})

type AssetView = {
  code: string
  name: string
  decimals: number
  networks: {
    network: string
    deposit_enabled: boolean
    withdraw_enabled: boolean
    min_deposit: string
    confirmations: number
    withdraw_fee: string
    min_withdraw: string
    withdraw_memo: boolean
  }[]
}
const assets = async (): Promise<AssetView[]> => {
  const {status, body} = await get(node, '/exchange/assets/')
  if (status !== 200) throw new Error(`GET /exchange/assets/ answered ${status}`)
  return body.assets
}

test.serial('the bootstrapped assets come with their networks, in code order, with fees and minimums', async (t) => {
  const list = await assets()
  const both = {deposit_enabled: true, withdraw_enabled: true}
  const coin = {withdraw_memo: true}
  const token = {withdraw_memo: false}
  t.deepEqual(
    list.filter((asset) => ['BTC', 'ETH', 'TRX', 'USDT'].includes(asset.code)),
    [
      {
        code: 'BTC',
        name: 'Bitcoin',
        decimals: 8,
        networks: [
          {
            network: 'btc',
            ...both,
            min_deposit: '0.00001',
            confirmations: 2,
            withdraw_fee: '0.0001',
            min_withdraw: '0.0005',
            ...coin,
          },
        ],
      },
      {
        code: 'ETH',
        name: 'Ethereum',
        decimals: 18,
        networks: [
          {
            network: 'eth',
            ...both,
            min_deposit: '0.001',
            confirmations: 12,
            withdraw_fee: '0.002',
            min_withdraw: '0.01',
            ...coin,
          },
        ],
      },
      {
        code: 'TRX',
        name: 'Tron',
        decimals: 6,
        networks: [
          {network: 'tron', ...both, min_deposit: '1', confirmations: 19, withdraw_fee: '1', min_withdraw: '10', ...coin},
        ],
      },
      {
        code: 'USDT',
        name: 'Tether USD',
        decimals: 6,
        networks: [
          {network: 'eth', ...both, min_deposit: '1', confirmations: 12, withdraw_fee: '5', min_withdraw: '10', ...token},
          {network: 'tron', ...both, min_deposit: '1', confirmations: 19, withdraw_fee: '1', min_withdraw: '10', ...token},
        ],
      },
    ],
  )
  const codes = list.map((asset) => asset.code)
  t.deepEqual(codes, [...codes].sort())
})

test.serial('network switches are shown as they are; an asset without networks has an empty list', async (t) => {
  node.services.assets.create('NETX', 'Network test', 4)
  t.deepEqual(
    (await assets()).find((asset) => asset.code === 'NETX'),
    {code: 'NETX', name: 'Network test', decimals: 4, networks: []},
  )
  node.services.assets.addNetwork('NETX', 'tron', true, false)
  const id = node.services.assets.addNetwork('NETX', 'eth', true, true)
  node.services.assets.updateNetwork(id, false, undefined)
  // A network added without chain settings: no minimums, no fee, the chain's default confirmations;
  // NETX is no chain's coin, so a withdrawal of it has no place for a memo.
  const unset = {min_deposit: '0', withdraw_fee: '0', min_withdraw: '0', withdraw_memo: false}
  t.deepEqual((await assets()).find((asset) => asset.code === 'NETX')?.networks, [
    {network: 'eth', deposit_enabled: false, withdraw_enabled: true, confirmations: 12, ...unset},
    {network: 'tron', deposit_enabled: true, withdraw_enabled: false, confirmations: 19, ...unset},
  ])
})

test.serial("a network's fee and minimums are shown as the operator sets them, in the asset's decimals", async (t) => {
  const id = node.services.assets.networks('NETX').find((network) => network.network === 'eth')!.id
  node.services.assets.updateNetwork(id, undefined, undefined, {
    min_deposit: '0.5',
    withdraw_fee: '0.0025',
    min_withdraw: '1.25',
    confirmations: 3,
  })
  t.like((await assets()).find((asset) => asset.code === 'NETX')?.networks[0], {
    network: 'eth',
    min_deposit: '0.5',
    confirmations: 3,
    withdraw_fee: '0.0025',
    min_withdraw: '1.25',
  })
})

test.serial('inactive assets are hidden, and shown again when reactivated', async (t) => {
  node.services.assets.create('HIDE', 'Hidden coin', 8)
  node.services.assets.addNetwork('HIDE', 'eth', true, true)
  t.true((await assets()).some((asset) => asset.code === 'HIDE'))
  node.services.assets.setActive('HIDE', false)
  t.false((await assets()).some((asset) => asset.code === 'HIDE'))
  node.services.assets.setActive('HIDE', true)
  t.true((await assets()).some((asset) => asset.code === 'HIDE'))
})
