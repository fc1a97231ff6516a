import type {PingServiceHandlers} from '../generated/exchange/admin/v1/PingService.js'
import type {AdminContext} from '../context.js'

export const pingHandlers = (ctx: AdminContext): PingServiceHandlers => ({
  Ping: ctx.unary('Ping', () => ({status: 'ok'})),
})
