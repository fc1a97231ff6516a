import {AdminCommand} from '../../cli/admin-command.js'
import {tierFlags} from '../../cli/tiers.js'

export default class TiersDelete extends AdminCommand {
  static override summary = 'Delete a tier that is neither the default nor assigned to an account (TiersService.DeleteTier).'
  static override examples = ['<%= config.bin %> tiers delete --tier vip1']

  static override flags = {
    ...tierFlags,
  }

  async run() {
    const {flags} = await this.parse(TiersDelete)
    const request = {tier_id: await this.tierId(flags)}
    return this.show('TiersService', 'DeleteTier', request)
  }
}
