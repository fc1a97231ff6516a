/**
 * Chain base units ⇄ asset minor units. A chain counts its native coin in a fixed unit (satoshi,
 * wei, sun); a token in its contract's unit, which the exchange takes to be the asset's decimals
 * (USDT has 6 on both Ethereum and TRON). When the chain's unit is finer than the asset's, a deposit
 * is credited rounded down (the dust stays on chain, the exchange's) and a withdrawal is scaled up.
 */
import type {Blockchain} from './adapter.js'

const NATIVE_DECIMALS: Record<Blockchain, number> = {btc: 8, eth: 18, tron: 6}

/** Decimals of the chain's unit for a native coin (`contract` null) or a token of `assetDecimals`. */
export function chainDecimals(blockchain: Blockchain, contract: string | null, assetDecimals: number): number {
  return contract === null ? NATIVE_DECIMALS[blockchain] : assetDecimals
}

/** Chain units → asset minor units, rounded down. */
export function toMinorUnits(amount: bigint, chainDecimals: number, assetDecimals: number): bigint {
  if (chainDecimals === assetDecimals) return amount
  return chainDecimals > assetDecimals
    ? amount / 10n ** BigInt(chainDecimals - assetDecimals)
    : amount * 10n ** BigInt(assetDecimals - chainDecimals)
}

/** Asset minor units → chain units (exact: the chain's unit is never coarser than an asset the chain carries). */
export function toChainUnits(amount: bigint, chainDecimals: number, assetDecimals: number): bigint {
  if (chainDecimals >= assetDecimals) return amount * 10n ** BigInt(chainDecimals - assetDecimals)
  const scale = 10n ** BigInt(assetDecimals - chainDecimals)
  if (amount % scale !== 0n) throw new RangeError('amount is finer than the chain unit')
  return amount / scale
}
