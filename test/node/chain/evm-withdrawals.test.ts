/**
 * Withdrawals and the hot wallet on a real EVM node (anvil) through the whole node: the hold of
 * amount + fee, the states pending → processing → broadcast → confirmed with the right on-chain
 * balance change, a reverted token transfer failing and releasing its hold, approval of large
 * withdrawals, a restart between broadcast and confirmation sending nothing twice, sweeping of
 * deposit addresses (tokens after a gas top-up), TransferAsset to cold storage, and the books
 * reconciling with the chain. Serial: the scenarios share one chain and its nonces.
 */
import anyTest, {type TestFn} from 'ava'
import {hexlify, parseEther, parseUnits, toUtf8Bytes} from 'ethers'
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
import {runJson} from '../../helpers/cli.js'
import {rpcError} from '../../helpers/node.js'

type User = {id: string; email: string; address: string}
const test = anyTest as TestFn<{world: EvmWorld; hot: string; user: User; tokensOnly: User}>

const EXTERNAL = '0x000000000000000000000000000000000000dEaD'

type Withdrawal = {status: string; tx_hash: string; awaiting_approval: boolean; failure: string}
type Reconciliation = {
  blockchain: string
  asset: string
  on_chain: string
  liabilities: string
  surplus: string
  deficit: string
  error: string
}

test.before(async (t) => {
  const world = await startEvmWorld({confirmations: 2, sweep: true})
  const {chains} = await world.node.admin.call<{chains: {blockchain: string; hot_wallet_address: string}[]}>(
    'BlockchainService',
    'GetWallet',
    {},
  )
  const hot = chains.find((chain) => chain.blockchain === 'eth')?.hot_wallet_address ?? ''
  // A user deposits 5 ETH and 1,000 USDT, another 200 USDT only (its address has no coin for gas);
  // sweeping then fills the hot wallet that withdrawals are sent from.
  const user = await depositor(world)
  const tokensOnly = await depositor(world)
  await sendEth(world, user.address, parseEther('5'))
  await sendUsdt(world, user.address, parseUnits('1000', 6))
  await sendUsdt(world, tokensOnly.address, parseUnits('200', 6))
  await world.mine(2)
  t.context = {world, hot, user, tokensOnly}
})

test.after.always(async (t) => {
  await t.context.world?.close()
})

test.afterEach.always(async (t) => {
  t.true(await ledgerOk(t.context.world), 'ledger verify is clean after every scenario')
})

const withdraw = (t: {context: {world: EvmWorld; user: {id: string}}}, asset: string, amount: string, to = EXTERNAL) =>
  t.context.world.node.admin.call<{withdraw_request_id: string}>('BlockchainService', 'WithdrawToBlockchain', {
    account_id: t.context.user.id,
    blockchain: 'eth',
    asset,
    amount,
    to_address: to,
  })

const statusOf = async (world: EvmWorld, id: string): Promise<Withdrawal> =>
  (
    await world.node.admin.call<{withdrawal: Withdrawal}>('BlockchainService', 'GetWithdrawRequestStatus', {
      withdraw_request_id: id,
    })
  ).withdrawal

/** Passes until the sweeps and their gas top-ups are done (each needs its confirmations). */
async function settle(world: EvmWorld, passes = 10): Promise<void> {
  for (let i = 0; i < passes; i++) {
    await world.pass()
    await world.mine(2)
  }
}

test.serial(
  'deposits are credited and swept into the hot wallet (tokens without coin after a gas top-up); no user balance moves',
  async (t) => {
    const {world, hot, user, tokensOnly} = t.context
    await settle(world)
    t.is((await funding(world, user.email, 'ETH')).available, '5')
    t.is((await funding(world, user.email, 'USDT')).available, '1000')
    t.is((await funding(world, tokensOnly.email, 'USDT')).available, '200')
    t.is(await world.token.getFunction('balanceOf')(user.address), 0n, 'the tokens left the deposit address')
    t.is(await world.token.getFunction('balanceOf')(tokensOnly.address), 0n, 'swept after the hot wallet sent it gas')
    t.true((await world.provider.getBalance(tokensOnly.address)) > 0n, 'what is left of the gas top-up')
    t.is(
      (await funding(world, tokensOnly.email, 'ETH')).available,
      '0',
      'the gas top-up is the exchange’s own money, not a deposit',
    )
    t.deepEqual(
      (await topUps(world, tokensOnly.id)).map((row) => row.asset),
      ['USDT'],
      'no ETH top-up is recorded for the gas',
    )
    t.is(await world.token.getFunction('balanceOf')(hot), parseUnits('1200', 6))
    const hotEth = await world.provider.getBalance(hot)
    t.true(hotEth > parseEther('4.9') && hotEth < parseEther('5'), `hot wallet holds the swept ETH less gas (${hotEth})`)
  },
)

