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
  networks: {network: string; deposit_enabled: boolean; withdraw_enabled: boolean}[]
}
const assets = async (): Promise<AssetView[]> => {
  const {status, body} = await get(node, '/exchange/assets/')
  if (status !== 200) throw new Error(`GET /exchange/assets/ answered ${status}`)
  return body.assets
}

test.serial('the bootstrapped assets come with their networks, in code order', async (t) => {
  const list = await assets()
  const both = {deposit_enabled: true, withdraw_enabled: true}
  t.deepEqual(
    list.filter((asset) => ['BTC', 'ETH', 'TRX', 'USDT'].includes(asset.code)),
    [
      {code: 'BTC', name: 'Bitcoin', decimals: 8, networks: [{network: 'btc', ...both}]},
      {code: 'ETH', name: 'Ethereum', decimals: 18, networks: [{network: 'eth', ...both}]},
      {code: 'TRX', name: 'Tron', decimals: 6, networks: [{network: 'tron', ...both}]},
      {
        code: 'USDT',
        name: 'Tether USD',
        decimals: 6,
        networks: [
          {network: 'eth', ...both},
          {network: 'tron', ...both},
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
  t.deepEqual((await assets()).find((asset) => asset.code === 'NETX')?.networks, [
    {network: 'eth', deposit_enabled: false, withdraw_enabled: true},
    {network: 'tron', deposit_enabled: true, withdraw_enabled: false},
  ])
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
