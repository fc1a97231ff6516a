/**
 * Deposits on a real EVM node (anvil) through the whole node: the scanner finds native and ERC-20
 * transfers to deposit addresses, credits them once after the network's confirmations, survives a
 * restart without crediting twice, orphans what a reorganisation drops (reversing a credit, with an
 * alert), ignores deposits below the minimum and holds deny-listed ones until an admin releases them.
 * Serial: the scenarios share one chain.
 */
import anyTest, {type TestFn} from 'ava'
import {parseEther} from 'ethers'
import {
  alerts,
  depositor,
  ethNetworkId,
  funding,
  ledgerOk,
  sendEth,
  sendUsdt,
  startEvmWorld,
  startNode,
  topUps,
  type EvmWorld,
} from '../../helpers/evm-node.js'

const test = anyTest as TestFn<{world: EvmWorld}>

test.before(async (t) => {
  t.context.world = await startEvmWorld({confirmations: 3})
})

test.after.always(async (t) => {
  await t.context.world?.close()
})

test.afterEach.always(async (t) => {
  t.true(await ledgerOk(t.context.world), 'ledger verify is clean after every scenario')
})

test.serial('GetDepositAddress: one EIP-55 address per (account, eth), shared by ETH and USDT; a BTC address too', async (t) => {
  const {world} = t.context
  const user = await depositor(world)
  t.regex(user.address, /^0x[0-9a-fA-F]{40}$/)
  t.not(user.address, user.address.toLowerCase(), 'checksummed (EIP-55)')
  const usdt = await world.node.admin.call<{address: string}>('BlockchainService', 'GetDepositAddress', {
    account_id: user.id,
    blockchain: 'eth',
    asset: 'USDT',
  })
  t.is(usdt.address, user.address)
  const btc = await world.node.admin.call<{address: string}>('BlockchainService', 'GetDepositAddress', {
    account_id: user.id,
    blockchain: 'btc',
    asset: 'BTC',
  })
  t.regex(btc.address, /^bcrt1q[0-9a-z]{38}$/, 'regtest BIP84 address, no btc node needed')
  const other = await depositor(world)
  t.not(other.address, user.address)
})

test.serial('ETH deposit: pending until 3 confirmations, then credited once to the funding balance', async (t) => {
  const {world} = t.context
  const user = await depositor(world)
  const hash = await sendEth(world, user.address, parseEther('1.5'))
  await world.pass()
  t.like((await topUps(world, user.id))[0], {tx_hash: hash, status: 'pending', amount: '1.5', asset: 'ETH'})
  t.is((await funding(world, user.email, 'ETH')).available, '0')
  await world.mine(1)
  await world.pass()
  t.is((await topUps(world, user.id))[0]?.status, 'pending', '2 confirmations of 3')
  await world.mine(1)
  await world.pass()
  t.is((await topUps(world, user.id))[0]?.status, 'confirmed')
  t.is((await funding(world, user.email, 'ETH')).available, '1.5')
  await world.mine(5)
  await world.pass()
  await world.pass()
  t.is((await funding(world, user.email, 'ETH')).available, '1.5', 'later passes credit nothing again')
})

test.serial('USDT (ERC-20) deposit: found by its Transfer log and credited in USDT units', async (t) => {
  const {world} = t.context
  const user = await depositor(world)
  const hash = await sendUsdt(world, user.address, 250_500_000n)
  await world.mine(2)
  await world.pass()
  t.like((await topUps(world, user.id))[0], {tx_hash: hash, status: 'confirmed', amount: '250.5', asset: 'USDT'})
  t.is((await funding(world, user.email, 'USDT')).available, '250.5')
})

test.serial('a restart between detection and credit credits exactly once', async (t) => {
  const {world} = t.context
  const user = await depositor(world)
  await sendEth(world, user.address, parseEther('0.25'))
  await world.pass()
  t.is((await topUps(world, user.id))[0]?.status, 'pending')
  const dataDir = world.node.dataDir
  await world.node.stop()
  world.node.admin.close()
  world.node = await startNode(world.anvil, {dataDir})
  await world.mine(3)
  await world.pass()
  await world.pass()
  const rows = await topUps(world, user.id)
  t.is(rows.length, 1)
  t.is(rows[0]?.status, 'confirmed')
  t.is((await funding(world, user.email, 'ETH')).available, '0.25')
})

