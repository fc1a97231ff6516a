import {AdminCommand} from '../../cli/admin-command.js'

type Tier = {id: string; name: string; limits: string; is_default: boolean}
type Response = {tiers: Tier[]}

export default class TiersList extends AdminCommand {
  static override summary = 'List the tiers with their limits (InfoService.ListTiers).'
  static override examples = ['<%= config.bin %> tiers list', '<%= config.bin %> tiers list --json']

  async run(): Promise<Response> {
    await this.parse(TiersList)
    const response = await this.call<Response>('InfoService', 'ListTiers')
    this.table(
      ['id', 'name', 'default', 'limits'],
      response.tiers.map((tier) => [tier.id, tier.name, tier.is_default ? 'yes' : '', tier.limits]),
    )
    return response
  }
}
