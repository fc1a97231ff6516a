/**
 * TRX and TRC-20 deposits and a TRC-20 withdrawal through the whole node against
 * test/helpers/tron-server.ts — a stand-in for java-tron's HTTP API that builds genuine protobufs and
 * verifies every signature it is sent. No java-tron node runs here (it ships only as a Docker
 * image), so TRON was not run against a live node; see docs/blockchain.md.
 */
import anyTest, {type TestFn} from 'ava'
import type {TestNode} from '../../helpers/node.js'
import type {TronTestServer} from '../../helpers/tron-server.js'
import {OUTSIDE as outside, RECEIVER, USDT_CONTRACT as USDT, startTronNode, tronUser} from '../../helpers/tron-node.js'
import {post, walletSends} from '../../helpers/tron-wallet.js'
import {collect} from '../../helpers/admin-grpc.js'
import {tronFromHex, tronToHex} from '../../../src/node/chain/tron/address.js'
import {INTERNAL_INDEX_BASE} from '../../../src/node/chain/evm/internal.js'
import {utils} from 'tronweb'

type Context = {server: TronTestServer; node: TestNode; hot: string}
const test = anyTest as TestFn<Context>

test.before(async (t) => {
  t.context = await startTronNode({
    outsideSun: 1_000_000_000n,
    chain: {sweep: false, hotWalletFloors: {TRX: '50'}},
    network: (asset) => ({
      confirmations: 2,
      min_deposit: '0',
      withdraw_fee: asset === 'USDT' ? '1' : '0',
      min_withdraw: '0',
      large_withdrawal: '0',
    }),
  })
})

test.after.always(async (t) => {
  await t.context.node?.close()
  await t.context.server?.close()
})

test.afterEach.always(async (t) => {
  t.true((await t.context.node.admin.call('LedgerService', 'VerifyLedger', {})).ok)
})

const pass = (t: {context: Context}) => t.context.node.services.blockchains.runOnce()

async function funding(t: {context: Context}, email: string, asset: string): Promise<string> {
  const {balances} = await t.context.node.admin.call('AccountsService', 'GetBalances', {email})
  return balances.find((entry) => entry.asset === asset && entry.account_type === 'funding')?.available ?? '0'
}

test.serial('TRX and USDT (TRC-20) deposits to a T-address are credited after their confirmations', async (t) => {
  const {server, node} = t.context
  const {id, email, address} = await tronUser(node, 'tron', 'USDT')
  t.regex(address, /^T[1-9A-HJ-NP-Za-km-z]{33}$/)
  await pass(t)
  await walletSends(server, outside, address, 25_000_000n, null)
  await walletSends(server, outside, address, 1_500_000_000n, USDT)
  server.mine()
  await pass(t)
  t.deepEqual(
    (await node.admin.call('BlockchainService', 'ListTopUps', {account_id: id})).topups.map((topUp) => [
      topUp.asset,
      topUp.status,
    ]),
    [
      ['USDT', 'pending'],
      ['TRX', 'pending'],
    ],
  )
  server.mine()
  await pass(t)
  t.is(await funding(t, email, 'TRX'), '25')
  t.is(await funding(t, email, 'USDT'), '1500')

  // The hot wallet (funded for energy by the operator, and with USDT) pays a withdrawal out.
  server.fund(t.context.hot, 100_000_000n)
  await walletSends(server, outside, t.context.hot, 1_000_000_000n, USDT)
  server.mine()
  const {withdraw_request_id: withdrawal} = await node.admin.call('BlockchainService', 'WithdrawToBlockchain', {
    account_id: id,
    blockchain: 'tron',
    asset: 'USDT',
    amount: '600',
    to_address: RECEIVER,
  })
  await pass(t)
  t.is(
    (await node.admin.call('BlockchainService', 'GetWithdrawRequestStatus', {withdraw_request_id: withdrawal})).status,
    'broadcast',
  )
  server.mine(2)
  await pass(t)
  t.is(
    (await node.admin.call('BlockchainService', 'GetWithdrawRequestStatus', {withdraw_request_id: withdrawal})).status,
    'confirmed',
  )
  t.is(server.trc20Balance(USDT, RECEIVER), 600_000_000n)
  t.is(await funding(t, email, 'USDT'), '899', '1500 − 600 − the 1 USDT fee')
})

