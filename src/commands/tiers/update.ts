import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'
import {tierFlags} from '../../cli/tiers.js'

export default class TiersUpdate extends AdminCommand {
  static override summary = 'Rename a tier and/or replace its limits; what is not given is kept (TiersService.UpdateTier).'
  static override examples = [
    '<%= config.bin %> tiers update --tier vip1 --limits \'{"maker_fee": "0.0005", "taker_fee": "0.001"}\'',
    '<%= config.bin %> tiers update --tier vip1 --name vip-gold',
  ]

  static override flags = {
    ...tierFlags,
    name: Flags.string({summary: 'New name (default: keep the current one).'}),
    limits: Flags.string({summary: 'New limits as a JSON object, replacing the current ones (default: keep them).'}),
  }

  async run() {
    const {flags} = await this.parse(TiersUpdate)
    const request = {
      tier_id: await this.tierId(flags),
      name: flags.name ?? '',
      limits: flags.limits ?? '',
    }
    return this.show('TiersService', 'UpdateTier', request)
  }
}
