/**
 * The CHAIN and P2P flags of `exchange node start` and how they become the node's config: each
 * with its EXCHANGE_* variable; a malformed value is a usage error naming its flag.
 */
import {Flags, type Interfaces} from '@oclif/core'
import type {ChainConfig} from '../node/ground/config.js'
import {P2P_DEFAULTS} from '../node/p2p/p2p.js'

export const chainFlags = {
  'btc-rpc-url': Flags.string({
    env: 'EXCHANGE_BTC_RPC_URL',
    summary: 'Bitcoin Core JSON-RPC URL, credentials in it (http://user:pass@host:8332); unset: btc only issues addresses.',
    helpGroup: 'CHAIN',
  }),
  'eth-rpc-url': Flags.string({
    env: 'EXCHANGE_ETH_RPC_URL',
    summary: 'EVM JSON-RPC URL; unset: eth only issues addresses.',
    helpGroup: 'CHAIN',
  }),
  'eth-chain-id': Flags.integer({
    env: 'EXCHANGE_ETH_CHAIN_ID',
    min: 1,
    summary: 'EIP-155 chain id of the EVM node (default: asked from the node with eth_chainId).',
    helpGroup: 'CHAIN',
  }),
  'tron-api-url': Flags.string({
    env: 'EXCHANGE_TRON_API_URL',
    summary: 'java-tron HTTP API or TronGrid URL; unset: tron only issues addresses.',
    helpGroup: 'CHAIN',
  }),
  'tron-api-key': Flags.string({
    env: 'EXCHANGE_TRON_API_KEY',
    summary: 'TronGrid API key, sent as TRON-PRO-API-KEY (secret: prefer the environment variable).',
    helpGroup: 'CHAIN',
  }),
  'chain-network': Flags.option({
    options: ['mainnet', 'testnet', 'regtest'] as const,
    env: 'EXCHANGE_CHAIN_NETWORK',
    default: 'mainnet' as const,
    summary: 'Network the wallet derives addresses for and the chain nodes run.',
    helpGroup: 'CHAIN',
  })(),
  'chain-poll-ms': Flags.integer({
    env: 'EXCHANGE_CHAIN_POLL_MS',
    default: 5000,
    min: 100,
    summary: 'How often deposit scanners and withdrawal workers run, in ms.',
    helpGroup: 'CHAIN',
  }),
  'hot-wallet-floor': Flags.string({
    env: 'EXCHANGE_HOT_WALLET_FLOOR',
    multiple: true,
    summary: 'ASSET=AMOUNT: a hot-wallet balance under it raises hot_wallet_low; repeatable or a comma list (BTC=0.5,USDT=1000).',
    helpGroup: 'CHAIN',
  }),
  ...startHeightFlag('btc'),
  ...startHeightFlag('eth'),
  ...startHeightFlag('tron'),
  sweep: Flags.boolean({
    env: 'EXCHANGE_SWEEP',
    allowNo: true,
    default: true,
    summary: 'Sweep credited deposits into the hot wallet (--no-sweep to leave them on the deposit addresses).',
    helpGroup: 'CHAIN',
  }),
}

export const p2pFlags = {
  'p2p-acceptance-minutes': Flags.integer({
    env: 'EXCHANGE_P2P_ACCEPTANCE_MINUTES',
    default: P2P_DEFAULTS.acceptanceMinutes,
    min: 1,
    summary: 'P2P: minutes the maker has to accept a new order before it is cancelled.',
    helpGroup: 'P2P',
  }),
  'p2p-confirmation-minutes': Flags.integer({
    env: 'EXCHANGE_P2P_CONFIRMATION_MINUTES',
    default: P2P_DEFAULTS.confirmationMinutes,
    min: 1,
    summary: 'P2P: minutes the seller has to confirm a marked payment before a dispute opens (seller_timeout).',
    helpGroup: 'P2P',
  }),
  'p2p-taker-fee': Flags.string({
    env: 'EXCHANGE_P2P_TAKER_FEE',
    multiple: true,
    summary: 'P2P taker fee per asset as ASSET=RATE, e.g. USDT=0.001; repeat or comma-list (none by default).',
    helpGroup: 'P2P',
  }),
}

