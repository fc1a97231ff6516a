import {BitcoinAdapter} from '../../../src/node/chain/btc/adapter.js'
import {TYPICAL_WITHDRAWAL_VSIZE} from '../../../src/node/chain/btc/spend.js'
import {LITECOIN_REGTEST, p2wpkhAddress} from '../../../src/node/chain/btc/address.js'
import {parseBlock, parseTransaction} from '../../../src/node/chain/btc/block.js'
import {BitcoinRpcError, btcToSatoshi} from '../../../src/node/chain/btc/rpc.js'
import {deriveKey, mnemonicToSeed, type KeyLocation} from '../../../src/node/chain/keys/index.js'
import {ExchangeError} from '../../../src/node/ground/errors.js'
import {startLitecoind, type Litecoind} from '../../helpers/litecoind.js'
import {daemonTest} from '../../helpers/system-daemon.js'

type Context = {node: Litecoind; adapter: BitcoinAdapter; funder: string}
const test = daemonTest<Context>('litecoind', 'litecoind')

const seed = mnemonicToSeed(`${'abandon '.repeat(23)}art`)
const key = (location: KeyLocation) => {
  const derived = deriveKey(seed, 'btc', 'regtest', location)
  return {...derived, address: p2wpkhAddress(derived.publicKey, LITECOIN_REGTEST)}
}

test.before(async (t) => {
  const node = await startLitecoind()
  t.context.node = node
  await node.call('createwallet', 'funder')
  const funder = (await node.call('getnewaddress', '', 'bech32')) as string
  await node.call('generatetoaddress', 101, funder)
  t.context.funder = funder
  t.context.adapter = new BitcoinAdapter({url: node.url, params: LITECOIN_REGTEST, fallbackFeeRate: 20n})
})

test.after.always(async (t) => {
  await t.context.node?.stop()
})

const mine = async (t: {context: Context}, blocks = 1) => t.context.node.call('generatetoaddress', blocks, t.context.funder)

test.serial('a deposit to a derived rltc1 address is found by scanBlock: txid, vout, satoshi, sender', async (t) => {
  const {node, adapter, funder} = t.context
  const deposit = key({branch: 'deposit', index: 0})
  t.regex(deposit.address, /^rltc1q/)
  const txid = (await node.call('sendtoaddress', deposit.address, '1.23456789')) as string
  await mine(t)
  const height = await adapter.tipHeight()
  const block = await adapter.scanBlock(height, (address) => address === deposit.address, [])
  t.is(block.height, height)
  t.is(block.hash, (await node.call('getblockhash', height)) as string)
  t.is(block.transfers.length, 1)
  const [transfer] = block.transfers
  t.like(transfer, {txHash: txid, to: deposit.address, amount: 123_456_789n, contract: null, from: funder})
  const out = (await node.call('gettxout', txid, transfer!.index)) as {value: unknown; scriptPubKey: {addresses: string[]}}
  t.is(btcToSatoshi(out.value), 123_456_789n)
  t.deepEqual(out.scriptPubKey.addresses, [deposit.address])
  t.is(await adapter.balance(deposit.address, null), 123_456_789n)
  // Nothing watched, nothing found; blocks above the tip do not exist yet.
  t.deepEqual((await adapter.scanBlock(height, () => false, [])).transfers, [])
  t.is(await adapter.blockRef(height + 1), null)
  await t.throwsAsync(
    adapter.scanBlock(height + 1, () => true, []),
    {instanceOf: ExchangeError},
  )
  await t.throwsAsync(
    adapter.scanBlock(height, () => true, ['usdt']),
    {instanceOf: ExchangeError},
  )
})

test.serial('txStatus: pending in the mempool, then confirmations grow with every block', async (t) => {
  const {node, adapter} = t.context
  const deposit = key({branch: 'deposit', index: 1})
  const txid = (await node.call('sendtoaddress', deposit.address, '0.1')) as string
  t.deepEqual(await adapter.txStatus(txid), {state: 'pending', confirmations: 0})
  await mine(t)
  const height = await adapter.tipHeight()
  t.deepEqual(await adapter.txStatus(txid), {state: 'mined', height, confirmations: 1})
  await mine(t, 2)
  t.deepEqual(await adapter.txStatus(txid), {state: 'mined', height, confirmations: 3})
  t.deepEqual(await adapter.txStatus('ab'.repeat(32)), {state: 'unknown', confirmations: 0})
})

