/**
 * One loop per chain (docs/blockchain.md "Connecting chains"): with a btc node that stopped
 * answering — it accepts the connection and never replies, as a SIGSTOPped bitcoind or a dead host
 * behind a load balancer does, each call waiting out the RPC's 30 s timeout — an eth deposit is still
 * credited on the node's own timer within a few polls. Before, one serial loop ran every chain in
 * turn, and the eth scanner waited behind the btc calls.
 */
import net from 'node:net'
import test from 'ava'
import {parseEther} from 'ethers'
import {LITECOIN_REGTEST} from '../../../src/node/chain/btc/address.js'
import {startAnvil} from '../../helpers/anvil.js'
import {ANVIL_KEY_0} from '../../helpers/evm-node.js'
import {startTestNode, uniqueEmail} from '../../helpers/node.js'
import {JsonRpcProvider, Wallet} from 'ethers'
import {mined} from '../../fixtures/erc20/token.js'

test('a btc node that stopped answering does not delay an eth deposit', async (t) => {
  const sockets = new Set<net.Socket>()
  const silent = net.createServer((socket) => sockets.add(socket))
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  const btcRpcUrl = `http://user:pass@127.0.0.1:${(silent.address() as net.AddressInfo).port}`
  const anvil = await startAnvil()
  const provider = new JsonRpcProvider(anvil.url, anvil.chainId, {staticNetwork: true, cacheTimeout: -1})
  const node = await startTestNode({
    chain: {
      network: 'regtest',
      btcRpcUrl,
      btcParams: LITECOIN_REGTEST,
      ethRpcUrl: anvil.url,
      ethChainId: anvil.chainId,
      pollMs: 200,
      sweep: false,
    },
  })
  t.teardown(async () => {
    await node.close()
    provider.destroy()
    await anvil.stop()
    for (const socket of sockets) socket.destroy()
    silent.close()
  })
  const {networks} = await node.admin.call<{networks: {id: string; asset: string; network: string}[]}>(
    'InfoService',
    'ListNetworks',
    {asset: 'ETH'},
  )
  await node.admin.call('AssetsService', 'UpdateAssetNetwork', {network_id: networks[0]?.id, confirmations: 1, min_deposit: '0'})
  const email = uniqueEmail('independent')
  const {id} = await node.admin.call<{id: string}>('AccountsService', 'CreateAccount', {email, password: 'correct horse battery'})
  const {address} = await node.admin.call<{address: string}>('BlockchainService', 'GetDepositAddress', {
    account_id: id,
    blockchain: 'eth',
  })
  // Let the eth scanner take its first look (it starts at the tip minus the confirmations).
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  const tx = await new Wallet(ANVIL_KEY_0, provider).sendTransaction({to: address, value: parseEther('1')})
  await mined(provider, tx.hash)
  const sent = Date.now()
  let status = ''
  while (status !== 'confirmed' && Date.now() - sent < 15_000) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    const {topups} = await node.admin.call<{topups: {status: string}[]}>('BlockchainService', 'ListTopUps', {account_id: id})
    status = topups[0]?.status ?? ''
  }
  t.is(status, 'confirmed', `credited within ${Date.now() - sent} ms while the btc node is silent`)
  t.true(sockets.size > 0, 'the btc loop is indeed waiting on the silent node')
})
