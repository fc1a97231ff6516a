/**
 * The public listener: REST, market data and the user gateway under `/api/v1`, the Binance-form
 * API under `/api/v3` and its streams (binance/), the OpenAPI
 * document at `/api/v1/openapi.json`, `GET /healthz`, the WebSocket streams on the same server
 * (ws/streams.ts), and the web app for traders at `/` (web/, docs/web.md). Every failure renders the
 * error body of docs/rest.md "Errors". This file only composes: the routes are the transports' (rest/,
 * market/, gateway/, ws/, web/), the middlewares the toolkit's (http/).
 */
import Koa from 'koa'
import Router from '@koa/router'
import {binanceApi} from '../binance/routes.js'
import {binanceStreams} from '../binance/streams.js'
import {UserData} from '../binance/user-data.js'
import {binanceWsApi} from '../binance/ws-api.js'
import {gatewayRoutes} from '../gateway/routes.js'
import {readBody, trailingSlash} from '../http/body.js'
import {forwardedClientIp, TrustedProxies} from '../http/client-ip.js'
import type {HttpDeps, RequestScoper, StreamDeps} from '../public-services.js'
import type {PublicServices, StreamServices} from '../public-services.js'
import type {NodeConfig} from '../ground/config.js'
import type {Logger} from '../ground/logger.js'
import {cors} from '../http/cors.js'
import {accessLog, logUpgrades} from '../http/access-log.js'
import {errorBody} from '../http/errors.js'
import {trustedOrigins} from '../http/origin.js'
import {securityHeaders} from '../http/security-headers.js'
import {listen, type Listener} from '../http/listen.js'
import {WsHub} from '../http/ws-hub.js'
import {indexedRoutes} from '../http/route-index.js'
import {limitByIp} from '../http/rate-limit.js'
import {RateLimiter} from '../http/rate-limiter.js'
import {marketRoutes} from '../market/routes.js'
import {restRoutes} from '../rest/routes.js'
import {p2pRoutes} from '../rest/p2p/routes.js'
import {attachStreams} from '../ws/streams.js'
import {webApp, type WebContent} from '../web/serve.js'
import {openApiDocument} from './openapi.js'

/**
 * A listener that is serving; `close` stops accepting and waits up to `graceMs` for in-flight work,
 * `reloadTls` re-reads its certificate files (http/listen.ts; a no-op without TLS).
 */
export type OpenListener = Pick<Listener, 'port' | 'tls' | 'reloadTls'> & {close(graceMs: number): Promise<void>}

/** The listener's Koa app; with `web`, it also serves the web app and the branding (web/serve.ts). */
export function publicApp(deps: HttpDeps, web?: WebContent): Koa {
  const app = new Koa()
  app.proxy = false
  // On a cluster edge each request runs in a scope of its own (its signed check's replay proof).
  const scope = deps.requestScope
  if (scope) app.use((_ctx, next) => scope.run(next))
  const root = new Router()
  root.get(['/healthz', '/healthz/'], (ctx) => {
    deps.services.health()
    ctx.body = {status: 'ok'}
  })
  const api = new Router({prefix: '/api/v1'})
  // The standard class of anonymous requests: one bucket per IP of the listener's one limiter, shared by
  // market data (/api/v1 and the Binance-form /api/v3) and the OpenAPI document.
  const unauthenticated = limitByIp(deps.limiter)
  restRoutes(api, deps)
  marketRoutes(api, deps, unauthenticated)
  // Paths are normalised to end with "/" before routing (http/body.ts).
  api.get('/openapi.json/', unauthenticated, (ctx) => {
    ctx.body = openApiDocument
  })
  gatewayRoutes(api, deps)
  p2pRoutes(api, deps)
  // Behind trusted reverse proxies ctx.ip is the client they forward for (X-Forwarded-For).
  const clientIp = forwardedClientIp(new TrustedProxies(deps.config.trustedProxies))
  if (clientIp) app.use(clientIp)
  app.use(securityHeaders)
  app.use(cors(trustedOrigins(deps.config)))
  app.use(accessLog(deps.logger, 'http'))
  // The Binance-form API (docs/binance-compat.md "Errors") answers its own paths with its own error body.
  app.use(binanceApi(deps, unauthenticated))
  app.use(errorBody((error, path) => deps.services.systemErrors.report('http', error, {path})))
  // GET and HEAD outside the API: the app's files, and its index.html for every other page.
  if (web) app.use(webApp(web))
  // No root route is under /api/: an API request skips that router (its match, host parse, chain).
  const rootRoutes = root.routes()
  // (The router fills in the `params` and `router` its context type declares.)
  type RootContext = Parameters<typeof rootRoutes>[0]
  app.use((ctx, next) => (ctx.path.startsWith('/api/') ? trailingSlash(ctx, next) : rootRoutes(ctx as RootContext, next)))
  app.use(readBody)
  app.use(indexedRoutes(api))
  app.use(api.allowedMethods())
  return app
}

/**
 * What the node hands a listener: the services its routes call, the services its WebSocket streams
 * read (`streams`: the node's own services again on one node; on a cluster's edge, what its event
 * stream holds, cluster/edge/streams.ts), the node's settings, on an edge a scope per request
 * (`requestScope`), and the web app and branding read at start (web-content.ts; none with `--no-web`).
 */
export type ListenerDeps = {
  services: PublicServices
  streams: StreamServices
  logger: Logger
  config: NodeConfig
  requestScope?: RequestScoper
  web?: WebContent
}

/**
 * Serves the public app on host:port with the WebSocket streams attached to the same server. The
 * listener's one rate limiter is made here: every route and stream of the listener draws from it.
 */
export async function openPublicListener(node: ListenerDeps, host: string, port: number): Promise<OpenListener> {
  const {streams: streamServices, web, ...base} = node
  const deps: HttpDeps = {...base, limiter: new RateLimiter(node.config.rateLimits)}
  const streamDeps: StreamDeps = {...deps, services: streamServices}
  const {httpTls, httpTimeouts} = deps.config
  const http = await listen(publicApp(deps, web), host, port, {
    tls: httpTls,
    timeouts: httpTimeouts,
    onConnectionError: (error) => deps.logger.debug({err: error}, 'http connection error'),
  })
  logUpgrades(http.server, deps.logger, 'http')
  const hub = new WsHub(deps.config, deps.logger, (error, path) => deps.services.systemErrors.report('ws', error, {path}))
  const streams = attachStreams(hub, streamDeps)
  // The Binance form's user data, followed over its WebSocket API and by listen key.
  const userData = new UserData(streamDeps)
  const binance = binanceStreams(hub, streamDeps, userData)
  const wsApi = binanceWsApi(hub, deps, userData)
  // The /api/v1 route last: it takes every path the others do not serve.
  hub.listen(http.server, [wsApi, binance, streams])
  return {
    port: http.port,
    tls: http.tls,
    reloadTls: () => http.reloadTls(),
    close: async (graceMs) => {
      hub.close()
      streams.close()
      binance.close()
      userData.close()
      await http.close(graceMs)
    },
  }
}
