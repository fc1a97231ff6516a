/**
 * The parameters of `POST /api/v3/order` (and `order/test`, `order/cancelReplace`) read into the
 * trading service's typed input (docs/binance-compat.md "Signed REST (/api/v3/...)"): `type` LIMIT |
 * MARKET | LIMIT_MAKER | STOP_LOSS | STOP_LOSS_LIMIT | TAKE_PROFIT | TAKE_PROFIT_LIMIT, `timeInForce`
 * GTC | IOC | FOK (the LIMIT kinds only), `quantity`, or `quoteOrderQty` for a MARKET BUY (the service
 * sizes it off the book, exactly; docs/binance-compat.md) and a STOP_LOSS or TAKE_PROFIT BUY, `price`,
 * `stopPrice` (`triggerPrice` is read as the same), `newClientOrderId`, `newOrderRespType`,
 * `selfTradePreventionMode` (NONE | EXPIRE_TAKER | EXPIRE_MAKER | EXPIRE_BOTH). Which parameters go
 * with which type, and their spelling, is this API's; the numbers are checked by the service's exact
 * parsers.
 */
import {isDecimalString} from '../ground/money.js'
import type {Ticker} from '../tickers/tickers.js'
import type {PlaceInput} from '../trading/trading.js'
import {BinanceError, illegal, missing, notRequired} from './errors.js'
import {STP_MODES, type BinanceStpMode, type BinanceType, type ResponseType} from './order-views.js'
import {symbolParam, type Params} from './params.js'
import type {PublicServices} from '../public-services.js'

/** Binance's `newClientOrderId`: up to 36 of these characters. */
export const NEW_CLIENT_ORDER_ID = /^[A-Za-z0-9._-]{1,36}$/
const DECIMAL_PATTERN = '^([0-9]{1,20})(\\.[0-9]{1,20})?$'

export type OrderRequest = {
  ticker: Ticker
  input: PlaceInput
  responseType: ResponseType
}

/** The order types, and of each: whether it carries a limit order, and for a stop which way a SELL of it triggers. */
const TYPES: Record<Exclude<BinanceType, never>, {limit: boolean; sellStop?: 'fall' | 'rise'}> = {
  LIMIT: {limit: true},
  LIMIT_MAKER: {limit: true},
  MARKET: {limit: false},
  STOP_LOSS: {limit: false, sellStop: 'fall'},
  STOP_LOSS_LIMIT: {limit: true, sellStop: 'fall'},
  TAKE_PROFIT: {limit: false, sellStop: 'rise'},
  TAKE_PROFIT_LIMIT: {limit: true, sellStop: 'rise'},
}

/** A decimal parameter as sent: plain notation, else -1100. */
function decimal(params: Params, name: string): string | undefined {
  const value = params.optional(name)
  if (value !== undefined && !isDecimalString(value)) throw illegal(name, DECIMAL_PATTERN)
  return value
}

function oneOf<T extends string>(value: string, allowed: readonly T[], refusal: () => BinanceError): T {
  if (!(allowed as readonly string[]).includes(value)) throw refusal()
  return value as T
}

/** Reads the order parameters (refusing what does not go with the type) into the service's input. */
export function orderRequest(params: Params, tickers: PublicServices['tickers']): OrderRequest {
  const ticker = symbolParam(params, tickers)
  const side = oneOf(params.required('side'), ['BUY', 'SELL'], () => new BinanceError(-1117, 'Invalid side.'))
  const type = oneOf(
    params.required('type'),
    Object.keys(TYPES) as BinanceType[],
    () => new BinanceError(-1116, 'Invalid orderType.'),
  )
  const {limit, sellStop} = TYPES[type]
  const tif = params.optional('timeInForce')
  const quantity = decimal(params, 'quantity')
  const quoteOrderQty = decimal(params, 'quoteOrderQty')
  const price = decimal(params, 'price')
  const stopPrice = stopPriceOf(params)
  if (params.optional('trailingDelta') !== undefined) {
    throw notRequired('trailingDelta', 'The node has no trailing stops: send stopPrice (a bot trails by cancel and replace).')
  }
  if (sellStop && stopPrice === undefined) throw missing('stopPrice')
  if (!sellStop && stopPrice !== undefined) throw notRequired('stopPrice')
  let timeInForce: string | undefined
  if (!limit) {
    if (tif !== undefined) throw notRequired('timeInForce')
    if (price !== undefined) throw notRequired('price')
    if (quantity === undefined && quoteOrderQty === undefined) {
      throw new BinanceError(-1102, "Param 'quantity' or 'quoteOrderQty' must be sent, but both were empty/null!")
    }
    if (quantity !== undefined && quoteOrderQty !== undefined) throw notRequired('quoteOrderQty')
    if (quoteOrderQty !== undefined && side === 'SELL') {
      throw notRequired('quoteOrderQty', `The node takes quoteOrderQty for ${type} BUY orders; a sell names its quantity.`)
    }
  } else {
    if (quantity === undefined) throw missing('quantity')
    if (price === undefined) throw missing('price')
    if (quoteOrderQty !== undefined) throw notRequired('quoteOrderQty')
    if (type !== 'LIMIT_MAKER') {
      if (tif === undefined) throw missing('timeInForce')
      timeInForce = oneOf(tif, ['GTC', 'IOC', 'FOK'], () => new BinanceError(-1115, 'Invalid timeInForce.'))
    } else if (tif !== undefined) {
      throw notRequired('timeInForce')
    }
  }
  const clientOrderId = params.optional('newClientOrderId')
  if (clientOrderId !== undefined && !NEW_CLIENT_ORDER_ID.test(clientOrderId)) {
    throw illegal('newClientOrderId', String(NEW_CLIENT_ORDER_ID.source))
  }
  const respType = params.optional('newOrderRespType')
  // Binance's defaults: FULL for MARKET and LIMIT, ACK for the other types.
  const responseType = respType === undefined ? (type === 'MARKET' || type === 'LIMIT' ? 'FULL' : 'ACK') : respType
  const stp = params.optional('selfTradePreventionMode')
  const modes = Object.keys(STP_MODES) as BinanceStpMode[]
  if (stp !== undefined && !(modes as string[]).includes(stp)) throw illegal('selfTradePreventionMode', modes.join(', '))
  const stopType = limit ? 'stop_limit' : 'stop_market'
  return {
    ticker,
    responseType: oneOf(responseType, ['ACK', 'RESULT', 'FULL'], () => illegal('newOrderRespType', 'ACK, RESULT, FULL')),
    input: {
      ticker: ticker.symbol,
      side: side === 'BUY' ? 'buy' : 'sell',
      type: sellStop ? stopType : limit ? 'limit' : 'market',
      price,
      qty: quantity,
      quoteQty: quoteOrderQty,
      clientOrderId,
      timeInForce,
      postOnly: type === 'LIMIT_MAKER',
      stopPrice,
      // A stop-loss SELL and a take-profit BUY trigger as the price falls; the other two as it rises.
      stopDirection: sellStop && (side === 'SELL' ? sellStop : sellStop === 'fall' ? 'rise' : 'fall'),
      selfTrade: stp === undefined ? undefined : STP_MODES[stp as BinanceStpMode],
    },
  }
}

/**
 * `stopPrice`, or `triggerPrice` read as the same. Sent both, `stopPrice` is taken: ccxt's `editOrder`
 * sends it rounded to the tick beside `triggerPrice` as the caller gave it.
 */
function stopPriceOf(params: Params): string | undefined {
  const stopPrice = decimal(params, 'stopPrice')
  const triggerPrice = decimal(params, 'triggerPrice')
  return stopPrice ?? triggerPrice
}
