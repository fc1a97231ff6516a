/**
 * The Binance-form API on the public listener (docs/binance-compat.md "Binance-compatible API"): `/api/v3/...` beside `/api/v1`,
 * `/sapi/v1/...` (the wallet, over the chain module), and the empty futures, options and margin
 * catalogues ccxt asks for, over the same services. One router per noun file (general, market data,
 * tickers; the signed account, order, cancel-replace, list, wallet, deposit, withdrawal and listen-key routes,
 * admitted by signed.ts); every failure below is `{code, msg}` (errors.ts), and so is any path under
 * `/api/v3/`, `/sapi/`, `/fapi/`, `/dapi/` or `/eapi/` that nothing serves (404, -1000).
 */
import Router from '@koa/router'
import type {Context, Middleware, Next} from 'koa'
import type {HttpDeps} from '../public-services.js'
import {indexedRoutes} from '../http/route-index.js'
import {accountRoutes} from './account.js'
import {cancelReplaceRoutes} from './cancel-replace.js'
import {derivativeRoutes, marginRoutes} from './catalogues.js'
import {depositRoutes} from './deposits.js'
import {binanceErrors} from './errors.js'
import {generalRoutes} from './general.js'
import {listenKeyRoutes} from './listen-keys.js'
import {marketDataRoutes} from './market.js'
import {orderListRoutes} from './order-lists.js'
import {orderRoutes} from './orders.js'
import {callerOf, formBody, paramsOf, signed, type SignedKit} from './signed.js'
import {tickerRoutes} from './tickers.js'
import {walletRoutes} from './wallet.js'
import {withdrawalRoutes} from './withdrawals.js'

/** Paths of this API: everything under them is answered here, in Binance's shapes. */
const PREFIXES = ['/api/v3/', '/sapi/', '/fapi/', '/dapi/', '/eapi/']

export const isBinancePath = (path: string): boolean =>
  PREFIXES.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix)

/**
 * Middleware serving the Binance-form paths and passing every other request on. `limited` is the
 * listener's unauthenticated rate class (per IP), the one its market data shares.
 */
export function binanceApi(deps: HttpDeps, limited: Middleware): Middleware {
  const kitOf = (router: Router): SignedKit => ({
    router,
    services: deps.services,
    limited,
    params: paramsOf,
    signed: (use) => signed(deps, use),
    caller: callerOf,
  })
  const api = kitOf(new Router({prefix: '/api/v3'}))
  generalRoutes(api, deps.config.rateLimits)
  marketDataRoutes(api)
  tickerRoutes(api)
  accountRoutes(api)
  orderRoutes(api)
  cancelReplaceRoutes(api)
  orderListRoutes(api)
  listenKeyRoutes(api, deps)
  const sapi = kitOf(new Router({prefix: '/sapi/v1'}))
  walletRoutes(sapi)
  depositRoutes(sapi)
  withdrawalRoutes(sapi, deps.logger)
  marginRoutes(sapi)
  const others = kitOf(new Router())
  derivativeRoutes(others, deps.config.rateLimits)
  // Each path goes to the router of its prefix (only one can serve it).
  const routers: [prefix: string, routes: Middleware][] = [
    ['/api/v3/', indexedRoutes(api.router)],
    ['/sapi/v1/', indexedRoutes(sapi.router)],
    ['', indexedRoutes(others.router)],
  ]
  const errors = binanceErrors((error, path) => deps.services.systemErrors.report('http', error, {path}))
  const route = (ctx: Context) => routers.find(([prefix]) => ctx.path.startsWith(prefix))![1](ctx, async () => undefined)
  return (ctx: Context, next: Next) => {
    if (!isBinancePath(ctx.path)) return next()
    // Binance's paths have no trailing slash; the same path with one is served identically.
    if (ctx.path.length > 1 && ctx.path.endsWith('/')) ctx.path = ctx.path.slice(0, -1)
    // Parameters come in the query string and, with POST, PUT and DELETE, in a form body.
    return errors(ctx, () => formBody(ctx, () => route(ctx)))
  }
}
