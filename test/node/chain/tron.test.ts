/**
 * The TRON adapter against test/helpers/tron-server.ts, a stand-in for java-tron's HTTP API that
 * encodes genuine protobufs and verifies every signature (no java-tron node can run here). Deposits
 * are made the way a user's wallet would: built by the node, signed by TronWeb (an independent
 * implementation), broadcast. Keys derive from a fixed mnemonic, BIP44 coin 195. The last scenario
 * feeds a real EVM node's (anvil's) ERC-20 Transfer log to the TRC-20 decoder.
 */
import anyTest, {type TestFn} from 'ava'
import {HDNodeWallet, JsonRpcProvider, Mnemonic, Wallet, getBytes} from 'ethers'
import {TronWeb, utils} from 'tronweb'
import {tronAddressFromPrivateKey, tronFromEvm, tronToHex} from '../../../src/node/chain/tron/address.js'
import {TronAdapter} from '../../../src/node/chain/tron/adapter.js'
import {decodeTrc20TransferLog} from '../../../src/node/chain/tron/trc20.js'
import {ExchangeError} from '../../../src/node/ground/errors.js'
import {deployToken, send} from '../../fixtures/erc20/token.js'
import {startAnvil} from '../../helpers/anvil.js'
import {
  TRC20_ENERGY,
  TRON_BANDWIDTH_PRICE,
  TRON_ENERGY_PRICE,
  startTronServer,
  type TronTestServer,
} from '../../helpers/tron-server.js'
import {post, walletSends} from '../../helpers/tron-wallet.js'

const test = anyTest as TestFn<{server: TronTestServer; adapter: TronAdapter}>

const MNEMONIC = Mnemonic.fromPhrase(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
)
const key = (path: string) => {
  const node = HDNodeWallet.fromMnemonic(MNEMONIC, path)
  return {privateKey: node.privateKey.slice(2), address: tronAddressFromPrivateKey(getBytes(node.privateKey))}
}
const deposit = key("m/44'/195'/0'/0/3")
const hot = key("m/44'/195'/1'/0/0")
const user = key("m/44'/195'/9'/0/0")
const external = key("m/44'/195'/2'/0/0").address
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
const watching = (address: string) => (candidate: string) => candidate === address

test.before(async (t) => {
  const server = await startTronServer()
  server.fund(user.address, 1_000_000_000n)
  server.fund(hot.address, 200_000_000n)
  server.deployTrc20(USDT, user.address, 1_000_000_000n)
  server.mine()
  t.context = {server, adapter: new TronAdapter({url: server.url, apiKey: 'test-key'})}
})

test.after.always(async (t) => {
  await t.context.server?.close()
})

/** A user's wallet: the node builds, TronWeb signs, the node broadcasts. Returns the txID. */
const userSends = (server: TronTestServer, to: string, amount: bigint, contract: string | null): Promise<string> =>
  walletSends(server, user, to, amount, contract)

test.serial('keys: BIP44 coin-195 derivation gives the address TronWeb gives', (t) => {
  for (const k of [deposit, hot, user]) t.is(TronWeb.address.fromPrivateKey(k.privateKey), k.address)
})

test.serial('TRX deposit: scanBlock finds the TransferContract with its txID, index 0 and amount in sun', async (t) => {
  const {server, adapter} = t.context
  const txID = await userSends(server, deposit.address, 12_500_000n, null)
  server.mine()
  const height = server.head.number
  t.is(await adapter.tipHeight(), height)
  const block = await adapter.scanBlock(height, watching(deposit.address), [USDT])
  t.deepEqual(block, {
    height,
    hash: server.head.blockID,
    parentHash: server.blocks[height - 1]!.blockID,
    transfers: [{txHash: txID, index: 0, to: deposit.address, from: user.address, contract: null, amount: 12_500_000n}],
  })
  t.deepEqual(await adapter.blockRef(height), {height, hash: server.head.blockID, parentHash: server.blocks[height - 1]!.blockID})
  t.is(await adapter.blockRef(height + 1), null)
  t.is(await adapter.balance(deposit.address, null), 12_500_000n)
})

test.serial('TRC-20 deposit: the Transfer log is decoded into T-addresses, token units and its log index', async (t) => {
  const {server, adapter} = t.context
  await userSends(server, external, 5n, USDT) // log 0 of the block, to someone else
  const txID = await userSends(server, deposit.address, 42_000_000n, USDT) // log 1
  server.mine()
  const block = await adapter.scanBlock(server.head.number, watching(deposit.address), [USDT])
  t.deepEqual(block.transfers, [
    {txHash: txID, index: 1, to: deposit.address, from: user.address, contract: USDT, amount: 42_000_000n},
  ])
  t.deepEqual((await adapter.scanBlock(server.head.number, watching(deposit.address), [])).transfers, [], 'unlisted token')
  t.is(await adapter.balance(deposit.address, USDT), 42_000_000n)
})

