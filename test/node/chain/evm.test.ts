/**
 * The EVM adapter against a real node: anvil from @foundry-rs/anvil, started per file on a free
 * port. Keys derive from a fixed mnemonic with ethers' HDNodeWallet (BIP44 coin 60); the adapter
 * only ever sees a private key. Serial: the scenarios share one chain and its nonces.
 */
import anyTest, {type TestFn} from 'ava'
import {Contract, HDNodeWallet, JsonRpcProvider, Mnemonic, Transaction, Wallet, getBytes, parseEther} from 'ethers'
import {EvmAdapter} from '../../../src/node/chain/evm/adapter.js'
import {ExchangeError} from '../../../src/node/ground/errors.js'
import {deployToken, mined, send} from '../../fixtures/erc20/token.js'
import {startAnvil, type Anvil} from '../../helpers/anvil.js'

const test = anyTest as TestFn<{
  anvil: Anvil
  adapter: EvmAdapter
  provider: JsonRpcProvider
  funder: Wallet
  token: Contract
  tokenAddress: string
}>

/** anvil's (and Hardhat's) account 0: it holds 10,000 ETH on a fresh chain. */
const ANVIL_KEY_0 = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const MNEMONIC = Mnemonic.fromPhrase(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
)
const derive = (path: string) => HDNodeWallet.fromMnemonic(MNEMONIC, path)
const deposit = derive("m/44'/60'/0'/0/7")
const hot = derive("m/44'/60'/1'/0/0")
const external = derive("m/44'/60'/2'/0/0").address

test.before(async (t) => {
  const anvil = await startAnvil()
  const provider = new JsonRpcProvider(anvil.url, anvil.chainId, {staticNetwork: true, cacheTimeout: -1})
  const funder = new Wallet(ANVIL_KEY_0, provider)
  const token = await deployToken(funder, provider)
  const tokenAddress = await token.getAddress()
  await send(provider, token, 'mint', funder.address, 1_000_000_000_000n)
  t.context = {anvil, adapter: new EvmAdapter({url: anvil.url, chainId: anvil.chainId}), provider, funder, token, tokenAddress}
})

test.after.always(async (t) => {
  t.context.adapter?.close()
  t.context.provider?.destroy()
  await t.context.anvil?.stop()
})

const watching = (address: string) => (candidate: string) => candidate === address

test.serial('native deposit: scanBlock finds the transfer with its hash, index 0 and amount in wei', async (t) => {
  const {adapter, provider, funder, tokenAddress} = t.context
  const tx = await funder.sendTransaction({to: deposit.address, value: parseEther('1.5')})
  const receipt = await mined(provider, tx.hash)
  const block = await adapter.scanBlock(receipt.blockNumber, watching(deposit.address), [tokenAddress])
  t.is(block.hash, receipt.blockHash)
  t.deepEqual(block.transfers, [
    {txHash: tx.hash, index: 0, to: deposit.address, from: funder.address, contract: null, amount: 1_500_000_000_000_000_000n},
  ])
  const unrelated = await adapter.scanBlock(receipt.blockNumber, watching(external), [tokenAddress])
  t.deepEqual(unrelated.transfers, [])
})

test.serial('ERC-20 deposit: scanBlock decodes the Transfer log at its log index, in token units', async (t) => {
  const {adapter, provider, token, tokenAddress, funder} = t.context
  const receipt = await send(provider, token, 'transfer', deposit.address, 250_000_000n)
  const block = await adapter.scanBlock(receipt.blockNumber, watching(deposit.address), [tokenAddress])
  t.deepEqual(block.transfers, [
    {
      txHash: receipt.hash,
      index: receipt.logs[0]!.index,
      to: deposit.address,
      from: funder.address,
      contract: tokenAddress,
      amount: 250_000_000n,
    },
  ])
  t.is(await adapter.balance(deposit.address, tokenAddress), 250_000_000n)
  t.deepEqual(
    (await adapter.scanBlock(receipt.blockNumber, watching(deposit.address), [])).transfers,
    [],
    'unlisted token ignored',
  )
})

test.serial('a value transfer that reverted is not a deposit (the receipt is checked)', async (t) => {
  const {adapter, provider, funder, tokenAddress} = t.context
  // The token has no receive(): value sent to it reverts, yet the transaction is in the block.
  const tx = await funder.sendTransaction({to: tokenAddress, value: 1_000n, gasLimit: 100_000n})
  const receipt = await mined(provider, tx.hash)
  t.is(receipt.status, 0)
  t.deepEqual((await adapter.scanBlock(receipt.blockNumber, watching(tokenAddress), [])).transfers, [])
})

