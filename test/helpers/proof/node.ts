/**
 * Node settings of the proof suite: rate limits high enough that fuzz and race load is judged on
 * its content, not refused at the door (the rate classes have their own tests); a chain whose node
 * is down, so that users' withdrawals are accepted and queued without one.
 */
import {DEFAULT_CONFIG, type ChainConfig, type NodeConfig} from '../../../src/node/ground/config.js'

export const UNLIMITED: NodeConfig['rateLimits'] = {
  ...DEFAULT_CONFIG.rateLimits,
  standard: 1_000_000,
  strict: 1_000_000,
  internal: 1_000_000,
  ordersPerSecond: 1_000_000,
}

/**
 * The eth chain "connected" to a node that is down (nothing listens on 127.0.0.1:9). A user's
 * `POST /withdrawals/` is accepted, held and queued `pending`, as when a real chain node is
 * unreachable; the worker's passes (one at start, then hourly) fail to reach the node and leave it
 * so. Without any chain configured the same request is refused `chain_unavailable`.
 */
export const CHAIN_DOWN: ChainConfig = {
  network: 'mainnet',
  ethRpcUrl: 'http://127.0.0.1:9',
  ethChainId: 1,
  pollMs: 3_600_000,
  sweep: false,
}

/** Where the proof suite's withdrawals go: a valid eth address outside the exchange. */
export const EXTERNAL = '0x000000000000000000000000000000000000dEaD'
