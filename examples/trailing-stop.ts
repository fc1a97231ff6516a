/**
 * A trailing stop-loss on ccxt's `binance` class, pointed at an exchange node by URL only
 * (docs/binance-compat.md "Example: a trailing stop"), kept the way freqtrade's `stoploss_on_exchange`
 * with `trailing_stop` keeps it on Binance spot: the bot holds a position and one STOP_LOSS_LIMIT sell
 * for all of it at `highest last price seen × (1 − TRAIL_PCT / 100)`. When the price has risen so that
 * the stop belongs higher, it cancels the stop and places a new one; it never moves it down. When the
 * price falls to the stop, the node sells, and the bot, seeing its stop filled, exits. If a stop cannot
 * be placed (the price is already below it), it sells at market, as freqtrade's emergency exit does.
 *
 *   EXCHANGE_URL=http://127.0.0.1:8080 API_KEY=... API_SECRET=... SYMBOL=BTC/USDT TRAIL_PCT=5 \
 *     npx tsx examples/trailing-stop.ts
 *
 * Settings, from the environment:
 *   EXCHANGE_URL  the node's public listener                           (http://127.0.0.1:8080)
 *   API_KEY, API_SECRET  a node API key with trade and read
 *   SYMBOL        the pair in ccxt's form                               (BTC/USDT)
 *   TRAIL_PCT     how far below the highest price the stop trails, in % (5)
 *   LIMIT_RATIO   the stop's limit price ÷ its stop price, freqtrade's stoploss_on_exchange_limit_ratio (0.99)
 *   AMOUNT        the position, in the base asset                       (the whole free balance)
 *   HIGHEST       the highest price to start from, e.g. the entry price (the last price)
 *   REFRESH_MS    the pause between steps                               (1000)
 * On SIGINT or SIGTERM the bot exits and leaves its stop on the node: it protects the position without it.
 */
import {pathToFileURL} from 'node:url'
import ccxt from 'ccxt'
import {Decimal} from 'decimal.js'

export type Settings = {symbol: string; trailPct: string; limitRatio: string; amount?: string; highest?: string}
export type Step = {action: 'placed' | 'moved' | 'kept' | 'working' | 'sold' | 'emergency-sold'; last?: string; stop?: string}

/** ccxt's binance with every API prefix it uses by default on the node; no options (docs/binance-compat.md "ccxt"). */
export function connect(url: string, apiKey: string, secret: string) {
  const api = {public: `${url}/api/v3`, private: `${url}/api/v3`, sapi: `${url}/sapi/v1`}
  return new ccxt.binance({
    apiKey,
    secret,
    urls: {api: {...api, fapiPublic: `${url}/fapi/v1`, dapiPublic: `${url}/dapi/v1`, eapiPublic: `${url}/eapi/v1`}},
  })
}

export class TrailingStop {
  /** The highest last price seen, which the stop trails. */
  highest: Decimal | undefined
  /** The stop order on the node, if any. */
  stop: {id: string; price: Decimal} | undefined
  /** The position, in the base asset (read from the balance on the first step unless set). */
  amount: string | undefined
  /** True once the position is sold. */
  done = false

  constructor(
    readonly exchange: ReturnType<typeof connect>,
    readonly settings: Settings,
  ) {
    this.amount = settings.amount
    this.highest = settings.highest === undefined ? undefined : new Decimal(settings.highest)
  }

  /** One look at the stop and the price; moves the stop up when it should. */
  async step(): Promise<Step> {
    const {exchange, settings} = this
    if (this.stop) {
      const order = await exchange.fetchOrder(this.stop.id, settings.symbol)
      if (order.status === 'closed') return this.sold('sold')
      // Triggered and selling (in the book now, or partly filled): leave it alone.
      if (order.status === 'open' && (order.filled! > 0 || order.info.isWorking)) return {action: 'working'}
      // Cancelled by someone else: the next lines place a new one.
      if (order.status !== 'open') this.stop = undefined
    }
    const last = new Decimal(String((await exchange.fetchTicker(settings.symbol)).last))
    if (this.highest === undefined || last.gt(this.highest)) this.highest = last
    const stop = this.tick(this.highest.mul(new Decimal(1).minus(new Decimal(settings.trailPct).div(100))))
    if (this.stop && stop.lte(this.stop.price)) return {action: 'kept', last: last.toFixed(), stop: this.stop.price.toFixed()}
    const moving = this.stop !== undefined
    if (this.stop) {
      try {
        await exchange.cancelOrder(this.stop.id, settings.symbol)
      } catch (error) {
        // Filled (or cancelled) since it was read: the next step finds out which.
        if (error instanceof ccxt.OrderNotFound) return {action: 'working'}
        throw error
      }
      this.stop = undefined
    }
    this.amount ??= String((await exchange.fetchBalance())[exchange.market(settings.symbol).base]!.free)
    const limit = this.tick(stop.mul(settings.limitRatio))
    try {
      // freqtrade's own call: type stop_loss_limit, the stop price as `stopPrice`.
      const order = await exchange.createOrder(
        settings.symbol,
        'stop_loss_limit',
        'sell',
        Number(this.amount),
        limit.toNumber(),
        {
          stopPrice: stop.toNumber(),
        },
      )
      this.stop = {id: order.id!, price: stop}
      return {action: moving ? 'moved' : 'placed', last: last.toFixed(), stop: stop.toFixed()}
    } catch (error) {
      // OrderImmediatelyFillable (-2010 "Order would trigger immediately.") is an InvalidOrder.
      if (!(error instanceof ccxt.InvalidOrder)) throw error
      await exchange.createOrder(settings.symbol, 'market', 'sell', Number(this.amount))
      return this.sold('emergency-sold')
    }
  }

  private sold(action: 'sold' | 'emergency-sold'): Step {
    this.done = true
    this.stop = undefined
    return {action}
  }

  /** A price down to the pair's tick. */
  private tick(price: Decimal): Decimal {
    const tick = this.exchange.market(this.settings.symbol).precision.price!
    return price.toNearest(String(tick), Decimal.ROUND_DOWN)
  }
}

async function main(): Promise<void> {
  const env = process.env
  if (!env.API_KEY || !env.API_SECRET) throw new Error('API_KEY and API_SECRET are required (a node API key with trade and read)')
  const exchange = connect((env.EXCHANGE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, ''), env.API_KEY, env.API_SECRET)
  await exchange.loadMarkets()
  const symbol = env.SYMBOL ?? 'BTC/USDT'
  const bot = new TrailingStop(exchange, {
    symbol,
    trailPct: env.TRAIL_PCT ?? '5',
    limitRatio: env.LIMIT_RATIO ?? '0.99',
    amount: env.AMOUNT,
    highest: env.HIGHEST,
  })
  let stopping = false
  process.once('SIGINT', () => (stopping = true))
  process.once('SIGTERM', () => (stopping = true))
  while (!stopping && !bot.done) {
    const step = await bot.step()
    console.log(`${new Date().toISOString()} ${step.action}${step.stop ? ` stop ${step.stop} (last ${step.last})` : ''}`)
    await new Promise((resolve) => setTimeout(resolve, Number(env.REFRESH_MS ?? 1000)))
  }
  if (bot.stop) console.log(`exiting; stop ${bot.stop.id} at ${bot.stop.price} stays on the node`)
}

// Run when started as a program, not when a test imports the class.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(`trailing-stop: ${(error as Error).message}`)
    process.exitCode = 1
  })
}
