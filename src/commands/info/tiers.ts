import {AdminCommand} from '../../cli/admin-command.js'

type Tier = {id: string; name: string; limits: string; is_default: boolean}
type Response = {tiers: Tier[]}

export default class InfoTiers extends AdminCommand {
  static override summary = 'List the fee and limit tiers (InfoService.ListTiers).'
  static override examples = ['<%= config.bin %> info tiers', '<%= config.bin %> info tiers --json']

  async run(): Promise<Response> {
    await this.parse(InfoTiers)
    const response = await this.call<Response>('InfoService', 'ListTiers')
    this.table(
      ['id', 'name', 'default', 'limits'],
      response.tiers.map((tier) => [tier.id, tier.name, tier.is_default ? 'yes' : '', tier.limits]),
    )
    return response
  }
}
