/**
 * Bitcoin Core as many operators run it — without `-txindex` — through the whole node (litecoind
 * regtest): the exchange follows its own transactions through the blocks its scanner reads
 * (`getrawtransaction … blockhash`), so a sweep and a withdrawal confirm and the hold settles;
 * withdrawals wait rather than fail for passing causes (a second one spends the first one's
 * unconfirmed change; one made while the hot wallet is short waits in pending until a sweep fills
 * it); and a node on another network than `--chain-network` stops the start with one line.
 */
import {startBtcWorld, type BtcWorld} from '../../helpers/btc-node.js'
import {daemonTest} from '../../helpers/system-daemon.js'
import {collect} from '../../helpers/admin-grpc.js'
import {startTestNode, uniqueEmail} from '../../helpers/node.js'

type Context = BtcWorld
const test = daemonTest<Context>('litecoind', 'litecoind')

test.before(async (t) => {
  t.context = await startBtcWorld({txindex: false, withdrawFee: '0'})
})

test.after.always(async (t) => {
  await t.context.node?.close()
  await t.context.chain?.stop()
})

test.serial('without txindex: a deposit is swept and a withdrawal confirms; the hold settles', async (t) => {
  const {chain, node, funder} = t.context
  const mine = (blocks = 1) => chain.call('generatetoaddress', blocks, funder)
  const pass = () => node.services.blockchains.runOnce()
  const email = uniqueEmail('btc-plain')
  const {id} = await node.admin.call('AccountsService', 'CreateAccount', {email, password: 'correct horse battery'})
  const {address} = await node.admin.call('BlockchainService', 'GetDepositAddress', {account_id: id, blockchain: 'btc'})
  await chain.call('sendtoaddress', address, '1')
  await mine(2)
  for (let i = 0; i < 4; i++) {
    await pass()
    await mine(2)
  }
  const transfers = (await node.admin.call('BlockchainService', 'ListTopUps', {account_id: id})).topups
  t.like(transfers[0], {status: 'confirmed', amount: '1'})
  const receiver = (await chain.call('getnewaddress', '', 'bech32')) as string
  const {withdraw_request_id: withdrawal} = await node.admin.call('BlockchainService', 'WithdrawToBlockchain', {
    account_id: id,
    blockchain: 'btc',
    asset: 'BTC',
    amount: '0.3',
    to_address: receiver,
  })
  await pass()
  await mine(2)
  await pass()
  const done = await node.admin.call('BlockchainService', 'GetWithdrawRequestStatus', {withdraw_request_id: withdrawal})
  t.is(done.status, 'confirmed')
  const {balances} = await node.admin.call('AccountsService', 'GetBalances', {email})
  t.like(
    balances.find((entry: {asset: string; account_type: string}) => entry.asset === 'BTC' && entry.account_type === 'funding'),
    {available: '0.7', locked: '0'},
  )
  const {assets} = await node.admin.call('BlockchainService', 'Reconcile', {blockchain: 'btc'})
  t.like(assets[0], {deficit: '0', surplus: '0', error: ''})
  t.true((await node.admin.call('LedgerService', 'VerifyLedger', {})).ok)
})

type Status = {status: string; waiting_for: string; failure: string}

async function withdraw(t: {context: Context}, accountId: string, amount: string): Promise<string> {
  const receiver = (await t.context.chain.call('getnewaddress', '', 'bech32')) as string
  const {withdraw_request_id: id} = await t.context.node.admin.call('BlockchainService', 'WithdrawToBlockchain', {
    account_id: accountId,
    blockchain: 'btc',
    asset: 'BTC',
    amount,
    to_address: receiver,
  })
  return id
}

/** The account of the first scenario (0.7 BTC left after its withdrawal). */
async function plainUser(t: {context: Context}): Promise<string> {
  const {accounts} = await t.context.node.admin.call('AccountsService', 'ListAccounts', {})
  const found = accounts.find((entry) => entry.email.startsWith('btc-plain'))
  if (!found) throw new Error('the first scenario made no btc-plain account')
  return found.id
}

async function statusOf(t: {context: Context}, id: string): Promise<Status> {
  const {withdrawal} = await t.context.node.admin.call('BlockchainService', 'GetWithdrawRequestStatus', {
    withdraw_request_id: id,
  })
  if (!withdrawal) throw new Error(`withdrawal ${id} has no body`)
  return withdrawal
}

test.serial("a btc withdrawal made while the previous one's change is unconfirmed spends that change and confirms", async (t) => {
  const {chain, node, funder} = t.context
  const pass = () => node.services.blockchains.runOnce()
  const accountId = await plainUser(t)
  const first = await withdraw(t, accountId, '0.2')
  await pass()
  t.is((await statusOf(t, first)).status, 'broadcast')
  // The hot wallet's only output is spent by the first withdrawal; its change is in the mempool.
  const second = await withdraw(t, accountId, '0.2')
  await pass()
  t.like(await statusOf(t, second), {status: 'broadcast', failure: ''})
  await chain.call('generatetoaddress', 2, funder)
  await pass()
  t.is((await statusOf(t, first)).status, 'confirmed')
  t.is((await statusOf(t, second)).status, 'confirmed')
})