test.serial(
  'ETH withdrawal: held with its fee, broadcast, confirmed after 2 confirmations with the exact on-chain change',
  async (t) => {
    const {world} = t.context
    await world.node.admin.call('AssetsService', 'UpdateAssetNetwork', {
      network_id: await ethNetworkId(world, 'ETH'),
      withdraw_fee: '0.01',
    })
    const before = await world.provider.getBalance(EXTERNAL)
    const {withdraw_request_id: id} = await withdraw(t, 'ETH', '1.25')
    t.like(await funding(world, t.context.user.email, 'ETH'), {available: '3.74', locked: '1.26'})
    t.is((await statusOf(world, id)).status, 'pending')
    await world.pass()
    const sent = await statusOf(world, id)
    t.is(sent.status, 'broadcast')
    t.regex(sent.tx_hash, /^0x[0-9a-f]{64}$/)
    await world.mine(1)
    await world.pass()
    t.is((await statusOf(world, id)).status, 'confirmed')
    t.is((await world.provider.getBalance(EXTERNAL)) - before, parseEther('1.25'))
    t.like(await funding(world, t.context.user.email, 'ETH'), {available: '3.74', locked: '0'})
    await world.node.admin.call('AssetsService', 'UpdateAssetNetwork', {
      network_id: await ethNetworkId(world, 'ETH'),
      withdraw_fee: '0',
    })
  },
)

test.serial('an ETH withdrawal with a memo carries it as the transaction data (UTF-8), and confirms', async (t) => {
  const {world, user} = t.context
  const memo = 'ref 7781 · ünïcode'
  const before = await world.provider.getBalance(EXTERNAL)
  const {withdraw_request_id: id} = await world.node.admin.call<{withdraw_request_id: string}>(
    'BlockchainService',
    'WithdrawToBlockchain',
    {account_id: user.id, blockchain: 'eth', asset: 'ETH', amount: '0.5', to_address: EXTERNAL, memo},
  )
  await world.pass()
  const sent = await statusOf(world, id)
  t.is(sent.status, 'broadcast')
  const tx = await world.provider.getTransaction(sent.tx_hash)
  t.is(tx?.data, hexlify(toUtf8Bytes(memo)))
  t.true((tx?.gasLimit ?? 0n) > 21_000n, 'the gas limit pays for the data')
  await world.mine(1)
  await world.pass()
  t.is((await statusOf(world, id)).status, 'confirmed')
  t.is((await world.provider.getBalance(EXTERNAL)) - before, parseEther('0.5'))
})

test.serial('USDT withdrawal reverted on chain: failed, and the hold is released', async (t) => {
  const {world} = t.context
  await world.anvil.rpc('evm_setAutomine', [false])
  try {
    const {withdraw_request_id: id} = await withdraw(t, 'USDT', '100')
    await world.pass()
    t.is((await statusOf(world, id)).status, 'broadcast')
    // Paused before the withdrawal is mined: the owner's call goes first (higher tip).
    await world.token.getFunction('setPaused')(true, {
      maxPriorityFeePerGas: parseUnits('50', 'gwei'),
      maxFeePerGas: parseUnits('100', 'gwei'),
    })
    await world.mine(2)
    await world.pass()
    const failed = await statusOf(world, id)
    t.is(failed.status, 'failed')
    t.like(await funding(world, t.context.user.email, 'USDT'), {available: '1000', locked: '0'})
  } finally {
    await world.anvil.rpc('evm_setAutomine', [true])
    await world.token.getFunction('setPaused')(false)
    await world.mine(1)
  }
})

