/**
 * Chain base units ⇄ asset minor units. A chain counts its native coin in a fixed unit (satoshi,
 * wei, sun); a token in its contract's unit, whose decimals are read from the contract
 * (`tokens.ts`) and may differ from the asset's (USDT: 6 on Ethereum, 18 on some EVM chains). When
 * the chain's unit is finer than the asset's, a deposit is credited rounded down (the dust stays on
 * chain, the exchange's: reconcile shows it as surplus); an amount sent must be exact in the chain's
 * unit, or it is refused.
 */
import {invalid} from '../ground/errors.js'
import type {Blockchain} from './adapter.js'

const NATIVE_DECIMALS: Record<Blockchain, number> = {btc: 8, eth: 18, tron: 6}
const NATIVE_ASSETS: Record<Blockchain, string> = {btc: 'BTC', eth: 'ETH', tron: 'TRX'}

/**
 * The asset that is the chain's own coin. Any other asset of the chain is a token: with no contract
 * set (testnet and regtest start so) it is neither scanned nor sent.
 */
export function nativeAsset(blockchain: Blockchain): string {
  return NATIVE_ASSETS[blockchain]
}

/** Decimals of the chain's unit of its native coin. */
export function nativeDecimals(blockchain: Blockchain): number {
  return NATIVE_DECIMALS[blockchain]
}

/** Chain units → asset minor units, rounded down. */
export function toMinorUnits(amount: bigint, chainDecimals: number, assetDecimals: number): bigint {
  if (chainDecimals === assetDecimals) return amount
  return chainDecimals > assetDecimals
    ? amount / 10n ** BigInt(chainDecimals - assetDecimals)
    : amount * 10n ** BigInt(assetDecimals - chainDecimals)
}

/** Chain units → asset minor units, rounded up (what must be sent to cover a chain-unit cost). */
export function toMinorUnitsUp(amount: bigint, chainDecimals: number, assetDecimals: number): bigint {
  const down = toMinorUnits(amount, chainDecimals, assetDecimals)
  return toChainUnitsOrNull(down, chainDecimals, assetDecimals) === amount ? down : down + 1n
}

/** Asset minor units → chain units, exact; INVALID_ARGUMENT when the chain's unit cannot carry the amount. */
export function toChainUnits(amount: bigint, chainDecimals: number, assetDecimals: number): bigint {
  const units = toChainUnitsOrNull(amount, chainDecimals, assetDecimals)
  if (units === null) throw invalid(`the amount is finer than the chain's unit (${chainDecimals} decimals)`)
  return units
}

/** Asset minor units → chain units, or null when the amount is finer than the chain's unit. */
export function toChainUnitsOrNull(amount: bigint, chainDecimals: number, assetDecimals: number): bigint | null {
  if (chainDecimals >= assetDecimals) return amount * 10n ** BigInt(chainDecimals - assetDecimals)
  const scale = 10n ** BigInt(assetDecimals - chainDecimals)
  return amount % scale === 0n ? amount / scale : null
}
