import {accountFlagsOf, accountOf} from '../../cli/account-command.js'
import {OperationCommand, operationFlags} from '../../cli/operation-command.js'

export default class OpsTransfer extends OperationCommand {
  static override summary = "Move funds from one account's funding balance to another's (OperationsService.Transfer)."
  static override examples = [
    '<%= config.bin %> ops transfer --from-account-id 5f0c... --to-account-id 9a1b... --asset BTC --amount 0.5 --reason "ticket 1188" --yes',
    '<%= config.bin %> ops transfer --from-email alice@example.com --to-email bob@example.com --asset USDT --amount 10 --reason "ticket 1189"',
  ]

  static override flags = {
    ...accountFlagsOf('from-', 'the account to debit'),
    ...accountFlagsOf('to-', 'the account to credit'),
    ...operationFlags,
  }

  async run() {
    const {flags} = await this.parse(OpsTransfer)
    const from = await this.accountRef(accountOf(flags, 'from-'), 'from-')
    const to = await this.accountRef(accountOf(flags, 'to-'), 'to-')
    return this.operate(
      'Transfer',
      {from_account_id: from.id, to_account_id: to.id},
      flags,
      (amount, asset) => `transfer ${amount} ${asset} from ${from.email} to ${to.email}`,
      [from, to],
    )
  }
}
