/**
 * Replacement on TRON at expiry (docs/blockchain.md "Withdrawals"), through the whole node against
 * test/helpers/tron-server.ts: a TRON transaction cannot be replaced while it may still be mined,
 * and none can be mined after its `raw_data.expiration` (60 s after it was built). A TRC-20
 * withdrawal the network lost is sent again while it has not expired; once the chain is past its
 * expiration unmined, the same transfer is built and signed again and confirms. The expired bytes are
 * refused by the node, the recipient is paid once, `tx_hash` is the mined one, only its energy is
 * booked and reconcile is at zero deficit.
 */
import anyTest, {type TestFn} from 'ava'
import {uniqueEmail, type TestNode} from '../../helpers/node.js'
import type {TronTestServer} from '../../helpers/tron-server.js'
import {OUTSIDE as outside, RECEIVER, USDT_CONTRACT as USDT, startTronNode} from '../../helpers/tron-node.js'
import {post, walletSends} from '../../helpers/tron-wallet.js'

type Context = {server: TronTestServer; node: TestNode; hot: string}
const test = anyTest as TestFn<Context>
type Reconciliation = {asset: string; surplus: string; deficit: string; error: string}

test.before(async (t) => {
  t.context = await startTronNode({
    outsideSun: 1_000_000_000n,
    chain: {sweep: false},
    network: () => ({confirmations: 2, min_deposit: '0', withdraw_fee: '0', min_withdraw: '0', large_withdrawal: '0'}),
  })
})

test.after.always(async (t) => {
  await t.context.node?.close()
  await t.context.server?.close()
})

test.afterEach.always(async (t) => {
  t.true((await t.context.node.admin.call('LedgerService', 'VerifyLedger', {})).ok)
})

test.serial('a TRC-20 withdrawal that expired unmined is signed again and confirms; the expired bytes never can', async (t) => {
  const {server, node, hot} = t.context
  const pass = () => node.services.blockchains.runOnce()
  const statusOf = async (id: string) =>
    (await node.admin.call('BlockchainService', 'GetWithdrawRequestStatus', {withdraw_request_id: id})).withdrawal!
  const email = uniqueEmail('tron-bump')
  const {id: accountId} = await node.admin.call('AccountsService', 'CreateAccount', {email, password: 'correct horse battery'})
  const {address} = await node.admin.call('BlockchainService', 'GetDepositAddress', {account_id: accountId, blockchain: 'tron'})
  await pass()
  await walletSends(server, outside, address, 1_500_000_000n, USDT)
  // The operator funds the hot wallet with TRX for energy and with USDT to pay out (the exchange's own).
  server.fund(hot, 100_000_000n)
  await walletSends(server, outside, hot, 1_000_000_000n, USDT)
  server.mine(2)
  await pass()
  const {withdraw_request_id: id} = await node.admin.call('BlockchainService', 'WithdrawToBlockchain', {
    account_id: accountId,
    blockchain: 'tron',
    asset: 'USDT',
    amount: '600',
    to_address: RECEIVER,
  })
  await pass()
  const sent = await statusOf(id)
  t.is(sent.status, 'broadcast')

  // The node loses it before a block: sent again with the same bytes while it may still be mined.
  server.lose(sent.tx_hash)
  await pass()
  t.truthy(server.pending.get(sent.tx_hash), 'the same bytes are sent again before expiry')
  t.deepEqual((await statusOf(id)).replaced_tx_hashes, [])

  // Lost again, and the chain moves past its expiration (20 blocks of 3 s > 60 s).
  const lost = server.lose(sent.tx_hash)!
  server.mine(21)
  const refused = await post(server, '/wallet/broadcasttransaction', lost)
  t.is(refused.code, 'TRANSACTION_EXPIRATION_ERROR', 'the expired bytes can never be mined')
  await pass()
  const resigned = await statusOf(id)
  t.is(resigned.status, 'broadcast')
  t.not(resigned.tx_hash, sent.tx_hash, 'signed again after expiry')
  t.deepEqual(resigned.replaced_tx_hashes, [sent.tx_hash])
  t.truthy(server.pending.get(resigned.tx_hash))

  server.mine(2)
  await pass()
  const done = await statusOf(id)
  t.is(done.status, 'confirmed')
  t.is(done.tx_hash, resigned.tx_hash)
  t.is(server.trc20Balance(USDT, RECEIVER), 600_000_000n, 'paid once')
  t.is(server.infos.has(sent.tx_hash), false)
  // Only the mined transaction burned energy and only its fee is booked: TRX on chain is the ledger's
  // plus exactly the 100 TRX the operator sent; USDT the user's 900 plus the operator's 1000.
  const {assets} = await node.admin.call('BlockchainService', 'Reconcile', {blockchain: 'tron'})
  t.like(
    assets.find((entry: Reconciliation) => entry.asset === 'TRX'),
    {deficit: '0', surplus: '100', error: ''},
  )
  t.like(
    assets.find((entry: Reconciliation) => entry.asset === 'USDT'),
    {deficit: '0', surplus: '1000', error: ''},
  )
})
