import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class DevSeed extends AdminCommand {
  static override summary =
    'Create funded demo users with API keys for a local try-out; only on a node started with --dev (DevService.Seed).'
  static override description =
    'Each user gets a random e-mail and password, trading balances of 100000 USDT, 2 BTC and 20 ETH (manual top-ups in the ledger) and a trade+read API key. Passwords and secrets are printed once. A node without --dev refuses: FAILED_PRECONDITION, exit 6.'
  static override examples = ['<%= config.bin %> dev seed', '<%= config.bin %> dev seed --users 5 --json']

  static override flags = {
    users: Flags.integer({min: 1, max: 20, default: 2, summary: 'How many demo users (1 to 20).'}),
  }

  async run() {
    const {flags} = await this.parse(DevSeed)
    const response = await this.call('DevService', 'Seed', {users: flags.users})
    this.table(response.users, [
      'email',
      'password',
      'account_id',
      'api_key',
      'api_secret',
      ['funded', (user) => user.funded.map((amount) => `${amount.value} ${amount.asset}`).join(', ')],
    ])
    return response
  }
}
