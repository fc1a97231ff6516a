/**
 * The node's chains, deposits and withdrawals as Binance's wallet endpoints spell them
 * (docs/binance-compat.md "Wallet (/sapi/v1/...)"): a chain is a network named by Binance's id (`BTC`,
 * `ETH`, `TRX` for btc, eth, tron), amounts are decimal strings, times epoch ms, and a deposit's or a
 * withdrawal's state is one of Binance's status numbers.
 */
import type {Asset, Network} from '../assets/assets.js'
import type {Blockchain} from '../chain/adapter.js'
import type {TopUp, TopUpStatus} from '../chain/deposits/top-ups.js'
import {isRejected, type Withdrawal} from '../chain/withdrawals/row.js'
import type {WithdrawalFilter} from '../chain/withdrawals/withdrawals.js'
import {nativeAsset} from '../chain/units.js'
import {formatAmount} from '../ground/money.js'
import {BinanceError} from './errors.js'

/** Binance's id and name of each chain the node connects, and the form of its addresses where it is one form. */
const CHAINS: Record<Blockchain, {id: string; name: string; addressRegex: string}> = {
  btc: {id: 'BTC', name: 'Bitcoin', addressRegex: ''},
  eth: {id: 'ETH', name: 'Ethereum (ERC20)', addressRegex: '^(0x)[0-9A-Fa-f]{40}$'},
  tron: {id: 'TRX', name: 'Tron (TRC20)', addressRegex: '^T[1-9A-HJ-NP-Za-km-z]{33}$'},
}

const isChain = (network: string): network is Blockchain => Object.hasOwn(CHAINS, network)

/** Binance's id of a network of the node (`eth` → `ETH`); a network that is no chain the node knows, upper case. */
export const networkId = (network: string): string => (isChain(network) ? CHAINS[network].id : network.toUpperCase())

/**
 * An asset's network by Binance's id, or its default network when none is named; -1100 naming the
 * asset's networks when it has no such one.
 */
export function networkOf(asset: Asset, networks: readonly Network[], id: string | undefined): Network {
  const found = id === undefined ? defaultNetwork(asset, networks) : networks.find((entry) => networkId(entry.network) === id)
  if (found) return found
  const ids = networks.map((entry) => networkId(entry.network)).join(', ') || 'none'
  throw new BinanceError(-1100, `${asset.code} has no ${id === undefined ? 'network' : `network ${id}`}; its networks: ${ids}.`)
}

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

/** Binance's deposit statuses: 0 pending, 1 credited, 2 rejected, 7 wrong deposit (6 and 8 the node never has). */
const DEPOSIT_STATUS: Record<TopUpStatus, number> = {pending: 0, held: 0, confirmed: 1, orphaned: 2, ignored: 7}
export const DEPOSIT_STATUSES = [0, 1, 2, 6, 7, 8] as const

/** The node's top-up statuses a Binance deposit status stands for. */
export const topUpStatusesOf = (status: number): TopUpStatus[] =>
  (Object.keys(DEPOSIT_STATUS) as TopUpStatus[]).filter((node) => DEPOSIT_STATUS[node] === status)

/** A deposit as `capital/deposit/hisrec` lists it; `required` the confirmations its network asks. */
export function depositView(topUp: TopUp, decimals: number, required: number) {
  const confirmed = topUp.status === 'confirmed'
  return {
    id: topUp.id,
    amount: formatAmount(topUp.amount, decimals),
    coin: topUp.asset,
    network: networkId(topUp.blockchain),
    status: DEPOSIT_STATUS[topUp.status],
    address: topUp.address,
    addressTag: '',
    txId: topUp.txHash,
    insertTime: Date.parse(topUp.detectedAt),
    ...(confirmed ? {completeTime: Date.parse(topUp.updatedAt)} : {}),
    transferType: 0,
    confirmTimes: `${Math.min(topUp.confirmations ?? 0, required)}/${required}`,
    unlockConfirm: 0,
    walletType: 1,
  }
}

/** Binance's withdrawal status of a withdrawal: 2 awaiting approval, 3 rejected, 4 processing, 5 failure, 6 completed. */
export function withdrawalStatus(withdrawal: Withdrawal): number {
  switch (withdrawal.status) {
    case 'confirmed':
      return 6
    case 'failed':
      return isRejected(withdrawal) ? 3 : 5
    default:
      return withdrawal.awaitingApproval ? 2 : 4
  }
}

/** The withdrawals a Binance withdrawal status stands for, as the chain module filters them (undefined: none). */
export function withdrawalFilterOf(status: number): Partial<WithdrawalFilter> | undefined {
  switch (status) {
    case 2:
      return {statuses: ['pending'], awaitingApproval: true}
    case 3:
      return {statuses: ['failed'], rejected: true}
    case 4:
      return {statuses: ['pending', 'processing', 'broadcast'], awaitingApproval: false}
    case 5:
      return {statuses: ['failed'], rejected: false}
    case 6:
      return {statuses: ['confirmed']}
    default:
      // 0 (email sent) and 1 (cancelled by the user): the node has no such step.
      return undefined
  }
}

/** Binance's "YYYY-MM-DD HH:mm:ss" (UTC) of an ISO time. */
const dateTime = (iso: string): string => iso.slice(0, 19).replace('T', ' ')

/** A withdrawal as `capital/withdraw/history` lists it. */
export function withdrawalView(withdrawal: Withdrawal, decimals: number) {
  const status = withdrawalStatus(withdrawal)
  return {
    id: withdrawal.id,
    amount: formatAmount(withdrawal.amount, decimals),
    transactionFee: formatAmount(withdrawal.fee, decimals),
    coin: withdrawal.asset,
    status,
    address: withdrawal.toAddress,
    ...(withdrawal.memo === '' ? {} : {addressTag: withdrawal.memo}),
    txId: withdrawal.txHash ?? '',
    applyTime: dateTime(withdrawal.createdAt),
    network: networkId(withdrawal.blockchain),
    transferType: 0,
    ...(withdrawal.clientWithdrawalId === null ? {} : {withdrawOrderId: withdrawal.clientWithdrawalId}),
    info: withdrawal.failure ?? withdrawal.waitingFor ?? '',
    confirmNo: 0,
    walletType: 1,
    txKey: '',
    ...(status === 6 ? {completeTime: dateTime(withdrawal.updatedAt)} : {}),
  }
}
