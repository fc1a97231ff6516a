import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class TiersDelete extends AdminCommand {
  static override summary = 'Delete a tier that is neither the default nor assigned to an account (TiersService.DeleteTier).'
  static override examples = ['<%= config.bin %> tiers delete --tier-id 5f0c...']

  static override flags = {
    'tier-id': Flags.string({summary: 'Tier id.'}),
  }

  async run() {
    const {flags} = await this.parse(TiersDelete)
    const request = {tier_id: await this.require(flags['tier-id'], 'tier-id', 'Tier id')}
    return this.show('TiersService', 'DeleteTier', request)
  }
}
