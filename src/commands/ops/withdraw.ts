import {Flags} from '@oclif/core'
import {OperationCommand, operationFlags} from '../../cli/operation-command.js'

export default class OpsWithdraw extends OperationCommand {
  static override summary = "Debit an account's funding balance (OperationsService.ManualWithdraw)."
  static override examples = [
    '<%= config.bin %> ops withdraw --account-id 5f0c... --asset USDT --amount 250 --reason "refund by wire 43" --yes',
  ]

  static override flags = {
    'account-id': Flags.string({summary: 'Account id.'}),
    ...operationFlags,
  }

  async run() {
    const {flags} = await this.parse(OpsWithdraw)
    const accountId = await this.require(flags['account-id'], 'account-id', 'Account id')
    return this.operate(
      'ManualWithdraw',
      {account_id: accountId},
      flags,
      (amount, asset) => `withdraw ${amount} ${asset} from account ${accountId}`,
    )
  }
}
