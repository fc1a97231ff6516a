/**
 * The AdminGateway listener (127.0.0.1:8081 by default; contract §1): admin sign-in with roles,
 * `POST /rpc/{Service}/{Method}` (a JSON proxy to the node's own admin gRPC API over loopback,
 * with the RBAC check before every call), an audit log of every action, `GET /metrics`
 * (Prometheus) and `GET /healthz`. The P2P dispute endpoints join it with the P2P module.
 * See docs/admin-gateway.md.
 */
import Koa from 'koa'
import Router from '@koa/router'
import type {NodeConfig} from '../config.js'
import type {Logger} from '../logger.js'
import type {Services} from '../services.js'
import {authRoutes} from '../gateway-admin/auth-routes.js'
import type {AuditSink} from '../gateway-admin/audited.js'
import {rpcCatalog} from '../gateway-admin/catalog.js'
import {GatewayMetrics, METRICS_CONTENT_TYPE} from '../gateway-admin/metrics.js'
import {AdminProxy} from '../gateway-admin/proxy.js'
import {FailureLimiter} from '../gateway-admin/rate-limit.js'
import {rpcRoutes} from '../gateway-admin/rpc.js'
import {disputeRoutes} from '../p2p/admin-routes.js'
import {trailingSlash} from './body.js'
import {errorBody} from './errors.js'

export type AdminGatewayDeps = {
  services: Services
  logger: Logger
  config: NodeConfig
  /** host:port of the node's admin gRPC server, dialled by the /rpc proxy. */
  grpcAddress: string
}

export type AdminGateway = {app: Koa; metrics: GatewayMetrics; close(): void}

export function adminGateway(deps: AdminGatewayDeps): AdminGateway {
  const {services, logger, config} = deps
  const {admins, audit, tokens} = services
  const catalog = rpcCatalog()
  const proxy = new AdminProxy(deps.grpcAddress, config.adminToken)
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
  const limiter = new FailureLimiter(config.rateLimits.strict)

  const app = new Koa()
  app.proxy = false
  const router = new Router()
  router.get('/healthz/', (ctx) => {
    services.db.prepare('SELECT 1').get()
    ctx.body = {status: 'ok'}
  })
  // Unauthenticated: the listener is loopback by default; see docs/admin-gateway.md.
  router.get('/metrics/', (ctx) => {
    ctx.type = METRICS_CONTENT_TYPE
    ctx.body = metrics.render()
  })
  authRoutes(router, {admins, tokens, limiter, sink})
  rpcRoutes(router, {admins, tokens, proxy, catalog, sink})
  disputeRoutes(router, {services, sink})

  app.use(metrics.middleware())
  app.use(errorBody(logger))
  app.use(trailingSlash)
  app.use(router.routes())
  app.use(router.allowedMethods())
  return {app, metrics, close: () => proxy.close()}
}
