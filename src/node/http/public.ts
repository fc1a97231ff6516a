/**
 * The public HTTP listener: REST and market data under `/api/v1` (WebSockets attach to the same
 * server, see ws/streams.ts) and `GET /healthz`. Every failure renders the contract's error body.
 */
import Koa from 'koa'
import Router from '@koa/router'
import {gatewayRoutes} from '../gateway/routes.js'
import {marketRoutes} from '../market/routes.js'
import {p2pRoutes} from '../p2p/rest/routes.js'
import {restRoutes} from '../rest/routes.js'
import {readBody, trailingSlash} from './body.js'
import type {HttpDeps} from './deps.js'
import {errorBody} from './errors.js'

export function publicApp(deps: HttpDeps): Koa {
  const app = new Koa()
  app.proxy = false
  const root = new Router()
  root.get(['/healthz', '/healthz/'], (ctx) => {
    deps.services.db.prepare('SELECT 1').get()
    ctx.body = {status: 'ok'}
  })
  const api = new Router({prefix: '/api/v1'})
  restRoutes(api, deps)
  marketRoutes(api, deps)
  gatewayRoutes(api, deps)
  p2pRoutes(api, deps)
  app.use(errorBody(deps.logger))
  // No root route is under /api/: an API request skips that router (its match, host parse, chain).
  const rootRoutes = root.routes()
  // (The router fills in the `params` and `router` its context type declares.)
  type RootContext = Parameters<typeof rootRoutes>[0]
  app.use((ctx, next) => (ctx.path.startsWith('/api/') ? trailingSlash(ctx, next) : rootRoutes(ctx as RootContext, next)))
  app.use(readBody)
  app.use(api.routes())
  app.use(api.allowedMethods())
  return app
}
