/**
 * Tokens as they are on real chains, on a real EVM node (anvil): the node reads a token's decimals
 * from the contract itself (`decimals()`) instead of assuming the asset's, so USDT pointed at an
 * 18-decimal ERC-20 (as USDT is on several EVM chains) is credited exactly; an amount the token's
 * unit cannot carry is refused. Serial: the scenarios share one chain.
 */
import anyTest, {type TestFn} from 'ava'
import {parseUnits, type Contract} from 'ethers'
import {deployToken, send} from '../../fixtures/erc20/token.js'
import {depositor, ethNetworkId, funding, ledgerOk, startEvmWorld, topUps, type EvmWorld} from '../../helpers/evm-node.js'
import {rpcError} from '../../helpers/node.js'

const test = anyTest as TestFn<{world: EvmWorld}>

test.before(async (t) => {
  t.context.world = await startEvmWorld({confirmations: 2})
})

test.after.always(async (t) => {
  await t.context.world?.close()
})

test.afterEach.always(async (t) => {
  t.true(await ledgerOk(t.context.world), 'ledger verify is clean after every scenario')
})

/** Deploys a token of `decimals`, mints to the funder, and makes it USDT's eth contract. */
async function useToken(world: EvmWorld, decimals: number): Promise<Contract> {
  const token = await deployToken(world.funder, world.provider, `T${decimals}`, decimals)
  await send(world.provider, token, 'mint', world.funder.address, parseUnits('1000000', decimals))
  await world.node.admin.call('AssetsService', 'UpdateAssetNetwork', {
    network_id: await ethNetworkId(world, 'USDT'),
    contract_address: await token.getAddress(),
  })
  return token
}

test.serial(
  'an 18-decimal token: a deposit of 200 tokens is credited as exactly 200 USDT, a finer one rounded down',
  async (t) => {
    const {world} = t.context
    const token = await useToken(world, 18)
    const user = await depositor(world)
    await send(world.provider, token, 'transfer', user.address, parseUnits('200', 18))
    await send(world.provider, token, 'transfer', user.address, parseUnits('0.0000015', 18))
    await world.mine(2)
    await world.pass()
    const rows = await topUps(world, user.id)
    t.deepEqual(rows.map((row) => row.amount).sort(), ['0.000001', '200'])
    t.true(rows.every((row) => row.status === 'confirmed' && row.asset === 'USDT'))
    t.is((await funding(world, user.email, 'USDT')).available, '200.000001')
  },
)

test.serial('a 2-decimal token: credited in its own unit; a withdrawal its unit cannot carry is refused', async (t) => {
  const {world} = t.context
  const token = await useToken(world, 2)
  const user = await depositor(world)
  await send(world.provider, token, 'transfer', user.address, 12_345n)
  await world.mine(2)
  await world.pass()
  t.is((await funding(world, user.email, 'USDT')).available, '123.45')
  const refused = await rpcError(
    world.node.admin.call('BlockchainService', 'WithdrawToBlockchain', {
      account_id: user.id,
      blockchain: 'eth',
      asset: 'USDT',
      amount: '1.001',
      to_address: '0x000000000000000000000000000000000000dEaD',
    }),
  )
  t.is(refused.errorCode, 'invalid_argument')
  t.regex(refused.details, /finer than the eth unit/)
  t.is((await funding(world, user.email, 'USDT')).locked, '0')
})
