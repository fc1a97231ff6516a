/**
 * Which chains the node talks to (docs/blockchain.md "Connecting chains"): an adapter per chain given a URL by
 * flag or environment. A chain without a URL still issues addresses; its withdrawals are refused
 * with `chain_unavailable` and its hot-wallet balance with UNAVAILABLE.
 */
import type {ChainConfig} from '../ground/config.js'
import {ExchangeError} from '../ground/errors.js'
import type {Blockchain, ChainAdapter} from './adapter.js'
import {BITCOIN_NETWORKS, type BitcoinNetworkParams} from './btc/address.js'

export type {ChainConfig}

export function bitcoinParams(config: ChainConfig): BitcoinNetworkParams {
  return config.btcParams ?? BITCOIN_NETWORKS[config.network]
}

/**
 * The adapters of the chains that have a URL. Each adapter's module is loaded only when its chain is
 * connected (TronWeb alone takes over a second to load), so a node without chains starts as fast as before.
 */
export async function connect(config: ChainConfig): Promise<Map<Blockchain, ChainAdapter>> {
  const adapters = new Map<Blockchain, ChainAdapter>()
  if (config.btcRpcUrl) {
    const {BitcoinAdapter} = await import('./btc/adapter.js')
    adapters.set('btc', new BitcoinAdapter({url: config.btcRpcUrl, params: bitcoinParams(config)}))
  }
  if (config.ethRpcUrl) {
    const {EvmAdapter} = await import('./evm/adapter.js')
    const chainId = config.ethChainId ?? (await evmChainId(config.ethRpcUrl))
    adapters.set('eth', new EvmAdapter({url: config.ethRpcUrl, chainId}))
  }
  if (config.tronApiUrl) {
    const {TronAdapter} = await import('./tron/adapter.js')
    adapters.set('tron', new TronAdapter({url: config.tronApiUrl, apiKey: config.tronApiKey}))
  }
  return adapters
}

/** The EVM node's chain id; a node that cannot be asked stops the start with a line naming the flag. */
async function evmChainId(url: string): Promise<number> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: []}),
      signal: AbortSignal.timeout(10_000),
    })
    const body = (await response.json()) as {result?: string}
    if (typeof body.result !== 'string') throw new Error('no result')
    return Number.parseInt(body.result, 16)
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error)
    throw new ExchangeError(
      'unavailable',
      `--eth-rpc-url: the EVM node did not answer eth_chainId (${cause}); start it, or pass --eth-chain-id to start without asking`,
    )
  }
}
