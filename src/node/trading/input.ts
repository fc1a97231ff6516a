/** Input parsing: a place request checked against its ticker, before it is queued. */
import {invalid, notFound} from '../ground/errors.js'
import {parsePositiveAmount} from '../ground/money.js'
import type {Tickers} from '../tickers/tickers.js'
import {optionalOneOf, requireOneOf} from '../ground/validate.js'
import {refuseOrder} from './refusals.js'
import type {Markets, PlaceInput, ValidPlace} from './types.js'

/**
 * The characters of a client order id this service stores: those of /api/v1 (`[A-Za-z0-9_-]`, which
 * that transport keeps to) and the "." the Binance form allows.
 */
const CLIENT_ORDER_ID = /^[A-Za-z0-9._-]{1,64}$/

const given = (value: unknown): boolean => value !== undefined && value !== null && value !== ''

/** Checks a place request (400/404 on a bad field or an unknown or inactive ticker) and converts it to ticks and lots. */
export function parsePlace(input: PlaceInput, tickers: Tickers, markets: Pick<Markets, 'spec'>): ValidPlace {
  if (typeof input.ticker !== 'string' || input.ticker === '') throw invalid('ticker is required')
  const ticker = tickers.get(input.ticker.toUpperCase())
  if (!ticker) throw notFound(`ticker ${input.ticker} not found`)
  if (!ticker.active) throw refuseOrder('ticker_halted', `ticker ${ticker.symbol} is not active`)
  const spec = markets.spec(ticker.symbol)
  const side = requireOneOf(input.side, ['buy', 'sell'] as const, 'side')
  const kind = requireOneOf(input.type, ['limit', 'market', 'stop_limit', 'stop_market'] as const, 'type')
  const type = kind === 'limit' || kind === 'stop_limit' ? 'limit' : 'market'
  const timeInForce = optionalOneOf(input.timeInForce, ['GTC', 'IOC', 'FOK'] as const, 'time_in_force') ?? 'GTC'
  if (input.postOnly !== undefined && typeof input.postOnly !== 'boolean') throw invalid('post_only must be a boolean')
  const postOnly = input.postOnly === true
  const selfTrade =
    optionalOneOf(input.selfTrade, ['expire_taker', 'expire_maker', 'expire_both', 'none'] as const, 'self_trade_prevention') ??
    'expire_taker'
  let stop: ValidPlace['stop']
  if (kind === 'stop_limit' || kind === 'stop_market') {
    if (!given(input.stopPrice)) throw invalid(`stop_price is required for ${kind} orders`)
    if (postOnly) throw invalid('a stop order cannot be post-only')
    const direction =
      optionalOneOf(input.stopDirection, ['rise', 'fall'] as const, 'stop_direction') ?? (side === 'sell' ? 'fall' : 'rise')
    stop = {ticks: spec.toTicks(input.stopPrice), direction}
    if (kind === 'stop_market' && side === 'buy' && !given(input.quoteQty)) {
      throw refuseOrder(
        'stop_market_buy_qty',
        'a stop_market buy names quote_qty, the amount it spends: a quantity of the base asset could not be held for until it triggers',
      )
    }
  } else {
    if (given(input.stopPrice)) throw invalid('stop_price is for stop_limit and stop_market orders')
    if (given(input.stopDirection)) throw invalid('stop_direction is for stop_limit and stop_market orders')
  }
  // A market buy may name what it spends instead of what it buys: its lots are counted off the book when it runs.
  let quoteBudget: bigint | undefined
  let qtyLots = 0
  if (given(input.quoteQty)) {
    if (type !== 'market' || side !== 'buy') throw invalid('quote_qty is for market buys only')
    if (given(input.qty)) throw invalid('a market buy names qty or quote_qty, not both')
    quoteBudget = parsePositiveAmount(input.quoteQty, spec.quoteDecimals, 'quote_qty')
  } else {
    qtyLots = spec.toLots(input.qty)
  }
  let priceTicks = 0
  if (type === 'limit') {
    if (!given(input.price)) throw invalid('price is required for limit orders')
    priceTicks = spec.toTicks(input.price)
    if (spec.quoteUnits(priceTicks, qtyLots) < spec.minNotional) {
      throw refuseOrder('min_notional', `price x qty is below the minimum notional ${spec.formatQuote(spec.minNotional)}`)
    }
  } else {
    if (given(input.price)) throw invalid('a market order has no price')
    if (postOnly) throw invalid('a market order cannot be post-only')
  }
  let clientOrderId: string | null = null
  if (given(input.clientOrderId)) {
    if (typeof input.clientOrderId !== 'string' || !CLIENT_ORDER_ID.test(input.clientOrderId)) {
      throw invalid('client_order_id must be 1 to 64 of A-Z, a-z, 0-9, ".", "_" and "-"')
    }
    clientOrderId = input.clientOrderId
  }
  return {
    spec,
    side,
    type,
    priceTicks,
    qtyLots,
    quoteBudget,
    timeInForce: type === 'market' ? 'IOC' : timeInForce,
    postOnly,
    clientOrderId,
    stop,
    selfTrade,
  }
}
