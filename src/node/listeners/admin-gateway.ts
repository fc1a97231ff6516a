/**
 * The AdminGateway listener (127.0.0.1:8081 by default; docs/architecture.md "One process, three listeners"): admin sign-in with roles,
 * `POST /rpc/{Service}/{Method}` (a JSON proxy to the node's own admin gRPC API over loopback,
 * with the RBAC check before every call), an audit log of every action, `GET /metrics`
 * (Prometheus) and `GET /healthz`. The P2P dispute endpoints join it with the P2P module.
 * This file only composes the admin-gateway/ transport over the http/ toolkit. See docs/admin-gateway.md.
 */
import type {ChannelCredentials} from '@grpc/grpc-js'
import Koa from 'koa'
import Router from '@koa/router'
import type {NodeConfig} from '../ground/config.js'
import type {Logger} from '../ground/logger.js'
import type {TransportServices} from '../services.js'
import {authRoutes} from '../admin-gateway/auth-routes.js'
import type {AuditSink} from '../admin-gateway/audited.js'
import {rpcCatalog} from '../admin-gateway/catalog.js'
import {GatewayMetrics, METRICS_CONTENT_TYPE} from '../admin-gateway/metrics.js'
import {AdminProxy} from '../admin-gateway/proxy.js'
import {rpcRoutes} from '../admin-gateway/rpc.js'
import {disputeRoutes} from '../admin-gateway/disputes.js'
import {trailingSlash} from '../http/body.js'
import {forwardedClientIp, TrustedProxies} from '../http/client-ip.js'
import {accessLog} from '../http/access-log.js'
import {errorBody} from '../http/errors.js'
import {listen} from '../http/listen.js'
import {RateLimiter} from '../http/rate-limiter.js'
import {strictLimit} from '../http/rate-limit.js'
import {securityHeaders} from '../http/security-headers.js'
import type {OpenListener} from './public.js'

export type AdminGatewayDeps = {
  services: TransportServices
  logger: Logger
  config: NodeConfig
  /** host:port of the node's admin gRPC server, dialled by the /rpc proxy. */
  grpcAddress: string
  /** How the proxy reaches it when it has TLS (plaintext otherwise). */
  grpcCredentials?: ChannelCredentials
}

export type AdminGateway = {app: Koa; metrics: GatewayMetrics; close(): void}

export function adminGateway(deps: AdminGatewayDeps): AdminGateway {
  const {services, logger, config} = deps
  const {admins, audit, tokens} = services
  const catalog = rpcCatalog()
  const proxy = new AdminProxy(deps.grpcAddress, config.adminToken, deps.grpcCredentials)
  const metrics = new GatewayMetrics(() => admins.activeByRole())
  const sink: AuditSink = {
    log: audit,
    logger,
    onResult: (action, result) => {
      metrics.auditEntries.inc({result})
      if (!action.includes('/')) return
      metrics.rpcCalls.inc({rpc: catalog.has(action) ? action : 'unknown', result})
    },
  }
  // The listener's one rate limiter: the strict class of sign-ins and the failed sign-ins.
  const limiter = new RateLimiter(config.rateLimits)

  const app = new Koa()
  app.proxy = false
  const router = new Router()
  router.get('/healthz/', (ctx) => {
    services.health()
    ctx.body = {status: 'ok'}
  })
  // Unauthenticated: the listener is loopback by default; see docs/admin-gateway.md.
  router.get('/metrics/', (ctx) => {
    ctx.type = METRICS_CONTENT_TYPE
    ctx.body = metrics.render()
  })
  authRoutes(router, {admins, tokens, limiter, lockout: services.identity.adminLockout, sink, strict: strictLimit(limiter)})
  rpcRoutes(router, {admins, tokens, proxy, catalog, sink})
  disputeRoutes(router, {services, sink})

  // Behind trusted reverse proxies ctx.ip (sign-in limits, the audit log) is the forwarded client.
  const clientIp = forwardedClientIp(new TrustedProxies(config.trustedProxies))
  if (clientIp) app.use(clientIp)
  app.use(securityHeaders)
  app.use(accessLog(logger, 'admin_http'))
  app.use(metrics.middleware())
  app.use(errorBody((error, path) => deps.services.systemErrors.report('admin-gateway', error, {path})))
  app.use(trailingSlash)
  app.use(router.routes())
  app.use(router.allowedMethods())
  return {app, metrics, close: () => proxy.close()}
}

/** Serves the AdminGateway on host:port; `close` also closes the gRPC client of the /rpc proxy. */
export async function openAdminGatewayListener(deps: AdminGatewayDeps, host: string, port: number): Promise<OpenListener> {
  const gateway = adminGateway(deps)
  const {adminHttpTls, httpTimeouts} = deps.config
  const http = await listen(gateway.app, host, port, {
    tls: adminHttpTls,
    timeouts: httpTimeouts,
    onConnectionError: (error) => deps.logger.debug({err: error}, 'admin-gateway connection error'),
  })
  return {
    port: http.port,
    tls: http.tls,
    reloadTls: () => http.reloadTls(),
    close: async (graceMs) => {
      await http.close(graceMs)
      gateway.close()
    },
  }
}
