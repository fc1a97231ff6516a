/**
 * The order form's own checks, run before anything is sent: the numbers are plain decimals, the
 * price is on the pair's tick, the amount on its lot, and a limit order's price × amount reaches the
 * minimum notional (docs/market-data.md "GET /exchange/info/", docs/trading.md "Numbers"). Each
 * message names the rule and its value, in the words of the API's own refusals. What the form sends
 * is what was typed; these only decide whether to send it. Pure (decimal.js only), so that a unit
 * test checks it (test/web/live-state.test.ts). Funds are not checked here: the API knows the balance
 * at the moment of the order and says what is short.
 */
import {Decimal} from 'decimal.js'

export type PairRules = {
  symbol: string
  base_asset: string
  quote_asset: string
  status: 'trading' | 'halted'
  tick_size: string
  lot_size: string
  min_notional: string
}

export type OrderDraft = {type: 'limit' | 'market'; price: string; qty: string}

const PLAIN = /^(0|[1-9]\d*)(\.\d+)?$/

/** Why the order may not be sent, or null when the form's checks pass. */
export function orderProblem(draft: OrderDraft, rules: PairRules): string | null {
  if (rules.status !== 'trading') return `${rules.symbol} is halted: orders on it are refused.`
  if (draft.type === 'limit') {
    if (draft.price === '') return 'Enter a price.'
    if (!PLAIN.test(draft.price))
      return `The price must be a plain decimal number such as ${rules.tick_size} (digits and one point).`
    if (new Decimal(draft.price).isZero()) return 'The price must be above 0.'
    if (!onStep(draft.price, rules.tick_size))
      return `The price must be a multiple of the tick size ${rules.tick_size} ${rules.quote_asset}.`
  }
  if (draft.qty === '') return 'Enter an amount.'
  if (!PLAIN.test(draft.qty)) return `The amount must be a plain decimal number such as ${rules.lot_size} (digits and one point).`
  if (new Decimal(draft.qty).isZero()) return 'The amount must be above 0.'
  if (!onStep(draft.qty, rules.lot_size))
    return `The amount must be a multiple of the lot size ${rules.lot_size} ${rules.base_asset}.`
  if (draft.type === 'limit' && new Decimal(draft.price).times(draft.qty).lt(rules.min_notional))
    return `Price × amount must be at least the minimum notional ${rules.min_notional} ${rules.quote_asset}.`
  return null
}

const onStep = (value: string, step: string): boolean => new Decimal(value).mod(step).isZero()
