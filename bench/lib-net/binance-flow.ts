/**
 * bench/rest's orders spelled as the Binance form (docs/binance-compat.md "Signed REST (/api/v3/...)"): the same mix of the same
 * OrderFlow (88% resting limit orders, 10% crossing IOC, 2% market; half with a client order id),
 * as `POST /api/v3/order` form bodies signed as a Binance SDK signs them, with X-MBX-APIKEY.
 */
import {OrderFlow, type FlowOrder} from './order-flow.js'
import {binanceSignedBody} from './sign.js'

export const BINANCE_PLACE_PATH = '/api/v3/order'

/** An order's parameters in Binance's spelling (newOrderRespType FULL: the fills, as v1 answers them). */
export function binanceParams(order: FlowOrder): string {
  const params = new URLSearchParams({symbol: 'BTCUSDT', side: order.side.toUpperCase(), type: order.type.toUpperCase()})
  if (order.type === 'limit') params.set('timeInForce', order.timeInForce ?? 'GTC')
  params.set('quantity', order.qty)
  if (order.price !== undefined) params.set('price', order.price)
  if (order.clientOrderId !== undefined) params.set('newClientOrderId', order.clientOrderId)
  params.set('newOrderRespType', 'FULL')
  return params.toString()
}

/** The flow of `OrderFlow` as Binance-form requests. */
export class BinanceOrderFlow {
  constructor(private readonly flow: OrderFlow) {}

  next(): {method: string; path: string; headers: Record<string, string>; body: string} {
    const {trader, order} = this.flow.order()
    return {
      method: 'POST',
      path: BINANCE_PLACE_PATH,
      headers: {'Content-Type': 'application/x-www-form-urlencoded', 'X-MBX-APIKEY': trader.apiKey},
      body: binanceSignedBody(trader, binanceParams(order)),
    }
  }
}
