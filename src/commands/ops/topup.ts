import {accountFlags, accountOf} from '../../cli/account-command.js'
import {OperationCommand, operationFlags} from '../../cli/operation-command.js'

export default class OpsTopup extends OperationCommand {
  static override summary = "Credit an account's funding balance (OperationsService.ManualTopup)."
  static override examples = [
    '<%= config.bin %> ops topup --account-id 5f0c... --asset USDT --amount 1000 --reason "bank wire 42" --yes',
    '<%= config.bin %> ops topup --email alice@example.com --asset USDT --amount 1000 --reason "bank wire 42"',
  ]

  static override flags = {
    ...accountFlags,
    ...operationFlags,
  }

  async run() {
    const {flags} = await this.parse(OpsTopup)
    const account = await this.accountRef(accountOf(flags))
    return this.operate(
      'ManualTopup',
      {account_id: account.id},
      flags,
      (amount, asset) => `top up ${amount} ${asset} to ${account.email} (account ${account.id})`,
      [account],
    )
  }
}
