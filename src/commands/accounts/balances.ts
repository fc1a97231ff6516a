import {Flags} from '@oclif/core'
import {AccountCommand, accountFlags, accountOf} from '../../cli/account-command.js'
import {tableFlags} from '../../cli/table.js'

/** A zero decimal string: "0", "0.00". */
const isZero = (amount: string) => /^0*(\.0*)?$/.test(amount)

export default class AccountsBalances extends AccountCommand {
  static override summary = "Show an account's funding and trading balances per asset (AccountsService.GetBalances)."
  static override description = 'Rows with nothing available or locked are left out unless --all; --json always has every row.'
  static override examples = [
    '<%= config.bin %> accounts balances --email alice@example.com',
    '<%= config.bin %> accounts balances --account-id 5f0c... --all',
    '<%= config.bin %> accounts balances --email alice@example.com --json',
  ]

  static override flags = {
    ...accountFlags,
    all: Flags.boolean({summary: 'Also show assets with a zero balance.', default: false}),
    ...tableFlags,
  }

  async run() {
    const {flags} = await this.parse(AccountsBalances)
    const email = await this.accountEmail(accountOf(flags))
    const response = await this.call('AccountsService', 'GetBalances', {email})
    const shown = flags.all
      ? response.balances
      : response.balances.filter((balance) => !isZero(balance.available) || !isZero(balance.locked))
    this.table(shown, ['asset', 'account_type', 'available', 'locked', 'amount', 'balance_account_id'])
    if (!this.jsonEnabled() && shown.length < response.balances.length) {
      this.log(`(${response.balances.length - shown.length} zero balances not shown; --all shows them)`)
    }
    return response
  }
}
