import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class AccountsSetTier extends AdminCommand {
  static override summary = 'Move an account to another fee and limit tier (AccountsService.SetTier).'
  static override examples = [
    '<%= config.bin %> accounts set-tier --email alice@example.com --tier-id 7d3e...   # ids from `info tiers`',
  ]

  static override flags = {
    email: Flags.string({summary: 'E-mail of the account.'}),
    'tier-id': Flags.string({summary: 'Tier id (see `info tiers`).'}),
  }

  async run() {
    const {flags} = await this.parse(AccountsSetTier)
    const email = await this.require(flags.email, 'email', 'E-mail')
    const tierId = await this.require(flags['tier-id'], 'tier-id', 'Tier id')
    const response = await this.call('AccountsService', 'SetTier', {email, tier_id: tierId})
    if (!this.jsonEnabled()) this.log(`tier of ${email} set to ${tierId}`)
    return response
  }
}
