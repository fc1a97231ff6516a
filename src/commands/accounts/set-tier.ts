import {AccountCommand, accountFlags, accountOf} from '../../cli/account-command.js'
import {resolveTier, tierFlags} from '../../cli/tiers.js'

export default class AccountsSetTier extends AccountCommand {
  static override summary = 'Move an account to another fee and limit tier (AccountsService.SetTier).'
  static override examples = [
    '<%= config.bin %> accounts set-tier --email alice@example.com --tier vip1',
    '<%= config.bin %> accounts set-tier --account-id 5f0c... --tier 7d3e...   # a tier name or id, from `info tiers`',
  ]

  static override flags = {
    ...accountFlags,
    ...tierFlags,
  }

  async run() {
    const {flags} = await this.parse(AccountsSetTier)
    const email = await this.accountEmail(accountOf(flags))
    const given = flags.tier ?? flags['tier-id'] ?? (await this.require(undefined, 'tier', 'Tier name or id'))
    const tier = await resolveTier((request) => this.call('InfoService', 'ListTiers', request), given)
    const response = await this.call('AccountsService', 'SetTier', {email, tier_id: tier.id})
    if (!this.jsonEnabled()) this.log(`tier of ${email} set to ${tier.name} (${tier.id})`)
    return response
  }
}
