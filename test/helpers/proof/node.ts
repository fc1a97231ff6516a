/**
 * Node settings of the proof suite: rate limits high enough that fuzz and race load is judged on
 * its content, not refused at the door (the rate classes have their own tests).
 */
import {DEFAULT_CONFIG, type NodeConfig} from '../../../src/node/config.js'

export const UNLIMITED: NodeConfig['rateLimits'] = {
  ...DEFAULT_CONFIG.rateLimits,
  standard: 1_000_000,
  strict: 1_000_000,
  internal: 1_000_000,
  ordersPerSecond: 1_000_000,
}
