/**
 * POST /rpc/{Service}/{Method}: the JSON proxy to the admin gRPC API. In order: the admin's
 * token (401/403), the RPC exists (404), the role may call it (403 `permission_denied`, audited
 * as `denied`), the body fits the request message (400), then the call through the proxy. The
 * answer is the RPC's response as JSON, or for a server stream the array of its messages.
 */
import type Router from '@koa/router'
import type {Admins} from '../admins/admins.js'
import type {Tokens} from '../auth/tokens.js'
import {ExchangeError, invalid, notFound} from '../ground/errors.js'
import {readBody} from '../http/body.js'
import {audited, type AuditSink} from './audited.js'
import {requireAdmin} from './auth.js'
import {checkRequest, type Rpc} from './catalog.js'
import type {AdminProxy} from './proxy.js'
import {isAllowed} from './rbac.js'
import {gatewayState} from './state.js'

export type RpcRouteDeps = {admins: Admins; tokens: Tokens; proxy: AdminProxy; catalog: Map<string, Rpc>; sink: AuditSink}

export function rpcRoutes(router: Router, deps: RpcRouteDeps): void {
  const {catalog, proxy} = deps
  const rpcName = (params: Record<string, string>) => `${params['service'] ?? ''}/${params['method'] ?? ''}`.slice(0, 128)

  router.post(
    '/rpc/:service/:method/',
    audited(deps.sink, (ctx) => rpcName(ctx.params)),
    requireAdmin(deps.admins, deps.tokens),
    readBody,
    async (ctx) => {
      const name = rpcName(ctx.params)
      const rpc = catalog.get(name)
      if (!rpc) throw notFound(`unknown RPC ${name}`)
      const {admin} = gatewayState(ctx).caller!
      if (!isAllowed(admin.role, rpc.name)) {
        gatewayState(ctx).auditResult = 'denied'
        throw new ExchangeError('permission_denied', `role ${admin.role} may not call ${rpc.name}`)
      }
      const request = checkRequest(ctx.request.body ?? {}, rpc.requestType)
      if (rpc.serverStream && request['follow'] === true) {
        throw invalid(`follow is not supported by the AdminGateway; ${rpc.name} answers with what exists now`)
      }
      ctx.body = await proxy.call(rpc, request, admin.email)
    },
  )
}
