import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class TiersSetDefault extends AdminCommand {
  static override summary = 'Make a tier the default for new accounts (TiersService.SetDefaultTier).'
  static override examples = ['<%= config.bin %> tiers set-default --tier-id 5f0c...']

  static override flags = {
    'tier-id': Flags.string({summary: 'Tier id.'}),
  }

  async run() {
    const {flags} = await this.parse(TiersSetDefault)
    const request = {tier_id: await this.require(flags['tier-id'], 'tier-id', 'Tier id')}
    return this.show('TiersService', 'SetDefaultTier', request)
  }
}
