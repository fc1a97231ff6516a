/**
 * Bitcoin deposits and withdrawals through the whole node against a real Bitcoin Core RPC
 * (Debian's litecoind regtest, test/helpers/litecoind.ts; rltc1 addresses): a deposit credited after
 * its confirmations and orphaned by `invalidateblock`, the deposit swept into the hot wallet, and a
 * PSBT-signed withdrawal from it accepted by the node and confirmed. Serial: one chain.
 */
import {startBtcWorld, type BtcWorld} from '../../helpers/btc-node.js'
import {daemonTest} from '../../helpers/system-daemon.js'
import {uniqueEmail} from '../../helpers/node.js'

type Context = BtcWorld
const test = daemonTest<Context>('litecoind', 'litecoind')

test.before(async (t) => {
  t.context = await startBtcWorld()
})

test.after.always(async (t) => {
  await t.context.node?.close()
  await t.context.chain?.stop()
})

test.afterEach.always(async (t) => {
  t.true((await t.context.node.admin.call('LedgerService', 'VerifyLedger', {})).ok)
})

const mine = (t: {context: Context}, blocks = 1) => t.context.chain.call('generatetoaddress', blocks, t.context.funder)
const pass = (t: {context: Context}) => t.context.node.services.blockchains.runOnce()

async function user(t: {context: Context}): Promise<{id: string; email: string; address: string}> {
  const email = uniqueEmail('btc')
  const {id} = await t.context.node.admin.call('AccountsService', 'CreateAccount', {email, password: 'correct horse battery'})
  const {address} = await t.context.node.admin.call('BlockchainService', 'GetDepositAddress', {
    account_id: id,
    blockchain: 'btc',
    asset: 'BTC',
  })
  return {id, email, address}
}

async function btcFunding(t: {context: Context}, email: string): Promise<{available: string; locked: string}> {
  const {balances} = await t.context.node.admin.call('AccountsService', 'GetBalances', {email})
  const row = balances.find((entry) => entry.asset === 'BTC' && entry.account_type === 'funding')
  return {available: row?.available ?? '0', locked: row?.locked ?? '0'}
}

const topUpsOf = async (t: {context: Context}, accountId: string) =>
  (await t.context.node.admin.call('BlockchainService', 'ListTopUps', {account_id: accountId})).topups

test.serial('a deposit to an rltc1 address: pending, credited after 2 confirmations, exactly once', async (t) => {
  const alice = await user(t)
  t.regex(alice.address, /^rltc1q/)
  await pass(t)
  const txid = (await t.context.chain.call('sendtoaddress', alice.address, '0.75')) as string
  await mine(t)
  await pass(t)
  t.like((await topUpsOf(t, alice.id))[0], {tx_hash: txid, status: 'pending', amount: '0.75'})
  await mine(t)
  await pass(t)
  await pass(t)
  t.is((await topUpsOf(t, alice.id))[0]?.status, 'confirmed')
  t.is((await btcFunding(t, alice.email)).available, '0.75')
})

test.serial('invalidateblock: the deposit is orphaned with its block, found again when re-mined, credited once', async (t) => {
  const bob = await user(t)
  await pass(t)
  await t.context.chain.call('sendtoaddress', bob.address, '0.2')
  const [hash] = (await mine(t)) as string[]
  await pass(t)
  t.is((await topUpsOf(t, bob.id))[0]?.status, 'pending')
  await t.context.chain.call('invalidateblock', hash)
  await pass(t)
  t.is((await topUpsOf(t, bob.id))[0]?.status, 'orphaned', 'its block left the chain')
  // The transaction went back to the mempool: the next blocks (to a new address, so they differ
  // from the invalidated one) include it again.
  const miner = (await t.context.chain.call('getnewaddress', '', 'bech32')) as string
  await t.context.chain.call('generatetoaddress', 2, miner)
  await pass(t)
  await pass(t)
  const rows = await topUpsOf(t, bob.id)
  t.is(rows.length, 1)
  t.is(rows[0]?.status, 'confirmed')
  t.is((await btcFunding(t, bob.email)).available, '0.2')
})

test.serial('the deposit is swept to the hot wallet, and a PSBT-signed withdrawal from it is confirmed', async (t) => {
  const alice = await user(t)
  await t.context.chain.call('sendtoaddress', alice.address, '1.5')
  await mine(t, 2)
  for (let i = 0; i < 4; i++) {
    await pass(t)
    await mine(t, 2)
  }
  t.is((await btcFunding(t, alice.email)).available, '1.5')
  const {wallets} = await t.context.node.admin.call('HotWalletsService', 'ListHotWallets', {blockchain: 'btc'})
  t.true(Number(wallets[0]?.balance ?? '0') > 1.49, `hot wallet holds the sweep (${wallets[0]?.balance})`)
  const receiver = (await t.context.chain.call('getnewaddress', '', 'bech32')) as string
  const {withdraw_request_id: id} = await t.context.node.admin.call('BlockchainService', 'WithdrawToBlockchain', {
    account_id: alice.id,
    blockchain: 'btc',
    asset: 'BTC',
    amount: '0.4',
    to_address: receiver,
  })
  t.like(await btcFunding(t, alice.email), {available: '1.0995', locked: '0.4005'})
  await pass(t)
  const sent = await t.context.node.admin.call('BlockchainService', 'GetWithdrawRequestStatus', {withdraw_request_id: id})
  t.is(sent.status, 'broadcast')
  await mine(t, 2)
  await pass(t)
  const done = await t.context.node.admin.call('BlockchainService', 'GetWithdrawRequestStatus', {withdraw_request_id: id})
  t.is(done.status, 'confirmed')
  const received = (await t.context.chain.call('getreceivedbyaddress', receiver, 1)) as number
  t.is(Math.round(received * 1e8), 40_000_000)
  t.like(await btcFunding(t, alice.email), {available: '1.0995', locked: '0'})
  // The sweeps' and the withdrawal's network fees are booked hot_wallet → chain_fees: the chain's
  // addresses hold exactly what the ledger says.
  const {assets} = await t.context.node.admin.call('BlockchainService', 'Reconcile', {blockchain: 'btc'})
  t.like(assets[0], {blockchain: 'btc', asset: 'BTC', surplus: '0', deficit: '0', error: ''})
  const refused = await t.context.node.admin
    .call('BlockchainService', 'WithdrawToBlockchain', {
      account_id: alice.id,
      blockchain: 'btc',
      asset: 'BTC',
      amount: '0.1',
      to_address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    })
    .catch((error: {details: string}) => error.details)
  t.regex(String(refused), /not a valid btc address/, 'a mainnet address is refused on regtest')
})