test.serial('confirmations grow as blocks are mined on top', async (t) => {
  const {adapter, provider, funder} = t.context
  const tx = await funder.sendTransaction({to: deposit.address, value: 1n})
  const receipt = await mined(provider, tx.hash)
  t.deepEqual(await adapter.txStatus(tx.hash), {state: 'mined', height: receipt.blockNumber, confirmations: 1, fee: receipt.fee})
  await t.context.anvil.rpc('anvil_mine', ['0x5'])
  t.deepEqual(await adapter.txStatus(tx.hash), {state: 'mined', height: receipt.blockNumber, confirmations: 6, fee: receipt.fee})
  t.is(await adapter.tipHeight(), receipt.blockNumber + 5)
  t.deepEqual(await adapter.txStatus('0x' + '11'.repeat(32)), {state: 'unknown', confirmations: 0})
})

test.serial('reorganisation: the deposit leaves the chain and the block at its height changes', async (t) => {
  const {adapter, provider, funder, anvil, tokenAddress} = t.context
  const tx = await funder.sendTransaction({to: deposit.address, value: parseEther('2')})
  const receipt = await mined(provider, tx.hash)
  const before = await adapter.blockRef(receipt.blockNumber)
  t.is(before?.hash, receipt.blockHash)
  t.is((await adapter.scanBlock(receipt.blockNumber, watching(deposit.address), [tokenAddress])).transfers.length, 1)

  await anvil.rpc('anvil_reorg', [1, []])

  const after = await adapter.blockRef(receipt.blockNumber)
  t.truthy(after)
  t.not(after!.hash, before!.hash)
  t.is(after!.parentHash, before!.parentHash)
  const rescanned = await adapter.scanBlock(receipt.blockNumber, watching(deposit.address), [tokenAddress])
  t.deepEqual(rescanned.transfers, [])
  t.is((await adapter.txStatus(tx.hash)).state, 'unknown')
})

test.serial('native withdrawal: signed with the caller nonce, broadcast, mined, exact balances', async (t) => {
  const {adapter, provider, funder} = t.context
  await mined(provider, (await funder.sendTransaction({to: hot.address, value: parseEther('10')})).hash)
  const transfer = {
    privateKey: getBytes(hot.privateKey),
    from: hot.address,
    to: external,
    amount: parseEther('1.25'),
    contract: null,
  }

  const refused = await t.throwsAsync(adapter.sign(transfer))
  t.is((refused as ExchangeError).code, 'invalid_argument', 'no nonce, no signature')

  const hotBefore = await provider.getBalance(hot.address)
  const externalBefore = await provider.getBalance(external)
  const signed = await adapter.sign({...transfer, nonce: 0})
  await adapter.broadcast(signed.raw)
  const receipt = await mined(provider, signed.txHash)
  t.is(receipt.status, 1)
  t.is(receipt.gasUsed, 21_000n)
  t.is(await provider.getBalance(external), externalBefore + parseEther('1.25'))
  t.is(await provider.getBalance(hot.address), hotBefore - parseEther('1.25') - receipt.gasUsed * receipt.gasPrice)
  t.is(await adapter.balance(external, null), externalBefore + parseEther('1.25'))

  // The same bytes again, after mining: harmless, nothing moves twice.
  await adapter.broadcast(signed.raw)
  t.is(await provider.getBalance(external), externalBefore + parseEther('1.25'))
  t.is(await provider.getTransactionCount(hot.address), 1)
})

test.serial('token withdrawal: transfer(to, amount) call data, gas from estimateGas, exact balances', async (t) => {
  const {adapter, provider, token, tokenAddress} = t.context
  await send(provider, token, 'transfer', hot.address, 5_000_000n)
  const ethBefore = await provider.getBalance(hot.address)
  const signed = await adapter.sign({
    privateKey: getBytes(hot.privateKey),
    from: hot.address,
    to: external,
    amount: 1_234_567n,
    contract: tokenAddress,
    nonce: 1,
  })
  await adapter.broadcast(signed.raw)
  const receipt = await mined(provider, signed.txHash)
  t.is(receipt.status, 1)
  t.is(await adapter.balance(external, tokenAddress), 1_234_567n)
  t.is(await adapter.balance(hot.address, tokenAddress), 5_000_000n - 1_234_567n)
  t.is(await provider.getBalance(hot.address), ethBefore - receipt.gasUsed * receipt.gasPrice)
  t.deepEqual(await adapter.txStatus(signed.txHash), {
    state: 'mined',
    height: receipt.blockNumber,
    confirmations: 1,
    fee: receipt.fee,
  })
})

