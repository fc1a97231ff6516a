import type {StoreServiceHandlers} from '../generated/exchange/admin/v1/StoreService.js'
import type {AdminContext} from '../context.js'

export const storeHandlers = (ctx: AdminContext): StoreServiceHandlers => ({
  Backup: ctx.unary('Backup', async (request) => {
    const backup = await ctx.services.backups.create(request.path)
    ctx.logger.info({path: backup.path, bytes: backup.bytes, key_id: backup.keyId}, 'backup written')
    return {path: backup.path, secrets_path: backup.secretsPath, bytes: String(backup.bytes), key_id: backup.keyId}
  }),
})
