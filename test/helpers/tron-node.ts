/**
 * A TRON test chain (test/helpers/tron-server.ts) with a user's own wallet outside the exchange
 * funded and the USDT contract deployed, and a test node on it: mainnet addresses, chain passes run
 * by the test (`runOnce`), and each TRON asset network set as the test asks.
 */
import type {ChainConfig} from '../../src/node/ground/config.js'
import {startTestNode, uniqueEmail, type TestNode} from './node.js'
import {startTronServer, type TronTestServer} from './tron-server.js'
import type {TronKey} from './tron-wallet.js'

/** A user's own TRON wallet outside the exchange (a fixed test key). */
export const OUTSIDE: TronKey = {
  privateKey: '0000000000000000000000000000000000000000000000000000000000000001',
  address: 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC',
}
/** The USDT contract's mainnet address, deployed on the test chain. */
export const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
/** An address outside the exchange that withdrawals pay. */
export const RECEIVER = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'

export type TronNode = {server: TronTestServer; node: TestNode; hot: string}

export async function startTronNode(options: {
  /** TRX (sun) of the outside wallet; it also holds all 10,000 USDT. */
  outsideSun: bigint
  chain: Partial<ChainConfig>
  /** UpdateAssetNetwork's fields for each TRON network, by its asset. */
  network: (asset: string) => Record<string, unknown>
}): Promise<TronNode> {
  const server = await startTronServer()
  server.fund(OUTSIDE.address, options.outsideSun)
  server.deployTrc20(USDT_CONTRACT, OUTSIDE.address, 10_000_000_000n)
  server.mine()
  const node = await startTestNode({chain: {network: 'mainnet', tronApiUrl: server.url, pollMs: 3_600_000, ...options.chain}})
  const {networks} = await node.admin.call('InfoService', 'ListNetworks', {})
  for (const network of networks.filter((entry) => entry.network === 'tron')) {
    await node.admin.call('AssetsService', 'UpdateAssetNetwork', {network_id: network.id, ...options.network(network.asset)})
  }
  const {chains} = await node.admin.call('BlockchainService', 'GetWallet', {})
  return {server, node, hot: chains.find((chain) => chain.blockchain === 'tron')?.hot_wallet_address ?? ''}
}

/** A new account (e-mail from `prefix`) and its TRON deposit address (asked for `asset` when given). */
export async function tronUser(
  node: TestNode,
  prefix: string,
  asset?: string,
): Promise<{id: string; email: string; address: string}> {
  const email = uniqueEmail(prefix)
  const {id} = await node.admin.call('AccountsService', 'CreateAccount', {email, password: 'correct horse battery'})
  const {address} = await node.admin.call('BlockchainService', 'GetDepositAddress', {
    account_id: id,
    blockchain: 'tron',
    ...(asset === undefined ? {} : {asset}),
  })
  return {id, email, address}
}
