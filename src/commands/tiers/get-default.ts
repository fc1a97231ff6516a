import {AdminCommand} from '../../cli/admin-command.js'

type Response = {tier_id: string; tier_name: string}

export default class TiersGetDefault extends AdminCommand {
  static override summary = 'Show the default tier, given to new accounts (TiersService.GetDefaultTier).'
  static override examples = ['<%= config.bin %> tiers get-default', '<%= config.bin %> tiers get-default --json']

  async run(): Promise<Response> {
    await this.parse(TiersGetDefault)
    const response = await this.call<Response>('TiersService', 'GetDefaultTier')
    this.details(response)
    return response
  }
}