test.serial('invalidateblock makes blockRef(height) change (reorg visible); reconsiderblock restores it', async (t) => {
  const {node, adapter} = t.context
  await mine(t, 2)
  const tip = await adapter.tipHeight()
  const original = (await adapter.blockRef(tip - 1))!
  const originalTip = (await adapter.blockRef(tip))!
  t.is(originalTip.parentHash, original.hash)

  await node.call('invalidateblock', original.hash)
  t.is(await adapter.tipHeight(), tip - 2)
  t.is(await adapter.blockRef(tip - 1), null)
  await node.call('generatetoaddress', 1, key({branch: 'deposit', index: 9}).address)
  const replaced = (await adapter.blockRef(tip - 1))!
  t.not(replaced.hash, original.hash)
  t.is(replaced.parentHash, original.parentHash)
  t.is(await adapter.blockRef(tip), null)

  // The original branch is longer: reconsidering it makes it the best chain again.
  await node.call('reconsiderblock', original.hash)
  t.deepEqual(await adapter.blockRef(tip - 1), original)
  t.deepEqual(await adapter.blockRef(tip), originalTip)
})

test.serial(
  'a PSBT-signed withdrawal from a derived key: accepted, mined, receiver and change right to the satoshi',
  async (t) => {
    const {node, adapter} = t.context
    const hot = key({branch: 'hot', index: 0})
    const receiver = key({branch: 'deposit', index: 5})
    await node.call('sendtoaddress', hot.address, '0.5')
    await node.call('sendtoaddress', hot.address, '0.30000001')
    await mine(t)
    t.is(await adapter.balance(hot.address, null), 80_000_001n)

    const amount = 60_000_000n // more than either output: both are spent
    const signed = await adapter.sign({
      privateKey: hot.privateKey,
      from: hot.address,
      to: receiver.address,
      amount,
      contract: null,
    })
    const tx = parseTransaction(signed.raw)
    t.is(tx.txid, signed.txHash)
    t.is(tx.inputs.length, 2)
    const paid = tx.outputs.reduce((sum, output) => sum + output.amount, 0n)
    const fee = 80_000_001n - paid
    await adapter.broadcast(signed.raw)
    await adapter.broadcast(signed.raw) // the same bytes again, still in the mempool: harmless
    const entry = (await node.call('getmempoolentry', signed.txHash)) as {vsize: number; fees: {base: unknown}}
    t.is(btcToSatoshi(entry.fees.base), fee)
    t.true(fee >= BigInt(entry.vsize) * 20n, `fee ${fee} for ${entry.vsize} vB at 20 sat/vB`)
    t.true(fee <= BigInt(entry.vsize + 2) * 20n, 'the estimate is tight')

    await mine(t)
    await adapter.broadcast(signed.raw) // and once mined: already in the chain
    t.like(await adapter.txStatus(signed.txHash), {state: 'mined', confirmations: 1})
    t.is(await adapter.balance(receiver.address, null), amount)
    t.is(await adapter.balance(hot.address, null), 80_000_001n - amount - fee)

    // Once every output is spent Core no longer knows the bytes as "in chain"; broadcast still succeeds.
    for (const from of [receiver, hot]) {
      const all = await adapter.balance(from.address, null)
      const sweep = await adapter.sign({
        privateKey: from.privateKey,
        from: from.address,
        to: t.context.funder,
        amount: all - 10_000n,
        contract: null,
      })
      await adapter.broadcast(sweep.raw)
    }
    await mine(t)
    for (let vout = 0; vout < tx.outputs.length; vout++) t.is(await node.call('gettxout', signed.txHash, vout), null)
    const refused = await t.throwsAsync<BitcoinRpcError>(node.call('sendrawtransaction', signed.raw))
    t.is(refused?.code, -25, 'Core itself now reports missing inputs')
    await adapter.broadcast(signed.raw)
    t.like(await adapter.txStatus(signed.txHash), {state: 'mined', confirmations: 2})
  },
)

