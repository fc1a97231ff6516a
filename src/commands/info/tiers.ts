import {AdminCommand} from '../../cli/admin-command.js'

export default class InfoTiers extends AdminCommand {
  static override summary = 'List the fee and limit tiers (InfoService.ListTiers).'
  static override examples = ['<%= config.bin %> info tiers', '<%= config.bin %> info tiers --json']

  async run() {
    await this.parse(this.constructor as typeof InfoTiers)
    return this.list('InfoService', 'ListTiers', {}, 'tiers', [
      'id',
      'name',
      ['default', (tier) => (tier.is_default ? 'yes' : '')],
      'limits',
    ])
  }
}
