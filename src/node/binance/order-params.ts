/**
 * The parameters of `POST /api/v3/order` (and `order/test`) read into the trading service's typed
 * input (docs/binance-compat.md "Signed REST (/api/v3/...)"): `type` LIMIT | MARKET | LIMIT_MAKER, `timeInForce` GTC | IOC | FOK (LIMIT
 * only), `quantity`, or `quoteOrderQty` for a MARKET BUY (the service sizes it off the book, exactly;
 * docs/binance-compat.md), `price`, `newClientOrderId`, `newOrderRespType`, `selfTradePreventionMode`
 * (accepted; the node always expires the taker). Which parameters go with which type, and their
 * spelling, is this API's; the numbers are checked by the service's exact parsers.
 */
import {isDecimalString} from '../ground/money.js'
import type {Ticker} from '../tickers/tickers.js'
import type {PlaceInput} from '../trading/trading.js'
import {BinanceError, illegal, missing, notRequired} from './errors.js'
import type {ResponseType} from './order-views.js'
import {symbolParam, type Params} from './params.js'
import type {PublicServices} from '../public-services.js'

/** Binance's `newClientOrderId`: up to 36 of these characters. */
export const NEW_CLIENT_ORDER_ID = /^[A-Za-z0-9._-]{1,36}$/
const DECIMAL_PATTERN = '^([0-9]{1,20})(\\.[0-9]{1,20})?$'
const STP_MODES = ['NONE', 'EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH', 'DECREMENT']

export type OrderRequest = {
  ticker: Ticker
  input: PlaceInput
  responseType: ResponseType
  /** The budget of a MARKET buy by quote, as sent (the answer's `origQuoteOrderQty`). */
  quoteOrderQty?: string
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
    ['LIMIT', 'MARKET', 'LIMIT_MAKER'],
    () => new BinanceError(-1116, 'Invalid orderType.'),
  )
  const tif = params.optional('timeInForce')
  const quantity = decimal(params, 'quantity')
  const quoteOrderQty = decimal(params, 'quoteOrderQty')
  const price = decimal(params, 'price')
  let timeInForce: string | undefined
  if (type === 'MARKET') {
    if (tif !== undefined) throw notRequired('timeInForce')
    if (price !== undefined) throw notRequired('price')
    if (quantity === undefined && quoteOrderQty === undefined) {
      throw new BinanceError(-1102, "Param 'quantity' or 'quoteOrderQty' must be sent, but both were empty/null!")
    }
    if (quantity !== undefined && quoteOrderQty !== undefined) throw notRequired('quoteOrderQty')
    if (quoteOrderQty !== undefined && side === 'SELL') {
      throw notRequired('quoteOrderQty', 'The node takes quoteOrderQty for MARKET BUY orders; a sell names its quantity.')
    }
  } else {
    if (quantity === undefined) throw missing('quantity')
    if (price === undefined) throw missing('price')
    if (quoteOrderQty !== undefined) throw notRequired('quoteOrderQty')
    if (type === 'LIMIT') {
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
  const responseType = respType === undefined ? (type === 'LIMIT_MAKER' ? 'ACK' : 'FULL') : respType
  const stp = params.optional('selfTradePreventionMode')
  if (stp !== undefined && !STP_MODES.includes(stp)) throw illegal('selfTradePreventionMode', STP_MODES.join(', '))
  return {
    ticker,
    quoteOrderQty,
    responseType: oneOf(responseType, ['ACK', 'RESULT', 'FULL'], () => illegal('newOrderRespType', 'ACK, RESULT, FULL')),
    input: {
      ticker: ticker.symbol,
      side: side === 'BUY' ? 'buy' : 'sell',
      type: type === 'MARKET' ? 'market' : 'limit',
      price,
      qty: quantity,
      quoteQty: quoteOrderQty,
      clientOrderId,
      timeInForce,
      postOnly: type === 'LIMIT_MAKER',
    },
  }
}
