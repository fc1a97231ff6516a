/**
 * Fee bump on a real Bitcoin Core RPC (litecoind regtest), through the whole node
 * (docs/blockchain.md "Withdrawals"): every transaction the exchange sends signals BIP125; a withdrawal the
 * miners will not take (its fee lowered below any block's minimum with `prioritisetransaction`, as
 * a fee market that rose after it was sent) is replaced after the network's `replace_after_blocks`
 * by a transaction spending the same inputs at a higher fee rate, and the replacement confirms: the
 * first is never mined, the recipient gets the amount once, `tx_hash` is the mined one, only its
 * fee is booked and reconcile is at zero deficit and zero surplus. Serial: one chain.
 */
import {startBtcWorld, type BtcWorld} from '../../helpers/btc-node.js'
import {daemonTest} from '../../helpers/system-daemon.js'
import {uniqueEmail} from '../../helpers/node.js'
import {parseTransaction} from '../../../src/node/chain/btc/block.js'

type Context = BtcWorld & {user: {id: string; email: string}}
const test = daemonTest<Context>('litecoind', 'litecoind')

type Entry = {fees: {base: string}; vsize: number; 'bip125-replaceable': boolean}

test.before(async (t) => {
  const world = await startBtcWorld({replaceAfterBlocks: 3})
  const email = uniqueEmail('btc')
  const {id} = await world.node.admin.call('AccountsService', 'CreateAccount', {email, password: 'correct horse battery'})
  const {address} = await world.node.admin.call('BlockchainService', 'GetDepositAddress', {
    account_id: id,
    blockchain: 'btc',
    asset: 'BTC',
  })
  t.context = {...world, user: {id, email}}
  await world.chain.call('sendtoaddress', address, '1.5')
  await mine(t, 2)
  // Credited, then swept into the hot wallet.
  await pass(t)
  await pass(t)
  const mempool = (await world.chain.call('getrawmempool')) as string[]
  t.is(mempool.length, 1, 'the sweep')
  t.true((await entry(t, mempool[0]!))['bip125-replaceable'], 'the sweep signals BIP125')
  for (let i = 0; i < 3; i++) {
    await mine(t, 2)
    await pass(t)
  }
})

test.after.always(async (t) => {
  await t.context.node?.close()
  await t.context.chain?.stop()
})

test.afterEach.always(async (t) => {
  t.true((await t.context.node.admin.call('LedgerService', 'VerifyLedger', {})).ok)
})

const mine = (t: {context: BtcWorld}, blocks = 1) => t.context.chain.call('generatetoaddress', blocks, t.context.funder)
const pass = (t: {context: BtcWorld}) => t.context.node.services.blockchains.runOnce()
const entry = async (t: {context: BtcWorld}, txid: string) => (await t.context.chain.call('getmempoolentry', txid)) as Entry
const statusOf = async (t: {context: BtcWorld}, id: string) =>
  (await t.context.node.admin.call('BlockchainService', 'GetWithdrawRequestStatus', {withdraw_request_id: id})).withdrawal!

const satoshi = (btc: string) => BigInt(Math.round(Number(btc) * 1e8))

test.serial(
  'every transaction signals BIP125; a withdrawal the miners skip is replaced (same inputs and memo, higher fee rate) and confirms',
  async (t) => {
    const {chain, node, user} = t.context
    const receiver = (await chain.call('getnewaddress', '', 'bech32')) as string
    const {withdraw_request_id: id} = await node.admin.call('BlockchainService', 'WithdrawToBlockchain', {
      account_id: user.id,
      blockchain: 'btc',
      asset: 'BTC',
      amount: '0.4',
      to_address: receiver,
      memo: 'bump me',
    })
    await pass(t)
    const sent = await statusOf(t, id)
    t.is(sent.status, 'broadcast')
    const first = await entry(t, sent.tx_hash)
    const firstTx = parseTransaction((await chain.call('getrawtransaction', sent.tx_hash)) as string)
    t.true(first['bip125-replaceable'], 'the withdrawal signals BIP125')
    // The fee market rises past it: no miner takes it any more.
    await chain.call('prioritisetransaction', sent.tx_hash, 0, -100_000_000)
    await mine(t, 2)
    await pass(t)
    t.is((await statusOf(t, id)).tx_hash, sent.tx_hash, 'not replaced before replace_after_blocks')
    await mine(t, 1)
    await pass(t)
    const bumped = await statusOf(t, id)
    t.is(bumped.status, 'broadcast')
    t.not(bumped.tx_hash, sent.tx_hash, 'replaced after 3 blocks unmined')
    t.deepEqual(bumped.replaced_tx_hashes, [sent.tx_hash])
    const second = await entry(t, bumped.tx_hash)
    t.true(second['bip125-replaceable'])
    const rate = (e: Entry) => Number(satoshi(e.fees.base)) / e.vsize
    t.true(rate(second) > rate(first), `a higher fee rate (${rate(first)} → ${rate(second)} sat/vB)`)
    const error = await chain.call('getmempoolentry', sent.tx_hash).catch((e: Error) => e.message)
    t.regex(String(error), /not in mempool/i, 'the first transaction left the mempool')
    const secondTx = parseTransaction((await chain.call('getrawtransaction', bumped.tx_hash)) as string)
    const outpoints = (tx: typeof firstTx) => tx.inputs.map((input) => `${input.txid}:${input.index}`).sort()
    t.deepEqual(outpoints(secondTx), outpoints(firstTx), 'the replacement spends the same inputs')
    // The memo's OP_RETURN output (OP_RETURN, push 7, "bump me") is in both, 0 satoshi.
    const memoScript = `6a07${Buffer.from('bump me', 'utf8').toString('hex')}`
    const memoOutputs = (tx: typeof firstTx) =>
      tx.outputs.filter((output) => Buffer.from(output.script).toString('hex') === memoScript).map((output) => output.amount)
    t.deepEqual(memoOutputs(firstTx), [0n])
    t.deepEqual(memoOutputs(secondTx), [0n], 'the replacement keeps the memo')

    await mine(t, 2)
    await pass(t)
    const done = await statusOf(t, id)
    t.is(done.status, 'confirmed')
    t.is(done.tx_hash, bumped.tx_hash)
    t.is(Math.round(((await chain.call('getreceivedbyaddress', receiver, 1)) as number) * 1e8), 40_000_000)
    const lost = await chain.call('getrawtransaction', sent.tx_hash).catch((e: Error) => e.message)
    t.regex(String(lost), /No such mempool or blockchain transaction/, 'the first transaction was never mined')
    const {balances} = await node.admin.call('AccountsService', 'GetBalances', {email: user.email})
    t.like(
      balances.find((row: {asset: string; account_type: string}) => row.asset === 'BTC' && row.account_type === 'funding'),
      {available: '1.0995', locked: '0'},
    )
    // The sweep's and the mined replacement's fees are booked, the replaced one's is not.
    const {assets} = await node.admin.call('BlockchainService', 'Reconcile', {blockchain: 'btc'})
    t.like(assets[0], {asset: 'BTC', surplus: '0', deficit: '0', error: ''})
  },
)
