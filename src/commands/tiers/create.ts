import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class TiersCreate extends AdminCommand {
  static override summary = 'Create a tier of fees and limits (TiersService.CreateTier).'
  static override examples = [
    '<%= config.bin %> tiers create --name vip1 --limits \'{"maker_fee": "0.0008", "taker_fee": "0.0015", "orders_per_second": 20}\'',
    '<%= config.bin %> tiers create --name vip2 --limits \'{"withdrawal_limit_24h": {"BTC": "5"}}\' --json',
  ]

  static override flags = {
    name: Flags.string({summary: 'Unique tier name.'}),
    limits: Flags.string({
      summary:
        'Limits as a JSON object: maker_fee, taker_fee (decimal strings), orders_per_second, withdrawal_limit_24h; unknown keys are kept.',
    }),
  }

  async run() {
    const {flags} = await this.parse(TiersCreate)
    const request = {
      name: await this.require(flags.name, 'name', 'Tier name'),
      limits: await this.require(flags.limits, 'limits', 'Limits (JSON object)'),
    }
    return this.show('TiersService', 'CreateTier', request)
  }
}
