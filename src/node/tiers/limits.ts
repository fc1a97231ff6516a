/**
 * Tier limits: a JSON object such as
 * {"maker_fee": "0.001", "taker_fee": "0.002", "orders_per_second": 10, "withdrawal_limit_24h": {"BTC": "2"}}.
 * Known keys are validated, unknown keys are kept as given. Missing keys take the platform defaults.
 */
import {invalid} from '../ground/errors.js'
import {isDecimalString} from '../ground/money.js'
import {requireJsonObject} from '../ground/validate.js'

export type TierLimits = {
  /** Fee rate charged to the maker on the asset received, decimal string in [0, 1). */
  makerFee: string
  /** Fee rate charged to the taker on the asset received, decimal string in [0, 1). */
  takerFee: string
  /** Order placements and cancels per second (OrdersRateLimit). */
  ordersPerSecond: number
  /** Per asset code, the most that may be withdrawn in 24 hours (decimal string). */
  withdrawalLimit24h: Record<string, string>
}

export const DEFAULT_LIMITS = {maker_fee: '0.001', taker_fee: '0.002', orders_per_second: 10} as const

const FEE = /^0(\.\d{1,18})?$/

/** Validates a limits JSON string and returns it normalized (compact JSON, unknown keys kept). */
export function validateLimits(value: unknown, field = 'limits'): string {
  const limits = requireJsonObject(value, field)
  for (const key of ['maker_fee', 'taker_fee'] as const) {
    const fee = limits[key]
    if (fee !== undefined && (typeof fee !== 'string' || !FEE.test(fee))) {
      throw invalid(`${field}.${key} must be a decimal string in [0, 1), such as "0.001"`)
    }
  }
  const rate = limits['orders_per_second']
  if (rate !== undefined && (typeof rate !== 'number' || !Number.isInteger(rate) || rate < 1 || rate > 1_000_000)) {
    throw invalid(`${field}.orders_per_second must be an integer from 1 to 1000000`)
  }
  const withdrawal = limits['withdrawal_limit_24h']
  if (withdrawal !== undefined) {
    if (typeof withdrawal !== 'object' || withdrawal === null || Array.isArray(withdrawal)) {
      throw invalid(`${field}.withdrawal_limit_24h must be an object of asset code to decimal string`)
    }
    for (const [asset, amount] of Object.entries(withdrawal)) {
      if (!isDecimalString(amount)) throw invalid(`${field}.withdrawal_limit_24h.${asset} must be a decimal string`)
    }
  }
  return JSON.stringify(limits)
}

/** The effective limits of a stored limits JSON, defaults filled in. */
export function parseLimits(json: string): TierLimits {
  const limits = JSON.parse(json) as Record<string, unknown>
  return {
    makerFee: (limits['maker_fee'] as string | undefined) ?? DEFAULT_LIMITS.maker_fee,
    takerFee: (limits['taker_fee'] as string | undefined) ?? DEFAULT_LIMITS.taker_fee,
    ordersPerSecond: (limits['orders_per_second'] as number | undefined) ?? DEFAULT_LIMITS.orders_per_second,
    withdrawalLimit24h: (limits['withdrawal_limit_24h'] as Record<string, string> | undefined) ?? {},
  }
}
