/**
 * Bitcoin Core as many operators run it — without `-txindex` — through the whole node (litecoind
 * regtest): the exchange follows its own transactions through the blocks its scanner reads
 * (`getrawtransaction … blockhash`), so a sweep and a withdrawal confirm and the hold settles; and a
 * node on another network than `--chain-network` stops the start with one line.
 */
import {startBtcWorld, type BtcWorld} from '../../helpers/btc-node.js'
import {daemonTest} from '../../helpers/system-daemon.js'
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

test.serial('a regtest Bitcoin node is refused by a mainnet exchange, with one line', async (t) => {
  const error = await t.throwsAsync(
    startTestNode({chain: {network: 'mainnet', btcRpcUrl: t.context.chain.url, pollMs: 3_600_000}}),
  )
  t.is(error?.message, '--btc-rpc-url: the btc node serves regtest (chain "regtest"), but --chain-network is mainnet')
})
