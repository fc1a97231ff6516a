/**
 * A small two-sided quoting bot on ccxt's `binance` class, pointed at an exchange node by URL only
 * (docs/binance-compat.md). Every cycle it reads the book, takes the mid (of the book when it has both
 * sides, else the last one, else MID), and keeps one bid and one ask SPREAD apart around it: quotes
 * that moved are cancelled and placed again, a side it cannot pay for is skipped. On SIGINT/SIGTERM,
 * or after DURATION_S seconds, it cancels its orders and exits.
 *
 *   EXCHANGE_URL=http://127.0.0.1:8080 API_KEY=... API_SECRET=... SYMBOL=BTC/USDT \
 *     node --import tsx examples/ccxt-market-maker.ts [--spread 0.002] [--size 0.01] [--mid 30000]
 *
 * Every setting is an environment variable or the same-named flag (the flag wins):
 *   EXCHANGE_URL  the node's public listener           (http://127.0.0.1:8080)
 *   API_KEY, API_SECRET  a node API key with trade and read
 *   SYMBOL        the pair in ccxt's form               (BTC/USDT)
 *   SPREAD        bid-to-ask distance as a fraction of the mid (0.002)
 *   SIZE          the base amount of each quote         (0.01)
 *   MID           the mid to start from on an empty book (required then)
 *   REFRESH_MS    the pause between cycles              (1000)
 *   DURATION_S    stop after this long; 0 runs until a signal (0)
 *
 * Prices are computed exactly (decimal.js) and rounded to the pair's tick by ccxt before they are sent.
 */
import ccxt from 'ccxt'
import {Decimal} from 'decimal.js'

type Settings = {
  url: string
  apiKey: string
  secret: string
  symbol: string
  spread: Decimal
  size: string
  mid: Decimal | undefined
  refreshMs: number
  durationS: number
}

