import type * as grpc from '@grpc/grpc-js'
import type {AlertsServiceHandlers} from '../generated/exchange/admin/v1/AlertsService.js'
import type {Alert as AlertMessage} from '../generated/exchange/admin/v1/Alert.js'
import type {ListRequest__Output} from '../generated/exchange/admin/v1/ListRequest.js'
import type {AdminContext} from '../context.js'
import {matchesFilter, type Alert, type AlertFilter} from '../../alerts/alerts.js'
import {toServiceError} from '../status.js'

const toMessage = (alert: Alert): AlertMessage => ({
  id: alert.id,
  type: alert.type,
  severity: alert.severity,
  payload: alert.payload,
  status: alert.status,
  created_at: alert.createdAt,
  resolved_at: alert.resolvedAt ?? '',
  comment: alert.comment,
  resolution: alert.resolution,
  updated_at: alert.updatedAt,
})

export function alertsHandlers(ctx: AdminContext): AlertsServiceHandlers {
  const {alerts} = ctx.services
  return {
    Create: ctx.unary('Create', (req) => {
      const alert = alerts.create(req.type, req.severity, req.payload)
      ctx.logger.info({alert_id: alert.id, type: alert.type, severity: alert.severity}, 'alert created')
      return {alert_id: alert.id}
    }),
    Acknowledge: ctx.unary('Acknowledge', (req) => {
      alerts.acknowledge(req.alert_id, req.comment)
      return {success: true}
    }),
    Resolve: ctx.unary('Resolve', (req) => {
      alerts.resolve(req.alert_id, req.resolution)
      return {success: true}
    }),

    /** Writes what exists, then (with follow) subscribes until the client cancels or the node stops. */
    List: (call: grpc.ServerWritableStream<ListRequest__Output, AlertMessage>) => {
      let filter: AlertFilter
      try {
        ctx.admit(call.metadata, call.request)
        const existing = alerts.list({status: call.request.status, severity: call.request.severity})
        filter = {
          status: (call.request.status || undefined) as AlertFilter['status'],
          severity: (call.request.severity || undefined) as AlertFilter['severity'],
        }
        if (!call.request.follow) {
          for (const alert of existing) call.write(toMessage(alert))
          call.end()
          return
        }
        // Subscribe before writing the backlog so that nothing committed in between is missed.
        const unsubscribe = alerts.subscribe((alert) => {
          if (matchesFilter(alert, filter)) call.write(toMessage(alert))
        })
        const stream = call as unknown as grpc.ServerWritableStream<unknown, unknown>
        ctx.streams.add(stream)
        const stop = () => {
          unsubscribe()
          ctx.streams.delete(stream)
        }
        call.on('cancelled', stop)
        call.on('close', stop)
        call.on('error', stop)
        for (const alert of existing) call.write(toMessage(alert))
      } catch (error) {
        ctx.logFailure('List', error)
        // emit('error') sends the status and trailers; destroy() would leave the client waiting.
        call.emit('error', toServiceError(error))
      }
    },
  }
}