test.serial('a restart between broadcast and confirmation re-sends the same bytes: one transaction, one nonce', async (t) => {
  const {world, hot} = t.context
  await world.anvil.rpc('evm_setAutomine', [false])
  const nonceBefore = await world.provider.getTransactionCount(hot, 'latest')
  const {withdraw_request_id: id} = await withdraw(t, 'USDT', '10')
  await world.pass()
  const sent = await statusOf(world, id)
  t.is(sent.status, 'broadcast')
  // The node stops; the node's mempool loses the transaction.
  const dataDir = world.node.dataDir
  await world.node.stop()
  world.node.admin.close()
  await world.anvil.rpc('anvil_dropTransaction', [sent.tx_hash])
  world.node = await startNode(world.anvil, {dataDir, sweep: true})
  await world.anvil.rpc('evm_setAutomine', [true])
  await world.pass()
  await world.mine(2)
  await world.pass()
  const done = await statusOf(world, id)
  t.is(done.status, 'confirmed')
  t.is(done.tx_hash, sent.tx_hash, 'the stored bytes, not a second signature')
  t.is(await world.provider.getTransactionCount(hot, 'latest'), nonceBefore + 1)
})

test.serial('a large withdrawal waits for approval (alert large_withdrawal); rejection releases, approval sends', async (t) => {
  const {world} = t.context
  await world.node.admin.call('AssetsService', 'UpdateAssetNetwork', {
    network_id: await ethNetworkId(world, 'USDT'),
    large_withdrawal: '500',
  })
  const {withdraw_request_id: rejected} = await withdraw(t, 'USDT', '600')
  await world.pass()
  t.like(await statusOf(world, rejected), {status: 'pending', awaiting_approval: true})
  t.truthy((await alerts(world)).find((alert) => alert.type === 'large_withdrawal' && alert.payload.includes(rejected)))
  await world.node.admin.call('BlockchainService', 'RejectWithdrawal', {withdraw_request_id: rejected, reason: 'unusual'})
  t.like(await statusOf(world, rejected), {status: 'failed'})
  const again = await rpcError(world.node.admin.call('BlockchainService', 'ApproveWithdrawal', {withdraw_request_id: rejected}))
  t.is(again.errorCode, 'failed_precondition')

  const {withdraw_request_id: approved} = await withdraw(t, 'USDT', '500')
  await world.node.admin.call('BlockchainService', 'ApproveWithdrawal', {withdraw_request_id: approved})
  await world.pass()
  await world.mine(2)
  await world.pass()
  t.is((await statusOf(world, approved)).status, 'confirmed')
  await world.node.admin.call('AssetsService', 'UpdateAssetNetwork', {
    network_id: await ethNetworkId(world, 'USDT'),
    large_withdrawal: '0',
  })
})