test.serial(
  'a hot wallet short of funds: the withdrawal waits in pending (hot_wallet_funds, one hot_wallet_low) and goes when a sweep fills it',
  async (t) => {
    const {chain, node, funder} = t.context
    const pass = () => node.services.blockchains.runOnce()
    const lows = async () =>
      (await collect(node.admin.stream('AlertsService', 'List', {}))).filter((alert) => alert.type === 'hot_wallet_low')
    const accountId = await plainUser(t)
    // 0.3 left to the user; the hot wallet holds a little less (the network fees it paid).
    const waiting = await withdraw(t, accountId, '0.3')
    await pass()
    await pass()
    t.like(await statusOf(t, waiting), {status: 'pending', waiting_for: 'hot_wallet_funds', failure: ''})
    const raised = (await lows()).filter((alert) => alert.payload.includes(waiting))
    t.is(raised.length, 1, 'one hot_wallet_low while it waits')
    // Another user's deposit is credited and swept into the hot wallet: the withdrawal goes.
    const email = uniqueEmail('btc-filler')
    const {id} = await node.admin.call('AccountsService', 'CreateAccount', {email, password: 'correct horse battery'})
    const {address} = await node.admin.call('BlockchainService', 'GetDepositAddress', {account_id: id, blockchain: 'btc'})
    await chain.call('sendtoaddress', address, '1.5')
    for (let i = 0; i < 5 && (await statusOf(t, waiting)).status !== 'confirmed'; i++) {
      await chain.call('generatetoaddress', 2, funder)
      await pass()
    }
    t.like(await statusOf(t, waiting), {status: 'confirmed', waiting_for: ''})
    const {assets} = await node.admin.call('BlockchainService', 'Reconcile', {blockchain: 'btc'})
    t.like(assets[0], {deficit: '0', error: ''})
    t.true((await node.admin.call('LedgerService', 'VerifyLedger', {})).ok)
  },
)

test.serial(
  'a TransferAsset the hot wallet cannot pay waits in pending (hot_wallet_funds, one hot_wallet_low) and goes when a sweep fills it',
  async (t) => {
    const {chain, node, funder} = t.context
    const pass = () => node.services.blockchains.runOnce()
    const {chains} = await node.admin.call('BlockchainService', 'GetWallet', {})
    const hot = chains.find((entry: {blockchain: string}) => entry.blockchain === 'btc')?.hot_wallet_address ?? ''
    const cold = (await chain.call('getnewaddress', '', 'bech32')) as string
    const {transfer_id: id} = await node.admin.call('HotWalletsService', 'TransferAsset', {
      from_address: hot,
      to_address: cold,
      blockchain: 'btc',
      asset: 'BTC',
      amount: '10',
    })
    const statusOfTransfer = () => node.admin.call('HotWalletsService', 'GetTransferAssetStatus', {transfer_id: id})
    await pass()
    await pass()
    t.like(await statusOfTransfer(), {status: 'pending', waiting_for: 'hot_wallet_funds', failure: '', tx_hash: ''})
    const raised = (await collect(node.admin.stream('AlertsService', 'List', {}))).filter(
      (alert: {type: string; payload: string}) => alert.type === 'hot_wallet_low' && alert.payload.includes(id),
    )
    t.is(raised.length, 1, 'one hot_wallet_low while it waits, not one per pass')
    // A deposit is credited and swept into the hot wallet: the transfer goes.
    const email = uniqueEmail('btc-cold')
    const {id: accountId} = await node.admin.call('AccountsService', 'CreateAccount', {email, password: 'correct horse battery'})
    const {address} = await node.admin.call('BlockchainService', 'GetDepositAddress', {account_id: accountId, blockchain: 'btc'})
    await chain.call('sendtoaddress', address, '12')
    for (let i = 0; i < 6 && (await statusOfTransfer()).status !== 'confirmed'; i++) {
      await chain.call('generatetoaddress', 2, funder)
      await pass()
    }
    t.like(await statusOfTransfer(), {status: 'confirmed', waiting_for: ''})
    t.is(String(await chain.call('getreceivedbyaddress', cold, 1)), '10.00000000')
    const {assets} = await node.admin.call('BlockchainService', 'Reconcile', {blockchain: 'btc'})
    t.like(assets[0], {deficit: '0', error: ''})
    t.true((await node.admin.call('LedgerService', 'VerifyLedger', {})).ok)
  },
)

test.serial('a regtest Bitcoin node is refused by a mainnet exchange, with one line', async (t) => {
  const error = await t.throwsAsync(
    startTestNode({chain: {network: 'mainnet', btcRpcUrl: t.context.chain.url, pollMs: 3_600_000}}),
  )
  t.is(error?.message, '--btc-rpc-url: the btc node serves regtest (chain "regtest"), but --chain-network is mainnet')
})
