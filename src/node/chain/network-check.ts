/**
 * Start-up checks of the chain nodes (docs/blockchain.md "Connecting chains"): each node must serve
 * the network `--chain-network` names — mainnet coins must never be sent to a regtest address, nor a
 * mainnet hot wallet signed for a test chain. A node that answers with the wrong network stops the
 * start with one line naming the flag; a node that does not answer is checked again before its
 * chain's first pass, which it then refuses to run.
 */
import {ExchangeError} from '../ground/errors.js'
import type {ChainAdapter, ChainNetwork, NodeNetwork} from './adapter.js'

/** Genesis block of TRON's mainnet (java-tron `/wallet/getblockbynum {num: 0}`). */
export const TRON_MAINNET_GENESIS = '00000000000000001ebf88508a03865c71d452e25f4d51194196a1d22b6653dc'

/** EIP-155 chain ids whose network is known: Ethereum mainnet, its public testnets, local dev chains. */
const EVM_CHAIN_IDS: ReadonlyMap<number, ChainNetwork> = new Map([
  [1, 'mainnet'],
  [5, 'testnet'],
  [17_000, 'testnet'],
  [560_048, 'testnet'],
  [11_155_111, 'testnet'],
  [1337, 'regtest'],
  [31_337, 'regtest'],
])

/** The network of an EVM chain id, or null for a chain this table does not know (any other EVM chain). */
export function evmNetwork(chainId: number): ChainNetwork | null {
  return EVM_CHAIN_IDS.get(chainId) ?? null
}

/** Bitcoin Core's `getblockchaininfo.chain` as a network: main, test/testnet4/signet, regtest. */
export function bitcoinNetwork(chain: string): ChainNetwork {
  return chain === 'main' ? 'mainnet' : chain === 'regtest' ? 'regtest' : 'testnet'
}

/** TRON has one mainnet, known by its genesis block; every other chain is a test network. */
export function tronNetwork(genesis: string): 'mainnet' | 'test' {
  return genesis === TRON_MAINNET_GENESIS ? 'mainnet' : 'test'
}

/** Throws `failed_precondition` with one line when the node's network is not the configured one. */
export function checkNetwork(adapter: ChainAdapter, node: NodeNetwork, expected: ChainNetwork): void {
  const {network} = node
  if (network === null) return
  const matches = network === 'test' ? expected !== 'mainnet' : network === expected
  if (matches) return
  const flag = {btc: '--btc-rpc-url', eth: '--eth-rpc-url', tron: '--tron-api-url'}[adapter.blockchain]
  throw new ExchangeError(
    'failed_precondition',
    `${flag}: the ${adapter.blockchain} node serves ${network === 'test' ? 'a test network' : network} (${node.detail}), but --chain-network is ${expected}`,
  )
}