test.serial(
  'a TRX withdrawal with a memo carries it in raw_data.data, signed over it; a USDT one with a memo is refused',
  async (t) => {
    const {server, node} = t.context
    const {id, email, address} = await tronUser(node, 'tron-memo', 'TRX')
    await walletSends(server, outside, address, 20_000_000n, null)
    server.mine(2)
    await pass(t)
    t.is(await funding(t, email, 'TRX'), '20')
    const memo = 'exchange-ref: 1234 ✓'
    const before = server.trx.get(tronToHex(RECEIVER)) ?? 0n
    const {withdraw_request_id: withdrawal} = await node.admin.call('BlockchainService', 'WithdrawToBlockchain', {
      account_id: id,
      blockchain: 'tron',
      asset: 'TRX',
      amount: '5',
      to_address: RECEIVER,
      memo,
    })
    await pass(t)
    const sent = await node.admin.call('BlockchainService', 'GetWithdrawRequestStatus', {withdraw_request_id: withdrawal})
    t.is(sent.status, 'broadcast')
    // The test server re-encodes raw_data (data included) to the txID and checks the signature over it.
    const tx = server.pending.get(sent.tx_hash)
    t.is(tx?.raw_data?.data, Buffer.from(memo, 'utf8').toString('hex'))
    server.mine(2)
    await pass(t)
    const done = await node.admin.call('BlockchainService', 'GetWithdrawRequestStatus', {withdraw_request_id: withdrawal})
    t.is(done.status, 'confirmed')
    t.is((server.trx.get(tronToHex(RECEIVER)) ?? 0n) - before, 5_000_000n)
    const refused = await node.admin
      .call('BlockchainService', 'WithdrawToBlockchain', {
        account_id: id,
        blockchain: 'tron',
        asset: 'USDT',
        amount: '1',
        to_address: RECEIVER,
        memo,
      })
      .catch((error: {details: string}) => error.details)
    t.regex(String(refused), /no place for a memo/)
    const {assets} = await node.admin.call('BlockchainService', 'Reconcile', {blockchain: 'tron'})
    t.like(
      assets.find((entry: {asset: string}) => entry.asset === 'TRX'),
      {deficit: '0', error: ''},
    )
  },
)

test.serial(
  'TRX a contract forwards to a deposit address (an internal transaction) is credited once, as from the contract; a rejected one is not',
  async (t) => {
    const {server, node} = t.context
    const forwarder = tronFromHex('41' + '00'.repeat(19) + 'f1')
    server.deployForwarder(forwarder)
    const {id, email, address} = await tronUser(node, 'tron-internal', 'TRX')
    const call = async (selector: string, sun: bigint) => {
      const {transaction} = await post(server, '/wallet/triggersmartcontract', {
        owner_address: tronToHex(outside.address),
        contract_address: tronToHex(forwarder),
        function_selector: selector,
        parameter: '0'.repeat(24) + tronToHex(address).slice(2),
        fee_limit: 100_000_000,
        call_value: Number(sun),
      })
      const answer = await post(
        server,
        '/wallet/broadcasttransaction',
        utils.crypto.signTransaction(outside.privateKey, transaction),
      )
      t.true(answer.result, JSON.stringify(answer))
      return transaction.txID as string
    }
    const forwarded = await call('forward(address)', 12_000_000n)
    await call('forwardAndRevert(address)', 7_000_000n)
    server.mine(2)
    await pass(t)
    t.is(server.trx.get(tronToHex(address)), 12_000_000n, 'the rejected call moved nothing')
    const {topups} = await node.admin.call('BlockchainService', 'ListTopUps', {account_id: id})
    t.deepEqual(
      topups.map(
        (row: {asset: string; amount: string; status: string; from_address: string; tx_index: number; tx_hash: string}) => [
          row.asset,
          row.amount,
          row.status,
          row.from_address,
          row.tx_index,
          row.tx_hash,
        ],
      ),
      [['TRX', '12', 'confirmed', forwarder, INTERNAL_INDEX_BASE + 1, forwarded]],
    )
    t.is(await funding(t, email, 'TRX'), '12')
    server.mine(2)
    await pass(t)
    t.is(await funding(t, email, 'TRX'), '12', 'credited once')
  },
)

test.serial('a hot-wallet balance under its floor raises hot_wallet_low once, until it is back above', async (t) => {
  const {server, node, hot} = t.context
  const lowAlerts = async () =>
    (await collect(node.admin.stream('AlertsService', 'List', {}))).filter((alert) => alert.type === 'hot_wallet_low')
  const before = (await lowAlerts()).length
  // The operator drained the hot wallet below its 50 TRX floor.
  server.trx.set(tronToHex(hot), 10_000_000n)
  await pass(t)
  await pass(t)
  const alerts = await lowAlerts()
  t.is(alerts.length, before + 1)
  t.like(JSON.parse(alerts.at(-1)?.payload ?? '{}'), {blockchain: 'tron', asset: 'TRX', address: hot})
})
