/**
 * Start-up checks of the chain nodes (docs/blockchain.md "Connecting chains"): a node serving
 * another network than `--chain-network` stops the start with one line naming the flags, for an EVM
 * node (by chain id) and a TRON node (by genesis block); and a chain first scanned at height 0 (a
 * fresh dev chain) is scanned from its genesis instead of asking for block −1.
 */
import test from 'ava'
import {parseEther} from 'ethers'
import {startAnvil} from '../../helpers/anvil.js'
import {ANVIL_KEY_0, startNode} from '../../helpers/evm-node.js'
import {startTestNode, uniqueEmail} from '../../helpers/node.js'
import {startTronServer} from '../../helpers/tron-server.js'
import {JsonRpcProvider, Wallet} from 'ethers'
import {mined} from '../../fixtures/erc20/token.js'

test('an EVM node of a dev chain (chain id 31337) is refused by a mainnet exchange, with one line', async (t) => {
  const anvil = await startAnvil()
  try {
    const error = await t.throwsAsync(
      startTestNode({chain: {network: 'mainnet', ethRpcUrl: anvil.url, ethChainId: anvil.chainId, pollMs: 3_600_000}}),
    )
    t.is(error?.message, '--eth-rpc-url: the eth node serves regtest (chain id 31337), but --chain-network is mainnet')
    const wrongId = await t.throwsAsync(
      startTestNode({chain: {network: 'regtest', ethRpcUrl: anvil.url, ethChainId: 1, pollMs: 3_600_000}}),
    )
    t.regex(wrongId?.message ?? '', /^--eth-rpc-url: the node serves chain id 31337, but the exchange signs for 1/)
  } finally {
    await anvil.stop()
  }
})

test('a TRON node is told by its genesis: mainnet refused on regtest, a test network refused on mainnet', async (t) => {
  const mainnet = await startTronServer()
  const nile = await startTronServer({genesis: '0000000000000000d698d4192c56cb6be724a558448e2684802de4d6cd8690dc'})
  try {
    const onRegtest = await t.throwsAsync(
      startTestNode({chain: {network: 'regtest', tronApiUrl: mainnet.url, pollMs: 3_600_000}}),
    )
    t.regex(
      onRegtest?.message ?? '',
      /^--tron-api-url: the tron node serves mainnet \(genesis .*\), but --chain-network is regtest$/,
    )
    const onMainnet = await t.throwsAsync(startTestNode({chain: {network: 'mainnet', tronApiUrl: nile.url, pollMs: 3_600_000}}))
    t.regex(onMainnet?.message ?? '', /serves a test network .* but --chain-network is mainnet$/)
    const node = await startTestNode({chain: {network: 'testnet', tronApiUrl: nile.url, pollMs: 3_600_000}})
    await node.close()
    t.pass()
  } finally {
    await mainnet.close()
    await nile.close()
  }
})

test('a chain at height 0 is scanned from its genesis: the first deposit on a fresh dev chain is credited', async (t) => {
  const anvil = await startAnvil()
  const node = await startNode(anvil, {})
  const provider = new JsonRpcProvider(anvil.url, anvil.chainId, {staticNetwork: true, cacheTimeout: -1})
  try {
    t.is(await provider.getBlockNumber(), 0)
    await node.services.blockchains.runOnce()
    const email = uniqueEmail('genesis')
    const {id} = await node.admin.call<{id: string}>('AccountsService', 'CreateAccount', {
      email,
      password: 'correct horse battery',
    })
    const {address} = await node.admin.call<{address: string}>('BlockchainService', 'GetDepositAddress', {
      account_id: id,
      blockchain: 'eth',
    })
    const tx = await new Wallet(ANVIL_KEY_0, provider).sendTransaction({to: address, value: parseEther('1')})
    await mined(provider, tx.hash)
    await anvil.rpc('anvil_mine', ['0x10'])
    await node.services.blockchains.runOnce()
    const {topups} = await node.admin.call<{topups: {status: string; amount: string}[]}>('BlockchainService', 'ListTopUps', {
      account_id: id,
    })
    t.like(topups[0], {status: 'confirmed', amount: '1'})
  } finally {
    await node.close()
    provider.destroy()
    await anvil.stop()
  }
})
