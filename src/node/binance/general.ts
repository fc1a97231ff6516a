/**
 * `ping`, `time` and `exchangeInfo` of the Binance-form API (docs/binance-compat.md "Public REST (/api/v3/...)"): the trading rules of
 * every pair as Binance's filters, which ccxt's `loadMarkets` reads for precision and limits.
 */
import type {RateLimits} from '../ground/config.js'
import type {Ticker} from '../tickers/tickers.js'
import type {TickerSpec} from '../trading/spec.js'
import {pairName, symbolsParam, type RouteKit} from './params.js'

/** Order types the node takes (ccxt refuses a stop type a market does not list). */
export const ORDER_TYPES = [
  'LIMIT',
  'LIMIT_MAKER',
  'MARKET',
  'STOP_LOSS',
  'STOP_LOSS_LIMIT',
  'TAKE_PROFIT',
  'TAKE_PROFIT_LIMIT',
] as const

export function generalRoutes({router, services, limited, params}: RouteKit, limits: RateLimits): void {
  router.get('/ping', limited, (ctx) => {
    params(ctx).done()
    ctx.body = {}
  })

  router.get('/time', limited, (ctx) => {
    params(ctx).done()
    ctx.body = {serverTime: Date.now()}
  })

  router.get('/exchangeInfo', limited, (ctx) => {
    const query = params(ctx)
    const selected = symbolsParam(query, services.tickers)
    query.optional('permissions')
    query.optional('showPermissionSets')
    query.done()
    ctx.body = {
      timezone: 'UTC',
      serverTime: Date.now(),
      rateLimits: [{rateLimitType: 'RAW_REQUESTS', interval: 'SECOND', intervalNum: 1, limit: limits.standard}],
      exchangeFilters: [],
      symbols: selected.tickers.map((ticker) => symbolInfo(ticker, services.trading.spec(ticker.symbol))),
    }
  })
}

function symbolInfo(ticker: Ticker, spec: TickerSpec) {
  const tick = spec.formatPrice(1)
  const lot = spec.formatQty(1)
  const maxQty = spec.formatQty(Number.MAX_SAFE_INTEGER)
  return {
    symbol: pairName(ticker),
    status: ticker.active ? 'TRADING' : 'BREAK',
    baseAsset: spec.base,
    baseAssetPrecision: spec.baseDecimals,
    quoteAsset: spec.quote,
    quotePrecision: spec.quoteDecimals,
    quoteAssetPrecision: spec.quoteDecimals,
    baseCommissionPrecision: spec.baseDecimals,
    quoteCommissionPrecision: spec.quoteDecimals,
    orderTypes: ORDER_TYPES,
    icebergAllowed: false,
    ocoAllowed: false,
    otoAllowed: false,
    quoteOrderQtyMarketAllowed: true,
    allowTrailingStop: false,
    cancelReplaceAllowed: true,
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: false,
    filters: [
      {filterType: 'PRICE_FILTER', minPrice: tick, maxPrice: spec.formatPrice(Number.MAX_SAFE_INTEGER), tickSize: tick},
      {filterType: 'LOT_SIZE', minQty: lot, maxQty, stepSize: lot},
      {filterType: 'MARKET_LOT_SIZE', minQty: lot, maxQty, stepSize: lot},
      {filterType: 'NOTIONAL', minNotional: spec.formatQuote(spec.minNotional), applyMinToMarket: false, avgPriceMins: 5},
    ],
    permissions: ['SPOT'],
    permissionSets: [['SPOT']],
    defaultSelfTradePreventionMode: 'EXPIRE_TAKER',
    allowedSelfTradePreventionModes: ['NONE', 'EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH'],
  }
}
