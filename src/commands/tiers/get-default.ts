import {AdminCommand} from '../../cli/admin-command.js'

export default class TiersGetDefault extends AdminCommand {
  static override summary = 'Show the default tier, given to new accounts (TiersService.GetDefaultTier).'
  static override examples = ['<%= config.bin %> tiers get-default', '<%= config.bin %> tiers get-default --json']

  async run() {
    await this.parse(TiersGetDefault)
    return this.show('TiersService', 'GetDefaultTier')
  }
}
