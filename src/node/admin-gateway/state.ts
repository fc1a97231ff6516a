/** What the AdminGateway's middleware leave on `ctx.state` for the ones after them. */
import type {Context} from 'koa'
import type {Admin} from '../admins/admins.js'

export type Caller = {admin: Admin; jti: string}

export type GatewayState = {
  /** The signed-in admin of a Bearer-authenticated request. */
  caller?: Caller
  /** Who the audit entry names when there is no caller yet (sign-in): what is known so far. */
  claimed?: {adminId?: string; adminEmail?: string; role?: string}
  /** Overrides the audit result derived from the outcome (`denied`, `two_factor_required`). */
  auditResult?: string
}

export const gatewayState = (ctx: Context): GatewayState => ctx.state as GatewayState

/** The client address without the IPv4-mapped IPv6 prefix. */
export const clientIp = (ctx: Context): string => ctx.ip.replace(/^::ffff:/, '')