test.serial('re-broadcast while pending is harmless: the node already knows the hash', async (t) => {
  const {adapter, provider, anvil} = t.context
  await anvil.rpc('evm_setAutomine', [false])
  try {
    const signed = await adapter.sign({
      privateKey: getBytes(hot.privateKey),
      from: hot.address,
      to: external,
      amount: 7n,
      contract: null,
      nonce: 2,
    })
    await adapter.broadcast(signed.raw)
    await adapter.broadcast(signed.raw)
    t.deepEqual(await adapter.txStatus(signed.txHash), {state: 'pending', confirmations: 0})
    await anvil.rpc('anvil_mine', ['0x1'])
    t.is((await adapter.txStatus(signed.txHash)).state, 'mined')
    t.is(await provider.getTransactionCount(hot.address), 3)
  } finally {
    await anvil.rpc('evm_setAutomine', [true])
  }
})

test.serial('a token transfer that reverts on chain is reported failed; balances do not move', async (t) => {
  const {adapter, provider, token, tokenAddress} = t.context
  const hotTokens = await adapter.balance(hot.address, tokenAddress)
  // Signed while transfers work (estimateGas passes), mined after the token is paused.
  const signed = await adapter.sign({
    privateKey: getBytes(hot.privateKey),
    from: hot.address,
    to: external,
    amount: 1n,
    contract: tokenAddress,
    nonce: 3,
  })
  await send(provider, token, 'setPaused', true)
  try {
    await adapter.broadcast(signed.raw)
    const receipt = await mined(provider, signed.txHash)
    t.is(receipt.status, 0)
    t.deepEqual(await adapter.txStatus(signed.txHash), {
      state: 'failed',
      height: receipt.blockNumber,
      confirmations: 0,
      fee: receipt.fee,
    })
    t.is(await adapter.balance(hot.address, tokenAddress), hotTokens)
    t.deepEqual((await adapter.scanBlock(receipt.blockNumber, watching(external), [tokenAddress])).transfers, [])
  } finally {
    await send(provider, token, 'setPaused', false)
  }
})

test.serial('a transaction the node refuses is failed_precondition, not success', async (t) => {
  const {adapter} = t.context
  const broke = derive("m/44'/60'/3'/0/0")
  const short = await t.throwsAsync(
    adapter.sign({
      privateKey: getBytes(broke.privateKey),
      from: broke.address,
      to: external,
      amount: 1n,
      contract: null,
      nonce: 0,
    }),
  )
  t.is((short as ExchangeError).code, 'insufficient_funds', 'the adapter does not sign what the address cannot pay')
  const fees = await t.context.provider.getFeeData()
  const raw = await new Wallet(broke.privateKey).signTransaction({
    to: external,
    value: 1n,
    nonce: 0,
    gasLimit: 21_000n,
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    chainId: 31_337n,
    type: 2,
  })
  const error = await t.throwsAsync(adapter.broadcast(raw))
  t.is((error as ExchangeError).code, 'failed_precondition')
})

test.serial('feeEstimate is gas × the node price; a key that is not `from` is refused', async (t) => {
  const {adapter, provider, tokenAddress} = t.context
  const fee = await provider.getFeeData()
  t.is(await adapter.feeEstimate(null), 21_000n * fee.maxFeePerGas!)
  t.is(await adapter.feeEstimate(tokenAddress), 65_000n * fee.maxFeePerGas!)
  const error = await t.throwsAsync(
    adapter.sign({privateKey: getBytes(hot.privateKey), from: external, to: external, amount: 1n, contract: null, nonce: 9}),
  )
  t.is((error as ExchangeError).code, 'invalid_argument')
})

test.serial('a node without EIP-1559 (berlin rules) gets a legacy EIP-155 transaction', async (t) => {
  const anvil = await startAnvil({hardfork: 'berlin', chainId: 1337})
  const adapter = new EvmAdapter({url: anvil.url, chainId: anvil.chainId})
  const provider = new JsonRpcProvider(anvil.url, anvil.chainId, {staticNetwork: true, cacheTimeout: -1})
  try {
    const funder = new Wallet(ANVIL_KEY_0, provider)
    await mined(provider, (await funder.sendTransaction({to: hot.address, value: parseEther('1'), type: 0})).hash)
    const signed = await adapter.sign({
      privateKey: getBytes(hot.privateKey),
      from: hot.address,
      to: external,
      amount: 1_000n,
      contract: null,
      nonce: 0,
    })
    const tx = Transaction.from(signed.raw)
    t.is(tx.type, 0)
    t.is(tx.chainId, 1337n)
    await adapter.broadcast(signed.raw)
    t.is((await mined(provider, signed.txHash)).status, 1)
    t.is(await adapter.balance(external, null), 1_000n)
  } finally {
    adapter.close()
    provider.destroy()
    await anvil.stop()
  }
})
