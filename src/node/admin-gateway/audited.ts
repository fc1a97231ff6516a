/**
 * Writes one audit entry per AdminGateway action once its outcome is known: who (the caller, or
 * who the sign-in claimed to be), the action, the request with secrets redacted, the result
 * (`ok`, `denied`, another override, or the error code) and the client IP.
 */
import type {Context, Next} from 'koa'
import type {AuditLog} from '../admins/audit.js'
import {toExchangeError} from '../ground/errors.js'
import type {Logger} from '../ground/logger.js'
import {clientIp, gatewayState} from './state.js'

export type AuditSink = {log: AuditLog; logger: Logger; onResult?: (action: string, result: string) => void}

export function audited(sink: AuditSink, action: (ctx: Context) => string) {
  return async (ctx: Context, next: Next): Promise<void> => {
    let result = 'ok'
    try {
      await next()
      result = gatewayState(ctx).auditResult ?? 'ok'
    } catch (error) {
      result = gatewayState(ctx).auditResult ?? toExchangeError(error).code
      throw error
    } finally {
      const state = gatewayState(ctx)
      const who = state.caller
        ? {adminId: state.caller.admin.id, adminEmail: state.caller.admin.email, role: state.caller.admin.role}
        : (state.claimed ?? {})
      const name = action(ctx)
      try {
        sink.log.record({...who, action: name, request: ctx.request.body ?? {}, result, ip: clientIp(ctx)})
        sink.onResult?.(name, result)
      } catch (error) {
        // The action has happened; its answer stands. The failure is loud in the node log.
        sink.logger.error({err: error, action: name, result, admin_email: who.adminEmail}, 'audit log write failed')
      }
    }
  }
}
