/**
 * The AdminGateway's dispute endpoints (docs/admin-gateway.md "Endpoints"): arbitrators see the disputes assigned to
 * them, superadmins all; each read and decision is audited. A decision is one transaction: the
 * dispute record, DISPUTE_DECIDED, then SUCCESS or CANCELLED with the ledger effect.
 */
import type Router from '@koa/router'
import type {Context, Next} from 'koa'
import type {Admin} from '../admins/admins.js'
import {ExchangeError, notFound} from '../ground/errors.js'
import {readBody} from '../http/body.js'
import {bodyOf} from '../http/query.js'
import {audited, type AuditSink} from './audited.js'
import {requireAdmin} from './auth.js'
import {gatewayState} from './state.js'
import type {TransportServices} from '../services.js'
import {optionalOneOf} from '../ground/validate.js'
import type {Dispute} from '../p2p/disputes.js'
import {disputeDetailsView} from '../views/p2p.js'

export type DisputeRouteDeps = {services: TransportServices; sink: AuditSink}

export function disputeRoutes(router: Router, deps: DisputeRouteDeps): void {
  const {p2p, admins, tokens} = deps.services
  const guard = (name: string) => [
    audited(deps.sink, () => name),
    requireAdmin(admins, tokens),
    async (ctx: Context, next: Next): Promise<void> => {
      const {admin} = gatewayState(ctx).caller!
      if (admin.role !== 'arbitrator' && admin.role !== 'superadmin') {
        gatewayState(ctx).auditResult = 'denied'
        throw new ExchangeError('permission_denied', `role ${admin.role} has no access to P2P disputes`)
      }
      await next()
    },
  ]
  const adminOf = (ctx: Context): Admin => gatewayState(ctx).caller!.admin
  const detailsOf = (dispute: Dispute) => disputeDetailsView(p2p.disputeDetails(dispute))
  const disputeOf = (ctx: Context): Dispute => {
    const id = String((ctx as Context & {params: {id: string}}).params.id)
    const dispute = /^[0-9a-f-]{36}$/i.test(id) ? p2p.disputes.get(id.toLowerCase()) : undefined
    if (!dispute) throw notFound(`dispute ${id} not found`)
    const admin = adminOf(ctx)
    if (admin.role !== 'superadmin' && dispute.arbitratorId !== admin.id) {
      throw new ExchangeError('permission_denied', 'the dispute is assigned to another arbitrator')
    }
    return dispute
  }

  router.get('/p2p/disputes/', ...guard('p2p/disputes/list'), (ctx: Context) => {
    const admin = adminOf(ctx)
    const status = optionalOneOf(ctx.query['status'], ['open', 'assigned', 'decided'] as const, 'status')
    const arbitratorId = admin.role === 'superadmin' ? undefined : admin.id
    ctx.body = {disputes: p2p.disputes.list({status, arbitratorId}).map(detailsOf)}
  })
  router.get('/p2p/disputes/:id/', ...guard('p2p/disputes/get'), (ctx: Context) => {
    ctx.body = detailsOf(disputeOf(ctx))
  })
  router.get('/p2p/disputes/:id/files/:file/', ...guard('p2p/disputes/file'), (ctx: Context) => {
    const dispute = disputeOf(ctx)
    const file = p2p.chat.read(dispute.orderId, String((ctx as Context & {params: {file: string}}).params.file))
    ctx.type = file.type
    ctx.set('Content-Disposition', `attachment; filename="${file.name}"`)
    ctx.set('X-Content-Type-Options', 'nosniff')
    ctx.body = file.content
  })
  router.post('/p2p/disputes/:id/decide/', ...guard('p2p/disputes/decide'), readBody, (ctx: Context) => {
    const dispute = disputeOf(ctx)
    const admin = adminOf(ctx)
    const body = bodyOf(ctx)
    p2p.orders.decide(
      dispute.id,
      {id: admin.id, superadmin: admin.role === 'superadmin'},
      {winner: body['winner'], comment: body['comment']},
    )
    ctx.body = detailsOf(p2p.disputes.require(dispute.id))
  })
}