test.serial('reorg: a pending deposit whose block left the chain becomes orphaned, and is never credited', async (t) => {
  const {world} = t.context
  const user = await depositor(world)
  await sendEth(world, user.address, parseEther('2'))
  await world.pass()
  t.is((await topUps(world, user.id))[0]?.status, 'pending')
  // Replace the last block (the deposit's) with an empty one: the transaction is dropped.
  await world.anvil.rpc('anvil_reorg', [1, []])
  await world.mine(4)
  await world.pass()
  await world.pass()
  t.is((await topUps(world, user.id))[0]?.status, 'orphaned')
  t.is((await funding(world, user.email, 'ETH')).available, '0')
})

test.serial('reorg: a credited deposit that left the chain is reversed, with a deposit_reversed alert', async (t) => {
  const {world} = t.context
  const user = await depositor(world)
  await sendEth(world, user.address, parseEther('3'))
  await world.mine(2)
  await world.pass()
  t.is((await funding(world, user.email, 'ETH')).available, '3')
  await world.anvil.rpc('anvil_reorg', [3, []])
  await world.pass()
  await world.pass()
  t.is((await topUps(world, user.id))[0]?.status, 'orphaned')
  t.is((await funding(world, user.email, 'ETH')).available, '0')
  const reversed = (await alerts(world)).find((alert) => alert.type === 'deposit_reversed' && alert.payload.includes(user.id))
  t.truthy(reversed)
})

test.serial('min_deposit: a smaller deposit is recorded as ignored and never credited', async (t) => {
  const {world} = t.context
  await world.node.admin.call('AssetsService', 'UpdateAssetNetwork', {
    network_id: await ethNetworkId(world, 'ETH'),
    min_deposit: '0.1',
  })
  const user = await depositor(world)
  await sendEth(world, user.address, parseEther('0.05'))
  await world.mine(3)
  await world.pass()
  t.is((await topUps(world, user.id))[0]?.status, 'ignored')
  t.is((await funding(world, user.email, 'ETH')).available, '0')
  await world.node.admin.call('AssetsService', 'UpdateAssetNetwork', {
    network_id: await ethNetworkId(world, 'ETH'),
    min_deposit: '0',
  })
})

test.serial('AML: a deposit from a deny-listed address is held with an aml_hit alert, credited only on release', async (t) => {
  const {world} = t.context
  await world.node.admin.call('BlockchainService', 'AddDenyListAddress', {address: world.funder.address, reason: 'sanctioned'})
  const user = await depositor(world)
  await sendEth(world, user.address, parseEther('0.7'))
  await world.mine(3)
  await world.pass()
  const [held] = await topUps(world, user.id)
  t.is(held?.status, 'held')
  t.is((await funding(world, user.email, 'ETH')).available, '0')
  t.truthy((await alerts(world)).find((alert) => alert.type === 'aml_hit' && alert.payload.includes(held?.id ?? '?')))
  const released = await world.node.admin.call<{topup: {status: string}}>('BlockchainService', 'ReleaseTopUp', {
    top_up_id: held?.id,
  })
  t.is(released.topup.status, 'confirmed')
  t.is((await funding(world, user.email, 'ETH')).available, '0.7')
  await world.node.admin.call('BlockchainService', 'RemoveDenyListAddress', {address: world.funder.address})
})

test.serial('ListAllTopUps filters by blockchain and status and pages with the right total', async (t) => {
  const {world} = t.context
  const all = await world.node.admin.call<{topups: unknown[]; page: {total: number}}>('BlockchainService', 'ListAllTopUps', {
    blockchain: 'eth',
    page: {limit: 2},
  })
  t.is(all.topups.length, 2)
  const confirmed = await world.node.admin.call<{topups: {status: string}[]; page: {total: number}}>(
    'BlockchainService',
    'ListAllTopUps',
    {blockchain: 'eth', status: 'confirmed', page: {limit: 100}},
  )
  t.true(confirmed.topups.every((entry) => entry.status === 'confirmed'))
  t.is(confirmed.page.total, confirmed.topups.length)
  t.true(all.page.total > confirmed.page.total)
})