test.serial('a second withdrawal signed while the first is in the mempool spends other outputs', async (t) => {
  const {node, adapter} = t.context
  const sender = key({branch: 'deposit', index: 6})
  const receiver = key({branch: 'deposit', index: 7})
  await node.call('sendtoaddress', sender.address, '0.2')
  await node.call('sendtoaddress', sender.address, '0.2')
  await mine(t)
  const withdraw = () =>
    adapter.sign({privateKey: sender.privateKey, from: sender.address, to: receiver.address, amount: 10_000_000n, contract: null})
  const first = await withdraw()
  await adapter.broadcast(first.raw)
  const second = await withdraw()
  const spent = (raw: string) => parseTransaction(raw).inputs.map((input) => `${input.txid}:${input.index}`)
  t.deepEqual(
    spent(first.raw).filter((outpoint) => spent(second.raw).includes(outpoint)),
    [],
  )
  await adapter.broadcast(second.raw)
  await mine(t)
  t.is(await adapter.balance(receiver.address, null), 20_000_000n)
})

test.serial('sign refuses a key that is not the sender, tokens, and more than the sender holds', async (t) => {
  const {adapter} = t.context
  const hot = key({branch: 'hot', index: 0})
  const other = key({branch: 'deposit', index: 0})
  const transfer = {privateKey: hot.privateKey, from: other.address, to: hot.address, amount: 1000n, contract: null}
  await t.throwsAsync(adapter.sign(transfer), {instanceOf: ExchangeError, message: /private key/})
  await t.throwsAsync(adapter.sign({...transfer, from: hot.address, contract: 'usdt'}), {instanceOf: ExchangeError})
  await t.throwsAsync(adapter.sign({...transfer, from: hot.address, to: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'}), {
    instanceOf: ExchangeError,
    message: /to is not a valid address/,
  })
  const broke = await t.throwsAsync(adapter.sign({...transfer, privateKey: other.privateKey, amount: 10n ** 15n}), {
    instanceOf: ExchangeError,
  })
  t.is(broke?.code, 'insufficient_funds')
  await t.throwsAsync(adapter.balance(hot.address, 'usdt'), {instanceOf: ExchangeError})
})

test.serial('feeEstimate is positive: the fallback rate on a quiet regtest chain, for a typical withdrawal', async (t) => {
  const {adapter} = t.context
  const fee = await adapter.feeEstimate(null)
  t.true(fee > 0n)
  t.is(fee, TYPICAL_WITHDRAWAL_VSIZE * (await adapter.feeRate()))
  await t.throwsAsync(adapter.feeEstimate('usdt'), {instanceOf: ExchangeError})
})

test.serial('parseBlock refuses bytes that are not the block asked for, or whose transactions were altered', async (t) => {
  const {node, adapter} = t.context
  const height = await adapter.tipHeight()
  const hash = (await node.call('getblockhash', height)) as string
  const raw = (await node.call('getblock', hash, 0)) as string
  t.is(parseBlock(raw, hash).hash, hash)
  const parent = (await node.call('getblockhash', height - 1)) as string
  t.throws(() => parseBlock(raw, parent), {message: /hashes to/})
  // Flip a byte of the coinbase's spent outpoint (header 80, tx count 1, version 4, segwit marker 2,
  // input count 1): still a well-formed block, but its txid and so the merkle root change.
  const bytes = Buffer.from(raw, 'hex')
  bytes[90] = bytes[90]! ^ 1
  t.throws(() => parseBlock(bytes.toString('hex'), hash), {message: /merkle root/})
})

test.serial(
  'describeNode names the chain and the txindex; wrong credentials are `unavailable`; node errors carry their RPC code',
  async (t) => {
    const {node, adapter} = t.context
    t.like(await adapter.describeNode(), {chain: 'regtest', txindex: 'synced'})
    const wrong = new BitcoinAdapter({url: node.url.replace(/:test\d+@/, ':wrong@'), params: LITECOIN_REGTEST})
    const refused = await t.throwsAsync(wrong.tipHeight(), {instanceOf: ExchangeError})
    t.is(refused?.code, 'unavailable')
    const error = await t.throwsAsync<BitcoinRpcError>(node.call('getblockhash', 1_000_000))
    t.is(error?.code, -8)
    t.true(error instanceof BitcoinRpcError)
  },
)
