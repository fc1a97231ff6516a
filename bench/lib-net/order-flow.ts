/**
 * The orders of bench/rest: valid, varied `POST /api/v1/orders/place/` bodies on BTC-USDT from
 * several accounts (so signatures differ), each signed with a fresh timestamp when autocannon is
 * about to send it.
 *
 * Mix (by default): 88% GTC limit orders resting away from the market (buys 5..5,000 USDT under
 * the 30,000 mid, sells as far above), 10% IOC limit orders crossing the spread (they take the best
 * resting levels), 2% market orders; sizes 0.0001..0.01 BTC; half of them carry a unique
 * client_order_id.
 */
import {signedHeaders, type Credentials} from './sign.js'

export const PLACE_PATH = '/api/v1/orders/place/'

export type FlowMix = {crossing: number; market: number}

/** One order of the flow, before it is spelled for an API. */
export type FlowOrder = {
  side: 'buy' | 'sell'
  type: 'limit' | 'market'
  price?: string
  qty: string
  timeInForce?: 'IOC'
  clientOrderId?: string
}

export class OrderFlow {
  private n = 0
  private seed: number
  private readonly runId: string

  constructor(
    private readonly traders: Credentials[],
    private readonly mix: FlowMix = {crossing: 0.1, market: 0.02},
    seed = 42,
  ) {
    this.seed = seed
    this.runId = (seed >>> 0).toString(36)
  }

  /** How many orders the flow has handed out. */
  get sent(): number {
    return this.n
  }

  /** xorshift32: a cheap, reproducible stream. */
  private random(): number {
    let x = this.seed
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    this.seed = x >>> 0
    return this.seed / 0x1_0000_0000
  }

  /** The next order of the mix on BTC-USDT, and the trader (its index in `traders`) who sends it. */
  order(): {trader: Credentials; order: FlowOrder} {
    const trader = this.traders[this.n % this.traders.length]!
    const k = this.n++
    const side = this.random() < 0.5 ? 'buy' : 'sell'
    const r = this.random()
    let order: FlowOrder
    if (r < this.mix.market) {
      order = {side, type: 'market', qty: (0.0001 * (1 + Math.floor(this.random() * 5))).toFixed(4)}
    } else if (r < this.mix.market + this.mix.crossing) {
      const price = side === 'buy' ? '36000' : '24000'
      order = {side, type: 'limit', price, qty: (0.0001 * (1 + Math.floor(this.random() * 10))).toFixed(4), timeInForce: 'IOC'}
    } else {
      const away = 5 + Math.floor(this.random() * 499_500) / 100
      const price = (side === 'buy' ? 30_000 - away : 30_000 + away).toFixed(2)
      order = {side, type: 'limit', price, qty: (0.0001 * (1 + Math.floor(this.random() * 100))).toFixed(4)}
    }
    if (k % 2 === 0) order.clientOrderId = `bench-${this.runId}-${k}`
    return {trader, order}
  }

  /** An order as the body of POST /api/v1/orders/place/. */
  static v1Body(order: FlowOrder): string {
    const body: Record<string, unknown> = {ticker: 'BTC-USDT', side: order.side, type: order.type}
    if (order.price !== undefined) body['price'] = order.price
    body['qty'] = order.qty
    if (order.timeInForce !== undefined) body['time_in_force'] = order.timeInForce
    if (order.clientOrderId !== undefined) body['client_order_id'] = order.clientOrderId
    return JSON.stringify(body)
  }

  body(): string {
    return OrderFlow.v1Body(this.order().order)
  }

  /** The next request: an order of the next account, signed now. */
  next(): {method: string; path: string; headers: Record<string, string>; body: string} {
    const {trader: creds, order} = this.order()
    const body = OrderFlow.v1Body(order)
    return {
      method: 'POST',
      path: PLACE_PATH,
      headers: {'Content-Type': 'application/json', ...signedHeaders(creds, 'POST', PLACE_PATH, body)},
      body,
    }
  }
}
