import {accountFlags, accountOf} from '../../cli/account-command.js'
import {OperationCommand, operationFlags} from '../../cli/operation-command.js'

export default class OpsWithdraw extends OperationCommand {
  static override summary = "Debit an account's funding balance (OperationsService.ManualWithdraw)."
  static override examples = [
    '<%= config.bin %> ops withdraw --account-id 5f0c... --asset USDT --amount 250 --reason "refund by wire 43" --yes',
  ]

  static override flags = {
    ...accountFlags,
    ...operationFlags,
  }

  async run() {
    const {flags} = await this.parse(OpsWithdraw)
    const account = await this.accountRef(accountOf(flags))
    return this.operate(
      'ManualWithdraw',
      {account_id: account.id},
      flags,
      (amount, asset) => `withdraw ${amount} ${asset} from ${account.email} (account ${account.id})`,
      [account],
    )
  }
}
