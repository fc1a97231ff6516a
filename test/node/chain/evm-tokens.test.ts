/**
 * Tokens as they are on real chains, on a real EVM node (anvil): the node reads a token's decimals
 * from the contract itself (`decimals()`) instead of assuming the asset's, so USDT pointed at an
 * 18-decimal ERC-20 (as USDT is on several EVM chains) is credited exactly; an amount the token's
 * unit cannot carry is refused. A token like mainnet USDT (its `transfer` returns nothing) and an
 * 18-decimal one are each deposited, swept (after a gas top-up) and withdrawn. On regtest the bootstrap sets no mainnet token contract; a token
 * balance that cannot be read is reported for that asset alone. Serial: the scenarios share one chain.
 */
import anyTest, {type ExecutionContext, type TestFn} from 'ava'
import {parseEther, parseUnits, type Contract} from 'ethers'
import {deployToken, send, type TokenKind} from '../../fixtures/erc20/token.js'
import {
  depositor,
  ethNetworkId,
  funding,
  ledgerOk,
  sendEth,
  startEvmWorld,
  startNode,
  topUps,
  type EvmWorld,
} from '../../helpers/evm-node.js'
import {rpcError} from '../../helpers/node.js'

const test = anyTest as TestFn<{world: EvmWorld; hot: string}>
const EXTERNAL = '0x000000000000000000000000000000000000dEaD'

test.before(async (t) => {
  const world = await startEvmWorld({confirmations: 2, sweep: true})
  // Somebody's ETH deposit, swept, gives the hot wallet the gas of token sweeps and withdrawals.
  const rich = await depositor(world)
  await sendEth(world, rich.address, parseEther('10'))
  await settle(world)
  const {chains} = await world.node.admin.call<{chains: {blockchain: string; hot_wallet_address: string}[]}>(
    'BlockchainService',
    'GetWallet',
    {},
  )
  t.context = {world, hot: chains.find((chain) => chain.blockchain === 'eth')?.hot_wallet_address ?? ''}
})

/** Passes until sweeps, gas top-ups and withdrawals are through their confirmations. */
async function settle(world: EvmWorld, passes = 8): Promise<void> {
  for (let i = 0; i < passes; i++) {
    await world.pass()
    await world.mine(2)
  }
}

test.after.always(async (t) => {
  await t.context.world?.close()
})

test.afterEach.always(async (t) => {
  t.true(await ledgerOk(t.context.world), 'ledger verify is clean after every scenario')
})