test.serial('confirmations: pending, then mined with tip − height + 1', async (t) => {
  const {server, adapter} = t.context
  const txID = await userSends(server, deposit.address, 1n, null)
  t.deepEqual(await adapter.txStatus(txID), {state: 'pending', confirmations: 0})
  server.mine()
  const height = server.head.number
  t.deepEqual(await adapter.txStatus(txID), {state: 'mined', height, confirmations: 1, fee: 0n})
  server.mine(18)
  t.deepEqual(await adapter.txStatus(txID), {state: 'mined', height, confirmations: 19, fee: 0n})
  t.deepEqual(await adapter.txStatus('ab'.repeat(32)), {state: 'unknown', confirmations: 0})
})

test.serial('TRX withdrawal: built by the node, checked, signed here, accepted, balances exact', async (t) => {
  const {server, adapter} = t.context
  const hotBefore = server.trxBalance(hot.address)
  const signed = await adapter.sign({
    privateKey: getBytes('0x' + hot.privateKey),
    from: hot.address,
    to: external,
    amount: 7_250_000n,
    contract: null,
  })
  t.regex(signed.txHash, /^[0-9a-f]{64}$/)
  await adapter.broadcast(signed.raw)
  t.is((await adapter.txStatus(signed.txHash)).state, 'pending')
  await adapter.broadcast(signed.raw) // DUP_TRANSACTION_ERROR: the same bytes, harmless
  server.mine()
  t.is((await adapter.txStatus(signed.txHash)).state, 'mined')
  t.is(server.trxBalance(external), 7_250_000n)
  t.is(server.trxBalance(hot.address), hotBefore - 7_250_000n)
  await adapter.broadcast(signed.raw)
  server.mine()
  t.is(server.trxBalance(external), 7_250_000n, 're-broadcast moved nothing twice')
})

test.serial('TRC-20 withdrawal: transfer() call accepted; tokens move, energy burns exactly the fee', async (t) => {
  const {server, adapter} = t.context
  await userSends(server, hot.address, 30_000_000n, USDT)
  server.mine()
  const trxBefore = await adapter.balance(hot.address, null)
  const signed = await adapter.sign({
    privateKey: getBytes('0x' + hot.privateKey),
    from: hot.address,
    to: external,
    amount: 9_999_999n,
    contract: USDT,
  })
  await adapter.broadcast(signed.raw)
  server.mine()
  t.deepEqual(await adapter.txStatus(signed.txHash), {
    state: 'mined',
    height: server.head.number,
    confirmations: 1,
    fee: BigInt(TRC20_ENERGY * TRON_ENERGY_PRICE),
  })
  t.is(await adapter.balance(hot.address, USDT), 30_000_000n - 9_999_999n)
  t.is(await adapter.balance(external, USDT), 5n + 9_999_999n)
  t.is(await adapter.balance(hot.address, null), trxBefore - BigInt(TRC20_ENERGY * TRON_ENERGY_PRICE))
})

test.serial('a TRC-20 transfer that reverts on chain is failed and moves no token', async (t) => {
  const {server, adapter} = t.context
  const signed = await adapter.sign({
    privateKey: getBytes('0x' + hot.privateKey),
    from: hot.address,
    to: external,
    amount: 1n,
    contract: USDT,
  })
  server.setPaused(USDT, true)
  try {
    const before = await adapter.balance(hot.address, USDT)
    await adapter.broadcast(signed.raw)
    server.mine()
    t.deepEqual(await adapter.txStatus(signed.txHash), {
      state: 'failed',
      height: server.head.number,
      confirmations: 0,
      fee: BigInt(TRC20_ENERGY * TRON_ENERGY_PRICE),
    })
    t.is(await adapter.balance(hot.address, USDT), before)
    t.deepEqual((await adapter.scanBlock(server.head.number, watching(external), [USDT])).transfers, [])
  } finally {
    server.setPaused(USDT, false)
  }
})

