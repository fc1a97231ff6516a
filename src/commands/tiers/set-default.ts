import {AdminCommand} from '../../cli/admin-command.js'
import {tierFlags} from '../../cli/tiers.js'

export default class TiersSetDefault extends AdminCommand {
  static override summary = 'Make a tier the default for new accounts (TiersService.SetDefaultTier).'
  static override examples = ['<%= config.bin %> tiers set-default --tier vip1']

  static override flags = {
    ...tierFlags,
  }

  async run() {
    const {flags} = await this.parse(TiersSetDefault)
    const request = {tier_id: await this.tierId(flags)}
    return this.show('TiersService', 'SetDefaultTier', request)
  }
}