/** A setting from `--name value` or its environment variable. */
function setting(name: string, env: string, fallback?: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`)
  if (index >= 0 && process.argv[index + 1] !== undefined) return process.argv[index + 1]
  return process.env[env] ?? fallback
}

function settings(): Settings {
  const apiKey = setting('api-key', 'API_KEY')
  const secret = setting('api-secret', 'API_SECRET')
  if (!apiKey || !secret) throw new Error('API_KEY and API_SECRET are required (a node API key with trade and read)')
  const mid = setting('mid', 'MID')
  return {
    url: setting('url', 'EXCHANGE_URL', 'http://127.0.0.1:8080')!.replace(/\/$/, ''),
    apiKey,
    secret,
    symbol: setting('symbol', 'SYMBOL', 'BTC/USDT')!,
    spread: new Decimal(setting('spread', 'SPREAD', '0.002')!),
    size: setting('size', 'SIZE', '0.01')!,
    mid: mid === undefined ? undefined : new Decimal(mid),
    refreshMs: Number(setting('refresh-ms', 'REFRESH_MS', '1000')),
    durationS: Number(setting('duration-s', 'DURATION_S', '0')),
  }
}

/**
 * ccxt's binance against the node, unmodified: every API prefix ccxt uses by default points at the
 * node, and no option is needed (docs/binance-compat.md "ccxt").
 */
function connect(config: Settings) {
  const {url} = config
  const ws = url.replace(/^http/, 'ws')
  return new ccxt.pro.binance({
    apiKey: config.apiKey,
    secret: config.secret,
    urls: {
      api: {
        public: `${url}/api/v3`,
        private: `${url}/api/v3`,
        sapi: `${url}/sapi/v1`,
        fapiPublic: `${url}/fapi/v1`,
        dapiPublic: `${url}/dapi/v1`,
        eapiPublic: `${url}/eapi/v1`,
        ws: {spot: `${ws}/ws`, 'ws-api': {spot: `${ws}/ws-api/v3`}},
      },
    },
  })
}

type Exchange = ReturnType<typeof connect>
type Quote = {side: 'buy' | 'sell'; price: string}

const log = (message: string) => console.log(`${new Date().toISOString()} ${message}`)

/** The mid of the book's best levels, or undefined when a side is empty. */
async function bookMid(exchange: Exchange, symbol: string): Promise<Decimal | undefined> {
  const book = await exchange.fetchOrderBook(symbol, 5)
  const bid = book.bids[0]?.[0]
  const ask = book.asks[0]?.[0]
  if (bid === undefined || ask === undefined) return undefined
  return new Decimal(String(bid)).plus(String(ask)).div(2)
}

/** The quotes to keep around `mid`, on the tick, for the sides the balances pay for. */
async function targets(exchange: Exchange, config: Settings, mid: Decimal, held: Quote[]): Promise<Quote[]> {
  const half = mid.mul(config.spread).div(2)
  const [base, quote] = config.symbol.split('/') as [string, string]
  const balance = await exchange.fetchBalance()
  // What the bot's own quotes lock is still its to spend on them.
  const lockedBy = (side: 'buy' | 'sell') => held.filter((q) => q.side === side).length
  const freeBase = new Decimal(String(balance[base]?.free ?? 0)).plus(new Decimal(config.size).mul(lockedBy('sell')))
  const bid = String(exchange.priceToPrecision(config.symbol, mid.minus(half).toFixed()))
  const ask = String(exchange.priceToPrecision(config.symbol, mid.plus(half).toFixed()))
  const freeQuote = new Decimal(String(balance[quote]?.free ?? 0)).plus(new Decimal(config.size).mul(bid).mul(lockedBy('buy')))
  const wanted: Quote[] = []
  if (freeQuote.gte(new Decimal(config.size).mul(bid))) wanted.push({side: 'buy', price: bid})
  if (freeBase.gte(config.size)) wanted.push({side: 'sell', price: ask})
  return wanted
}

/** One cycle: cancel the quotes that moved, place the missing ones. */
async function cycle(exchange: Exchange, config: Settings, mid: Decimal): Promise<void> {
  const open = await exchange.fetchOpenOrders(config.symbol)
  const held = open.map((order) => ({id: order.id!, side: order.side as 'buy' | 'sell', price: String(order.price)}))
  const wanted = await targets(exchange, config, mid, held)
  const same = (a: Quote, b: Quote) => a.side === b.side && new Decimal(a.price).eq(b.price)
  for (const order of held) {
    if (wanted.some((quote) => same(quote, order))) continue
    try {
      await exchange.cancelOrder(order.id, config.symbol)
    } catch (error) {
      // Filled (or cancelled) meanwhile: nothing to take back.
      if (!(error instanceof ccxt.OrderNotFound)) throw error
    }
  }
  for (const quote of wanted) {
    if (held.some((order) => same(quote, order))) continue
    try {
      await exchange.createOrder(config.symbol, 'limit', quote.side, Number(config.size), Number(quote.price), {postOnly: true})
      log(`quoted ${quote.side} ${config.size} @ ${quote.price}`)
    } catch (error) {
      // A quote that would take (the book moved under it) or that the balance no longer covers: next cycle.
      if (!(error instanceof ccxt.OrderImmediatelyFillable || error instanceof ccxt.InsufficientFunds)) throw error
      log(`skipped ${quote.side} @ ${quote.price}: ${(error as Error).constructor.name}`)
    }
  }
}

async function main(): Promise<void> {
  const config = settings()
  const exchange = connect(config)
  await exchange.loadMarkets()
  if (!exchange.markets?.[config.symbol]) throw new Error(`the node has no pair ${config.symbol}`)
  let stopping = false
  const stop = () => (stopping = true)
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  const deadline = config.durationS > 0 ? Date.now() + config.durationS * 1000 : Infinity
  let mid = config.mid
  log(`quoting ${config.symbol} at ${config.url}, spread ${config.spread}, size ${config.size}`)
  try {
    while (!stopping && Date.now() < deadline) {
      mid = (await bookMid(exchange, config.symbol)) ?? mid
      if (mid === undefined) throw new Error('the book is empty on a side: set MID to start from')
      await cycle(exchange, config, mid)
      await new Promise((resolve) => setTimeout(resolve, config.refreshMs))
    }
  } finally {
    const cancelled = await exchange.cancelAllOrders(config.symbol)
    log(`stopped: ${cancelled.length} quote(s) cancelled`)
    await exchange.close()
  }
}

main().catch((error: unknown) => {
  console.error(`ccxt-market-maker: ${(error as Error).message}`)
  process.exitCode = 1
})
