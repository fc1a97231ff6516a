import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

type Balance = {
  asset: string
  amount: string
  account_type: string
  available: string
  locked: string
  balance_account_id: string
}
type Response = {balances: Balance[]}

export default class AccountsBalances extends AdminCommand {
  static override summary = "Show an account's funding and trading balances per asset (AccountsService.GetBalances)."
  static override examples = [
    '<%= config.bin %> accounts balances --email alice@example.com',
    '<%= config.bin %> accounts balances --email alice@example.com --json',
  ]

  static override flags = {
    email: Flags.string({summary: 'E-mail of the account.'}),
  }

  async run(): Promise<Response> {
    const {flags} = await this.parse(AccountsBalances)
    const email = await this.require(flags.email, 'email', 'E-mail')
    const response = await this.call<Response>('AccountsService', 'GetBalances', {email})
    this.table(
      ['asset', 'account_type', 'available', 'locked', 'amount', 'balance_account_id'],
      response.balances.map((b) => [b.asset, b.account_type, b.available, b.locked, b.amount, b.balance_account_id]),
    )
    return response
  }
}
