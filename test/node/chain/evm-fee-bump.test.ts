/**
 * Fee bump on a real EVM node (anvil), through the whole node (docs/blockchain.md "Withdrawals"):
 * a withdrawal broadcast at fees the chain then outgrows (the base fee jumps tenfold right after
 * it was sent, so its max fee per gas is under every block's base fee) is replaced after the
 * network's `replace_after_blocks` by the same nonce at fees at least 12.5 % higher, and the
 * replacement confirms: one transaction per nonce, `tx_hash` the one mined, its fee alone booked,
 * reconcile at zero deficit. A restart after a replacement sends the stored latest attempt again and
 * signs nothing new. Serial: one chain, one hot wallet, its nonces.
 */
import anyTest, {type TestFn} from 'ava'
import {getAddress, parseEther} from 'ethers'
import {runJson} from '../../helpers/cli.js'
import {
  depositor,
  ethNetworkId,
  funding,
  ledgerOk,
  sendEth,
  startEvmWorld,
  startNode,
  type EvmWorld,
} from '../../helpers/evm-node.js'

type User = {id: string; email: string; address: string}
const test = anyTest as TestFn<{world: EvmWorld; hot: string; user: User}>

const EXTERNAL = '0x000000000000000000000000000000000000bEEF'
/** ETH sent straight to the hot wallet from outside: the exchange's own, a surplus in reconcile. */
const GIFT = parseEther('1')

type Withdrawal = {status: string; tx_hash: string; replaced_tx_hashes: string[]}
type Reconciliation = {asset: string; on_chain: string; liabilities: string; surplus: string; deficit: string}

test.before(async (t) => {
  const world = await startEvmWorld({confirmations: 2})
  const {chains} = await world.node.admin.call<{chains: {blockchain: string; hot_wallet_address: string}[]}>(
    'BlockchainService',
    'GetWallet',
    {},
  )
  const hot = chains.find((chain) => chain.blockchain === 'eth')?.hot_wallet_address ?? ''
  // The operator replaces after 3 blocks instead of eth's default 20 (the CLI flag of the setting).
  await runJson(
    ['assets', 'update-network', '--network-id', await ethNetworkId(world, 'ETH'), '--replace-after-blocks', '3'],
    `127.0.0.1:${world.node.ports.grpc}`,
  )
  const user = await depositor(world)
  await sendEth(world, user.address, parseEther('2'))
  await sendEth(world, hot, GIFT)
  await world.mine(2)
  await world.pass()
  t.context = {world, hot, user}
})

test.after.always(async (t) => {
  await t.context.world?.close()
})

test.afterEach.always(async (t) => {
  t.true(await ledgerOk(t.context.world), 'ledger verify is clean after every scenario')
})

const statusOf = async (world: EvmWorld, id: string): Promise<Withdrawal> =>
  (
    await world.node.admin.call<{withdrawal: Withdrawal}>('BlockchainService', 'GetWithdrawRequestStatus', {
      withdraw_request_id: id,
    })
  ).withdrawal

const withdraw = async (t: {context: {world: EvmWorld; user: User}}, amount: string): Promise<string> =>
  (
    await t.context.world.node.admin.call<{withdraw_request_id: string}>('BlockchainService', 'WithdrawToBlockchain', {
      account_id: t.context.user.id,
      blockchain: 'eth',
      asset: 'ETH',
      amount,
      to_address: EXTERNAL,
    })
  ).withdraw_request_id

/** The fee market outgrows a transaction: the next block's base fee is ten times the most it may pay per gas. */
async function outgrow(world: EvmWorld, txHash: string): Promise<void> {
  const sent = await world.provider.getTransaction(txHash)
  await world.anvil.rpc('anvil_setNextBlockBaseFeePerGas', [`0x${(sent!.maxFeePerGas! * 10n).toString(16)}`])
}