test.serial('refusals: bad address, below minimum, over the balance, over the tier 24 h limit, unknown network', async (t) => {
  const {world, user} = t.context
  const code = async (promise: Promise<unknown>) => (await rpcError(promise)).errorCode
  t.is(
    await code(withdraw(t, 'ETH', '0.1', '0x000000000000000000000000000000000000dEAd')),
    'invalid_argument',
    'bad EIP-55 checksum',
  )
  t.is(await code(withdraw(t, 'ETH', '0.1', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')), 'invalid_argument')
  await world.node.admin.call('AssetsService', 'UpdateAssetNetwork', {
    network_id: await ethNetworkId(world, 'ETH'),
    min_withdraw: '0.5',
  })
  t.is(await code(withdraw(t, 'ETH', '0.1')), 'invalid_argument')
  await world.node.admin.call('AssetsService', 'UpdateAssetNetwork', {
    network_id: await ethNetworkId(world, 'ETH'),
    min_withdraw: '0',
  })
  t.is(await code(withdraw(t, 'ETH', '1000')), 'insufficient_funds')
  const {tier_id: tierId} = await world.node.admin.call<{tier_id: string}>('TiersService', 'CreateTier', {
    name: 'capped',
    limits: JSON.stringify({withdrawal_limit_24h: {ETH: '0.3'}}),
  })
  await world.node.admin.call('AccountsService', 'SetTier', {email: user.email, tier_id: tierId})
  t.is(await code(withdraw(t, 'ETH', '0.31')), 'failed_precondition')
  t.is(await code(withdraw(t, 'BTC', '0.1', EXTERNAL)), 'not_found', 'BTC has no eth network')
  const memo = await rpcError(
    world.node.admin.call('BlockchainService', 'WithdrawToBlockchain', {
      account_id: user.id,
      blockchain: 'eth',
      asset: 'USDT',
      amount: '1',
      to_address: EXTERNAL,
      memo: 'invoice 42',
    }),
  )
  t.is(memo.errorCode, 'invalid_argument', 'an ERC-20 transfer has no place for a memo (docs/blockchain.md "Withdrawals")')
  t.like(await funding(world, user.email, 'ETH'), {locked: '0'}, 'no refusal left a hold behind')
})

test.serial(
  'TransferAsset: hot wallet → cold storage, confirmed, booked hot_wallet → cold_storage; hot wallets listed',
  async (t) => {
    const {world, hot} = t.context
    const cold = '0x1111111111111111111111111111111111111111'
    const {transfer_id: id} = await world.node.admin.call<{transfer_id: string}>('HotWalletsService', 'TransferAsset', {
      from_address: hot,
      to_address: cold,
      blockchain: 'eth',
      asset: 'USDT',
      amount: '50',
    })
    await world.pass()
    await world.mine(2)
    await world.pass()
    const status = await world.node.admin.call<{status: string; tx_hash: string}>('HotWalletsService', 'GetTransferAssetStatus', {
      transfer_id: id,
    })
    t.is(status.status, 'confirmed')
    t.is(await world.token.getFunction('balanceOf')(cold), parseUnits('50', 6))
    const {wallets} = await world.node.admin.call<{wallets: {asset: string; balance: string; address: string}[]}>(
      'HotWalletsService',
      'ListHotWallets',
      {blockchain: 'eth'},
    )
    const usdt = wallets.find((wallet) => wallet.asset === 'USDT')
    t.is(usdt?.address, hot)
    t.is(usdt?.balance, String(Number((await world.token.getFunction('balanceOf')(hot)) / 1_000_000n)))
    const wrongFrom = await rpcError(
      world.node.admin.call('HotWalletsService', 'TransferAsset', {
        from_address: cold,
        to_address: hot,
        blockchain: 'eth',
        asset: 'USDT',
        amount: '1',
      }),
    )
    t.is(wrongFrom.errorCode, 'invalid_argument')
  },
)

test.serial(
  'reconcile (CLI --json): ETH and USDT on chain = the ledger, zero deficit, after sweeps, gas, withdrawals and cold storage',
  async (t) => {
    const {world} = t.context
    await settle(world, 3)
    const {assets} = await runJson<{assets: Reconciliation[]}>(
      ['blockchain', 'reconcile', '--blockchain', 'eth'],
      `127.0.0.1:${world.node.ports.grpc}`,
    )
    const eth = assets.find((entry) => entry.asset === 'ETH')
    const usdt = assets.find((entry) => entry.asset === 'USDT')
    t.like(eth, {blockchain: 'eth', deficit: '0', error: ''})
    t.like(usdt, {blockchain: 'eth', deficit: '0', surplus: '0', error: ''})
    // Users hold 1200 − 10 − 500 = 690 USDT (the reverted and the rejected withdrawals released their
    // holds); 50 left for cold storage, so the chain's addresses hold 640.
    t.is(usdt?.liabilities, '640')
    t.is(usdt?.on_chain, '640')
    t.is(eth?.on_chain, eth?.liabilities, 'every wei of gas the exchange paid is booked to chain_fees')
    t.false((await alerts(world)).some((alert) => alert.type === 'reconcile_deficit'))
  },
)

test.serial('reconcile: coins missing from the addresses show as a deficit and raise reconcile_deficit', async (t) => {
  const {world, hot} = t.context
  // The hot wallet's coins leave behind the exchange's back (a leaked key, a node operated by hand).
  await world.anvil.rpc('anvil_setBalance', [hot, '0x0'])
  const {assets} = await world.node.admin.call<{assets: Reconciliation[]}>('BlockchainService', 'Reconcile', {})
  const eth = assets.find((entry) => entry.asset === 'ETH')
  t.not(eth?.deficit, '0')
  const alert = (await alerts(world)).find((entry) => entry.type === 'reconcile_deficit')
  t.truthy(alert)
  t.like(JSON.parse(alert?.payload ?? '{}'), {blockchain: 'eth', asset: 'ETH', deficit: eth?.deficit})
})
