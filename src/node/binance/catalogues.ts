/**
 * The catalogues of what the node does not trade (docs/binance-compat.md "ccxt"): USDⓈ-M and COIN-M
 * futures, options, cross and isolated margin. ccxt's `loadMarkets` asks for each of them by
 * default; each answers Binance's shape with nothing in it, so an unmodified client loads the spot
 * markets and stays on the node instead of failing (or asking Binance itself).
 *
 * `GET /fapi/v1/exchangeInfo`, `/dapi/v1/exchangeInfo`, `/eapi/v1/exchangeInfo` are public.
 * `GET /sapi/v1/margin/allPairs` is Binance's MARKET_DATA: the key header at most, and ccxt signs
 * it anyway — the signature is read and not checked (nothing in `[]` is the caller's).
 * `GET /sapi/v1/margin/isolated/allPairs` is Binance's USER_DATA: signed, `read`.
 */
import type {RateLimits} from '../ground/config.js'
import type {Params, RouteKit} from './params.js'
import type {SignedKit} from './signed.js'

const rateLimits = (limits: RateLimits) => [
  {rateLimitType: 'RAW_REQUESTS', interval: 'SECOND', intervalNum: 1, limit: limits.standard},
]

/** Routes on a router without a prefix: the paths are whole (`/fapi/v1/exchangeInfo`). */
export function derivativeRoutes({router, limited, params}: RouteKit, limits: RateLimits): void {
  router.get('/fapi/v1/exchangeInfo', limited, (ctx) => {
    params(ctx).done()
    ctx.body = {
      timezone: 'UTC',
      serverTime: Date.now(),
      futuresType: 'U_MARGINED',
      rateLimits: rateLimits(limits),
      exchangeFilters: [],
      assets: [],
      symbols: [],
    }
  })

  router.get('/dapi/v1/exchangeInfo', limited, (ctx) => {
    params(ctx).done()
    ctx.body = {timezone: 'UTC', serverTime: Date.now(), rateLimits: rateLimits(limits), exchangeFilters: [], symbols: []}
  })

  router.get('/eapi/v1/exchangeInfo', limited, (ctx) => {
    params(ctx).done()
    ctx.body = {
      timezone: 'UTC',
      serverTime: Date.now(),
      optionContracts: [],
      optionAssets: [],
      optionSymbols: [],
      rateLimits: rateLimits(limits),
    }
  })
}

/** The margin catalogues, under `/sapi/v1`. */
export function marginRoutes({router, limited, params, signed}: SignedKit): void {
  router.get('/margin/allPairs', limited, (ctx) => {
    const query = params(ctx)
    query.optional('symbol')
    signatureParams(query)
    query.done()
    ctx.body = []
  })

  router.get('/margin/isolated/allPairs', signed({permission: 'read'}), (ctx) => {
    const query = params(ctx)
    query.optional('symbol')
    query.done()
    ctx.body = []
  })
}

/** Marks a signature's parameters read, for an endpoint that does not check one. */
function signatureParams(query: Params): void {
  for (const name of ['timestamp', 'recvWindow', 'signature']) query.optional(name)
}