test.serial(
  'a withdrawal stuck under the base fee is replaced (same nonce, ≥ +12.5 % fees) and the replacement confirms',
  async (t) => {
    const {world, hot, user} = t.context
    t.is((await funding(world, user.email, 'ETH')).available, '2')
    const balanceBefore = await world.provider.getBalance(EXTERNAL)
    await world.anvil.rpc('evm_setAutomine', [false])
    const id = await withdraw(t, '0.5')
    await world.pass()
    const sent = await statusOf(world, id)
    t.is(sent.status, 'broadcast')
    const first = await world.provider.getTransaction(sent.tx_hash)
    t.truthy(first, 'the node holds the first transaction')
    await outgrow(world, sent.tx_hash)

    // Two blocks: not yet due (3), and the transaction cannot be mined at the new base fee.
    await world.mine(2)
    await world.pass()
    t.is((await statusOf(world, id)).tx_hash, sent.tx_hash, 'not replaced before replace_after_blocks')
    await world.mine(1)
    await world.pass()
    const bumped = await statusOf(world, id)
    t.is(bumped.status, 'broadcast')
    t.not(bumped.tx_hash, sent.tx_hash, 'replaced after 3 blocks unmined')
    t.deepEqual(bumped.replaced_tx_hashes, [sent.tx_hash])
    const second = await world.provider.getTransaction(bumped.tx_hash)
    t.truthy(second)
    t.is(second!.nonce, first!.nonce, 'the same nonce: only one of them can be mined')
    t.is(second!.to, first!.to)
    t.is(second!.value, first!.value)
    t.true(second!.maxFeePerGas! * 8n >= first!.maxFeePerGas! * 9n, 'max fee per gas at least 12.5 % higher')
    t.true(second!.maxPriorityFeePerGas! * 8n >= first!.maxPriorityFeePerGas! * 9n, 'priority fee at least 12.5 % higher')

    await world.mine(2)
    await world.pass()
    const done = await statusOf(world, id)
    t.is(done.status, 'confirmed')
    t.is(done.tx_hash, bumped.tx_hash, 'tx_hash is the transaction that was mined')
    t.is(await world.provider.getTransactionReceipt(sent.tx_hash), null, 'the first transaction was never mined')
    t.is(await world.provider.getTransaction(sent.tx_hash), null, 'and is gone')
    t.is((await world.provider.getBalance(EXTERNAL)) - balanceBefore, parseEther('0.5'))
    t.is(await world.provider.getTransactionCount(hot, 'latest'), first!.nonce + 1)
    t.like(await funding(world, user.email, 'ETH'), {available: '1.5', locked: '0'})

    // Only the mined transaction's gas is booked to chain_fees: the books match the chain to the wei,
    // and the surplus is exactly the coins given to the hot wallet from outside.
    const {assets} = await world.node.admin.call<{assets: Reconciliation[]}>('BlockchainService', 'Reconcile', {
      blockchain: 'eth',
    })
    t.like(
      assets.find((entry) => entry.asset === 'ETH'),
      {deficit: '0', surplus: '1'},
    )
  },
)

test.serial('a restart after a replacement sends the stored latest attempt again and signs nothing new', async (t) => {
  const {world} = t.context
  const id = await withdraw(t, '0.25')
  await world.pass()
  const sent = await statusOf(world, id)
  await outgrow(world, sent.tx_hash)
  await world.mine(3)
  await world.pass()
  const bumped = await statusOf(world, id)
  t.deepEqual(bumped.replaced_tx_hashes, [sent.tx_hash])

  // The exchange stops; the chain node loses the replacement from its pool.
  const dataDir = world.node.dataDir
  await world.node.stop()
  world.node.admin.close()
  await world.anvil.rpc('anvil_dropTransaction', [bumped.tx_hash])
  t.is(await world.provider.getTransaction(bumped.tx_hash), null)
  world.node = await startNode(world.anvil, {dataDir})
  await world.pass()
  t.truthy(await world.provider.getTransaction(bumped.tx_hash), 'the stored replacement is sent again')
  const after = await statusOf(world, id)
  t.is(after.tx_hash, bumped.tx_hash)
  t.deepEqual(after.replaced_tx_hashes, [sent.tx_hash], 'no third transaction was signed')

  await world.mine(2)
  await world.pass()
  t.is((await statusOf(world, id)).status, 'confirmed')
  const {assets} = await world.node.admin.call<{assets: Reconciliation[]}>('BlockchainService', 'Reconcile', {
    blockchain: 'eth',
  })
  t.like(
    assets.find((entry) => entry.asset === 'ETH'),
    {deficit: '0', surplus: '1'},
  )
  await world.anvil.rpc('evm_setAutomine', [true])
})

test.serial('a hot-wallet TransferAsset stuck under the base fee is replaced the same way and booked once', async (t) => {
  const {world, hot} = t.context
  await world.anvil.rpc('evm_setAutomine', [false])
  const cold = getAddress('0x000000000000000000000000000000000000c01d')
  const {transfer_id: id} = await world.node.admin.call<{transfer_id: string}>('HotWalletsService', 'TransferAsset', {
    from_address: hot,
    to_address: cold,
    blockchain: 'eth',
    asset: 'ETH',
    amount: '0.1',
  })
  type Transfer = {status: string; tx_hash: string; replaced_tx_hashes: string[]}
  const statusOf = () => world.node.admin.call<Transfer>('HotWalletsService', 'GetTransferAssetStatus', {transfer_id: id})
  await world.pass()
  const sent = await statusOf()
  t.is(sent.status, 'broadcast')
  await outgrow(world, sent.tx_hash)
  await world.mine(3)
  await world.pass()
  const bumped = await statusOf()
  t.not(bumped.tx_hash, sent.tx_hash)
  t.deepEqual(bumped.replaced_tx_hashes, [sent.tx_hash])
  await world.mine(2)
  await world.pass()
  t.like(await statusOf(), {status: 'confirmed', tx_hash: bumped.tx_hash})
  t.is(await world.provider.getBalance(cold), parseEther('0.1'))
  const {assets} = await world.node.admin.call<{assets: Reconciliation[]}>('BlockchainService', 'Reconcile', {
    blockchain: 'eth',
  })
  t.like(
    assets.find((entry) => entry.asset === 'ETH'),
    {deficit: '0', surplus: '1'},
  )
  await world.anvil.rpc('evm_setAutomine', [true])
})