test.serial('a tampered signature, or one by another key, is refused by the node (SIGERROR)', async (t) => {
  const {server, adapter} = t.context
  const signed = await adapter.sign({
    privateKey: getBytes('0x' + hot.privateKey),
    from: hot.address,
    to: external,
    amount: 1_000n,
    contract: null,
  })
  const tx = JSON.parse(signed.raw)
  const sig: string = tx.signature[0]
  const flipped = sig.slice(0, 10) + (sig[10] === '0' ? '1' : '0') + sig.slice(11)
  const direct = await post(server, '/wallet/broadcasttransaction', {...tx, signature: [flipped]})
  t.is(direct.code, 'SIGERROR')
  t.regex(Buffer.from(direct.message, 'hex').toString('utf8'), /^Validate signature error/)

  const error = await t.throwsAsync(adapter.broadcast(JSON.stringify({...tx, signature: [flipped]})))
  t.is((error as ExchangeError).code, 'failed_precondition')
  const byOther = utils.crypto.signTransaction(user.privateKey, {...tx, signature: undefined})
  t.is((await post(server, '/wallet/broadcasttransaction', byOther)).code, 'SIGERROR')
  t.is((await adapter.txStatus(signed.txHash)).state, 'unknown')
  await adapter.broadcast(signed.raw) // the genuine one still goes through
  t.is((await adapter.txStatus(signed.txHash)).state, 'pending')
  server.mine()
})

test.serial('a node that builds a different transfer than asked is caught before signing', async (t) => {
  const {server, adapter} = t.context
  const attacker = tronToHex(user.address)
  // Enough TRX and tokens that the sign gets as far as checking what the node built.
  server.fund(hot.address, 100_000_000n)
  await walletSends(server, user, hot.address, 10n, USDT)
  server.mine()
  for (const lie of [
    (raw: any) => (raw.contract[0].parameter.value.to_address = attacker),
    (raw: any) => (raw.contract[0].parameter.value.amount = 999_999),
  ]) {
    server.tamper = lie
    const error = await t.throwsAsync(
      adapter.sign({
        privateKey: getBytes('0x' + hot.privateKey),
        from: hot.address,
        to: external,
        amount: 1_000n,
        contract: null,
      }),
    )
    t.is((error as ExchangeError).code, 'internal')
  }
  server.tamper = (raw: any) =>
    (raw.contract[0].parameter.value.data = raw.contract[0].parameter.value.data.replace(
      tronToHex(external).slice(2),
      attacker.slice(2),
    ))
  const error = await t.throwsAsync(
    adapter.sign({privateKey: getBytes('0x' + hot.privateKey), from: hot.address, to: external, amount: 1n, contract: USDT}),
  )
  t.is((error as ExchangeError).code, 'internal')
  const wrongKey = await t.throwsAsync(
    adapter.sign({privateKey: getBytes('0x' + user.privateKey), from: hot.address, to: external, amount: 1n, contract: null}),
  )
  t.is((wrongKey as ExchangeError).code, 'invalid_argument')
})

test.serial('feeEstimate from chain parameters; the API key header is sent', async (t) => {
  const {server, adapter} = t.context
  t.is(await adapter.feeEstimate(null), 270n * BigInt(TRON_BANDWIDTH_PRICE))
  t.is(await adapter.feeEstimate(USDT), 350n * BigInt(TRON_BANDWIDTH_PRICE) + 130_000n * BigInt(TRON_ENERGY_PRICE))
  t.true(server.apiKeys.includes('test-key'))
})

test.serial('TRC-20 decoding of a real EVM node’s Transfer log (same ABI and topics)', async (t) => {
  const anvil = await startAnvil()
  const provider = new JsonRpcProvider(anvil.url, anvil.chainId, {staticNetwork: true, cacheTimeout: -1})
  try {
    const funder = new Wallet('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', provider)
    const token = await deployToken(funder, provider)
    const to = HDNodeWallet.fromMnemonic(MNEMONIC, "m/44'/195'/0'/0/3").address
    await send(provider, token, 'mint', funder.address, 10n ** 20n)
    const receipt = await send(provider, token, 'transfer', to, 123_456_789_012_345_678n)
    const log = receipt.logs[0]!
    // The shape a TRON node gives the same log: no 0x anywhere, the contract as 20 bytes.
    const decoded = decodeTrc20TransferLog({
      address: log.address.slice(2).toLowerCase(),
      topics: log.topics.map((topic) => topic.slice(2)),
      data: log.data.slice(2),
    })
    t.deepEqual(decoded, {
      contract: tronFromEvm(await token.getAddress()),
      from: tronFromEvm(funder.address),
      to: deposit.address,
      amount: 123_456_789_012_345_678n,
    })
    t.is(decoded!.from, TronWeb.address.fromHex('41' + funder.address.slice(2)))
  } finally {
    provider.destroy()
    await anvil.stop()
  }
})