type ChainFlagValues = Interfaces.InferredFlags<typeof chainFlags>

/** The chain part of the config from the CHAIN flags; a malformed value calls `fail` (a usage error naming its flag). */
export function chainConfig(flags: ChainFlagValues, fail: (message: string) => never): ChainConfig {
  for (const flag of ['btc-rpc-url', 'eth-rpc-url', 'tron-api-url'] as const) {
    const value = flags[flag]
    if (value !== undefined && !isHttpUrl(value)) fail(`--${flag}: not an http(s) URL`)
  }
  const floors: Record<string, string> = {}
  for (const entry of splitList(flags['hot-wallet-floor'])) {
    const match = /^([A-Za-z0-9]{2,10})=(\d+(?:\.\d+)?)$/.exec(entry)
    if (!match) fail(`--hot-wallet-floor: "${entry}" is not ASSET=AMOUNT (e.g. BTC=0.5)`)
    floors[match[1]!.toUpperCase()] = match[2]!
  }
  return {
    network: flags['chain-network'],
    btcRpcUrl: flags['btc-rpc-url'] || undefined,
    ethRpcUrl: flags['eth-rpc-url'] || undefined,
    ethChainId: flags['eth-chain-id'],
    tronApiUrl: flags['tron-api-url'] || undefined,
    tronApiKey: flags['tron-api-key'] || undefined,
    pollMs: flags['chain-poll-ms'],
    hotWalletFloors: floors,
    sweep: flags.sweep,
    startHeights: {btc: flags['btc-start-height'], eth: flags['eth-start-height'], tron: flags['tron-start-height']},
  }
}

/** `--<chain>-start-height`: where the chain's first scan starts (default: the tip minus its confirmations). */
function startHeightFlag<C extends 'btc' | 'eth' | 'tron'>(chain: C) {
  return {
    [`${chain}-start-height`]: Flags.integer({
      env: `EXCHANGE_${chain.toUpperCase()}_START_HEIGHT`,
      min: 0,
      summary: `Block height the first ${chain} scan starts at (default: the tip minus the network's confirmations); later starts resume where the scanner stopped.`,
      helpGroup: 'CHAIN',
    }),
  } as Record<`${C}-start-height`, Interfaces.OptionFlag<number | undefined>>
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** Repeated or comma-separated values: ["BTC=1,ETH=2", "USDT=5"] -> ["BTC=1", "ETH=2", "USDT=5"]. */
export function splitList(values: readonly string[] | string | undefined): string[] {
  return [values ?? []]
    .flat()
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean)
}

/**
 * The taker fees of `--p2p-taker-fee` (["USDT=0.001", "BTC=0.002"]) as {USDT: "0.001", ...}: an
 * asset code and a decimal rate from 0 to below 1, each asset once; `fail` is called on the first bad entry.
 */
export function parseTakerFees(entries: readonly string[], fail: (message: string) => never): Record<string, string> {
  const fees: Record<string, string> = {}
  for (const raw of entries) {
    const entry = raw.trim()
    if (entry === '') continue
    const match = /^([A-Za-z0-9]{1,20})=(\d+(?:\.\d+)?)$/.exec(entry)
    if (!match) fail(`"${entry}" is not ASSET=RATE (e.g. USDT=0.001)`)
    const asset = match[1]!.toUpperCase()
    const rate = match[2]!
    // A decimal string below 1: "0" or "0.<digits>" (no float compare on a money rate).
    if (!/^0(\.\d+)?$/.test(rate)) fail(`rate of ${asset} must be below 1 (a fraction: 0.001 is 0.1%)`)
    if (asset in fees) fail(`${asset} is given twice`)
    fees[asset] = rate
  }
  return fees
}