test.serial('a withdrawal memo goes on chain as an OP_RETURN output of 0 satoshi; more than 80 bytes is refused', async (t) => {
  const carol = await user(t)
  await t.context.chain.call('sendtoaddress', carol.address, '1')
  await mine(t, 2)
  await pass(t) // credited
  await pass(t) // swept
  await mine(t)
  await pass(t)
  const receiver = (await t.context.chain.call('getnewaddress', '', 'bech32')) as string
  const memo = 'invoice 42 · naïve ✓'
  const {withdraw_request_id: id} = await t.context.node.admin.call('BlockchainService', 'WithdrawToBlockchain', {
    account_id: carol.id,
    blockchain: 'btc',
    asset: 'BTC',
    amount: '0.3',
    to_address: receiver,
    memo,
  })
  await pass(t)
  const {tx_hash: txid} = await t.context.node.admin.call('BlockchainService', 'GetWithdrawRequestStatus', {
    withdraw_request_id: id,
  })
  type Vout = {value: unknown; scriptPubKey: {type: string; hex: string}}
  const tx = (await t.context.chain.call('getrawtransaction', txid, true)) as {vout: Vout[]}
  const data = tx.vout.filter((output) => output.scriptPubKey.type === 'nulldata')
  t.is(data.length, 1, 'one OP_RETURN output')
  const bytes = Buffer.from(memo, 'utf8')
  // OP_RETURN, a push of the memo's length, the memo's UTF-8 bytes.
  t.is(data[0]?.scriptPubKey.hex, `6a${bytes.length.toString(16).padStart(2, '0')}${bytes.toString('hex')}`)
  t.is(String(data[0]?.value), '0.00000000')
  await mine(t, 2)
  await pass(t)
  const done = await t.context.node.admin.call('BlockchainService', 'GetWithdrawRequestStatus', {withdraw_request_id: id})
  t.like(done, {status: 'confirmed', tx_hash: txid})
  t.is(done.withdrawal?.memo, memo)
  const {assets} = await t.context.node.admin.call('BlockchainService', 'Reconcile', {blockchain: 'btc'})
  t.like(assets[0], {asset: 'BTC', surplus: '0', deficit: '0', error: ''})

  const long = await t.context.node.admin
    .call('BlockchainService', 'WithdrawToBlockchain', {
      account_id: carol.id,
      blockchain: 'btc',
      asset: 'BTC',
      amount: '0.1',
      to_address: receiver,
      memo: 'é'.repeat(41), // 82 bytes
    })
    .catch((error: {details: string}) => error.details)
  t.regex(String(long), /OP_RETURN output of at most 80 bytes/)
})

test.serial(
  'a credited deposit whose block leaves the chain is reversed; the balance event comes after the commit',
  async (t) => {
    const dave = await user(t)
    await pass(t)
    await t.context.chain.call('sendtoaddress', dave.address, '0.25')
    const [hash] = (await mine(t, 2)) as string[]
    await pass(t)
    t.is((await btcFunding(t, dave.email)).available, '0.25')
    const {db, blockchains} = t.context.node.services
    const events: {reason: string; inTransaction: boolean; available: string}[] = []
    const off = blockchains.onBalance((event) => {
      if (event.accountId !== dave.id) return
      const row = db
        .prepare<[string], {available: string}>(
          `SELECT b.available FROM balances b JOIN balance_accounts a ON a.id = b.balance_account_id
         WHERE a.owner_id = ? AND a.kind = 'funding' AND b.asset = 'BTC'`,
        )
        .get(dave.id)
      events.push({reason: event.reason, inTransaction: db.inTransaction, available: row?.available ?? '?'})
    })
    await t.context.chain.call('invalidateblock', hash)
    await pass(t)
    off()
    t.deepEqual(events, [{reason: 'deposit_reversed', inTransaction: false, available: '0'}])
    t.is((await btcFunding(t, dave.email)).available, '0')
    await t.context.chain.call('reconsiderblock', hash)
    await pass(t)
    await pass(t)
    t.is((await btcFunding(t, dave.email)).available, '0.25', 'credited again once its block is back')
    await mine(t, 2)
    await pass(t)
    await pass(t)
    const {assets} = await t.context.node.admin.call('BlockchainService', 'Reconcile', {blockchain: 'btc'})
    t.like(assets[0], {asset: 'BTC', deficit: '0', error: ''})
  },
)
