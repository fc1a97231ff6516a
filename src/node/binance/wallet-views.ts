/**
 * The node's chains as Binance's wallet endpoints spell them (docs/binance-compat.md "Wallet
 * (/sapi/v1/...)"): a chain is a network named by Binance's id (`BTC`, `ETH`, `TRX` for btc, eth,
 * tron), amounts are decimal strings.
 */
import type {Asset, Network} from '../assets/assets.js'
import type {Blockchain} from '../chain/adapter.js'
import {nativeAsset} from '../chain/units.js'
import {formatAmount} from '../ground/money.js'

/** Binance's id and name of each chain the node connects, and the form of its addresses where it is one form. */
const CHAINS: Record<Blockchain, {id: string; name: string; addressRegex: string}> = {
  btc: {id: 'BTC', name: 'Bitcoin', addressRegex: ''},
  eth: {id: 'ETH', name: 'Ethereum (ERC20)', addressRegex: '^(0x)[0-9A-Fa-f]{40}$'},
  tron: {id: 'TRX', name: 'Tron (TRC20)', addressRegex: '^T[1-9A-HJ-NP-Za-km-z]{33}$'},
}

const isChain = (network: string): network is Blockchain => Object.hasOwn(CHAINS, network)

/** Binance's id of a network of the node (`eth` → `ETH`); a network that is no chain the node knows, upper case. */
export const networkId = (network: string): string => (isChain(network) ? CHAINS[network].id : network.toUpperCase())

/** The network Binance would pick when none is named: the chain whose coin the asset is, else the first. */
export function defaultNetwork(asset: Asset, networks: readonly Network[]): Network | undefined {
  return networks.find((entry) => isChain(entry.network) && nativeAsset(entry.network) === asset.code) ?? networks[0]
}

/**
 * Why deposits or withdrawals of an asset's network cannot be made now, or undefined when they can:
 * the chain has no node connected, or the network is a token whose contract is not set (nothing
 * scans or sends it).
 */
export function unusable(asset: Asset, network: Network, connected: readonly string[]): string | undefined {
  if (!connected.includes(network.network)) return `chain ${network.network} is not connected`
  const native = isChain(network.network) && nativeAsset(network.network) === asset.code
  if (!native && network.contractAddress === '') return `${asset.code} has no token contract set on ${network.network}`
  return undefined
}

/** One entry of `capital/config/getall`'s `networkList`. */
export function networkView(
  asset: Asset,
  network: Network,
  options: {isDefault: boolean; connected: readonly string[]; withdrawMax?: string},
) {
  const format = (amount: bigint) => formatAmount(amount, asset.decimals)
  const why = unusable(asset, network, options.connected)
  const depositEnable = network.depositEnabled && why === undefined
  const withdrawEnable = network.withdrawEnabled && why === undefined
  return {
    network: networkId(network.network),
    coin: asset.code,
    name: isChain(network.network) ? CHAINS[network.network].name : network.network,
    isDefault: options.isDefault,
    depositEnable,
    withdrawEnable,
    depositDesc: network.depositEnabled ? (why ?? '') : 'deposits are disabled',
    withdrawDesc: network.withdrawEnabled ? (why ?? '') : 'withdrawals are disabled',
    specialTips: '',
    specialWithdrawTips: '',
    resetAddressStatus: false,
    addressRegex: isChain(network.network) ? CHAINS[network.network].addressRegex : '',
    addressRule: '',
    memoRegex: '',
    withdrawFee: format(network.withdrawFee),
    withdrawMin: format(network.minWithdraw),
    ...(options.withdrawMax === undefined ? {} : {withdrawMax: options.withdrawMax}),
    withdrawIntegerMultiple: format(1n),
    depositDust: format(network.minDeposit),
    minConfirm: network.confirmations,
    unLockConfirm: 0,
    sameAddress: false,
    estimatedArrivalTime: 0,
    busy: false,
    contractAddress: network.contractAddress,
    contractAddressUrl: '',
  }
}
