import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

type Response = {
  id: string
  email: string
  tier_id: string
  funding_account_id: string
  trading_account_id: string
  master_account_id: string
  status: string
  status_comment: string
  is_vip: boolean
  is_totp_enabled: boolean
  created_at: string
}

export default class AccountsDetails extends AdminCommand {
  static override summary = "Show an account's id, tier, balance accounts, status and flags (AccountsService.GetAccountDetails)."
  static override examples = [
    '<%= config.bin %> accounts details --email alice@example.com',
    '<%= config.bin %> accounts details --email alice@example.com --json',
  ]

  static override flags = {
    email: Flags.string({summary: 'E-mail of the account.'}),
  }

  async run(): Promise<Response> {
    const {flags} = await this.parse(AccountsDetails)
    const email = await this.require(flags.email, 'email', 'E-mail')
    const response = await this.call<Response>('AccountsService', 'GetAccountDetails', {email})
    this.details(response)
    return response
  }
}