/** Deploys a token of `decimals`, mints to the funder, and makes it USDT's eth contract. */
async function useToken(world: EvmWorld, decimals: number, kind: TokenKind = 'Token'): Promise<Contract> {
  const token = await deployToken(world.funder, world.provider, `T${decimals}`, decimals, kind)
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

type HotWallet = {asset: string; balance: string; error: string}

test.serial(
  'a fresh regtest node has no USDT contract: USDT is not withdrawable, and the hot-wallet list still answers',
  async (t) => {
    const {world} = t.context
    const fresh = await startNode(world.anvil, {})
    try {
      const {networks} = await fresh.admin.call<{networks: {asset: string; network: string; contract_address: string}[]}>(
        'InfoService',
        'ListNetworks',
        {asset: 'USDT'},
      )
      t.deepEqual(
        networks.map((entry) => [entry.network, entry.contract_address]),
        [
          ['eth', ''],
          ['tron', ''],
        ],
        'mainnet contracts are defaults on mainnet only',
      )
      const list = async () =>
        (await fresh.admin.call<{wallets: HotWallet[]}>('HotWalletsService', 'ListHotWallets', {blockchain: 'eth'})).wallets
      const before = await list()
      t.like(
        before.find((entry) => entry.asset === 'ETH'),
        {balance: '0', error: ''},
      )
      t.like(
        before.find((entry) => entry.asset === 'USDT'),
        {balance: '', error: 'no USDT token contract is set on this eth network'},
      )
      const {id} = await fresh.admin.call<{id: string}>('AccountsService', 'CreateAccount', {
        email: 'fresh-usdt@example.com',
        password: 'correct horse battery',
      })
      await fresh.admin.call('OperationsService', 'ManualTopup', {account_id: id, asset: 'USDT', amount: '5', reason: 'test'})
      const refused = await rpcError(
        fresh.admin.call('BlockchainService', 'WithdrawToBlockchain', {
          account_id: id,
          blockchain: 'eth',
          asset: 'USDT',
          amount: '1',
          to_address: '0x000000000000000000000000000000000000dEaD',
        }),
      )
      t.is(refused.errorCode, 'failed_precondition')
      // An address with no code (the mainnet contract on a local chain): that asset reports why, alone.
      const {networks: eth} = await fresh.admin.call<{networks: {id: string; network: string}[]}>('InfoService', 'ListNetworks', {
        asset: 'USDT',
      })
      await fresh.admin.call('AssetsService', 'UpdateAssetNetwork', {
        network_id: eth.find((entry) => entry.network === 'eth')?.id,
        contract_address: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      })
      const after = await list()
      t.like(
        after.find((entry) => entry.asset === 'ETH'),
        {balance: '0', error: ''},
      )
      t.like(
        after.find((entry) => entry.asset === 'USDT'),
        {balance: ''},
      )
      t.regex(
        after.find((entry) => entry.asset === 'USDT')?.error ?? '',
        /no contract code at 0xdAC17F958D2ee523a2206206994597C13D831ec7/,
      )
    } finally {
      await fresh.close()
    }
  },
)

/** Deposit 300 to an address without coin, sweep it after a gas top-up, withdraw 120: every step exact. */
async function roundTrip(t: ExecutionContext<{world: EvmWorld; hot: string}>, token: Contract, decimals: number) {
  const {world, hot} = t.context
  const balanceOf = token.getFunction('balanceOf')
  const user = await depositor(world)
  const hotBefore = (await balanceOf(hot)) as bigint
  await send(world.provider, token, 'transfer', user.address, parseUnits('300', decimals))
  await settle(world)
  t.is((await funding(world, user.email, 'USDT')).available, '300')
  t.is((await funding(world, user.email, 'ETH')).available, '0', 'the gas top-up is not a deposit')
  t.is(await balanceOf(user.address), 0n, 'swept')
  t.is((await balanceOf(hot)) - hotBefore, parseUnits('300', decimals))
  const {withdraw_request_id: id} = await world.node.admin.call<{withdraw_request_id: string}>(
    'BlockchainService',
    'WithdrawToBlockchain',
    {account_id: user.id, blockchain: 'eth', asset: 'USDT', amount: '120', to_address: EXTERNAL},
  )
  const before = (await balanceOf(EXTERNAL)) as bigint
  await settle(world, 3)
  const {withdrawal} = await world.node.admin.call<{withdrawal: {status: string}}>(
    'BlockchainService',
    'GetWithdrawRequestStatus',
    {withdraw_request_id: id},
  )
  t.is(withdrawal.status, 'confirmed')
  t.is((await balanceOf(EXTERNAL)) - before, parseUnits('120', decimals))
  t.like(await funding(world, user.email, 'USDT'), {available: '180', locked: '0'})
  const {assets} = await world.node.admin.call<{assets: {asset: string; deficit: string}[]}>('BlockchainService', 'Reconcile', {})
  t.is(assets.find((entry) => entry.asset === 'ETH')?.deficit, '0', 'every gas fee booked')
}

test.serial('a token like mainnet USDT (transfer returns nothing): deposited, swept after a gas top-up, withdrawn', async (t) => {
  await roundTrip(t, await useToken(t.context.world, 6, 'NoReturnToken'), 6)
})

test.serial('an 18-decimal token: deposited, swept after a gas top-up, withdrawn, each exactly', async (t) => {
  await roundTrip(t, await useToken(t.context.world, 18), 18)
})
