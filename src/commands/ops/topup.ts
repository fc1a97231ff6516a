import {Flags} from '@oclif/core'
import {OperationCommand, operationFlags} from '../../cli/operation-command.js'

export default class OpsTopup extends OperationCommand {
  static override summary = "Credit an account's funding balance (OperationsService.ManualTopup)."
  static override examples = [
    '<%= config.bin %> ops topup --account-id 5f0c... --asset USDT --amount 1000 --reason "bank wire 42" --yes',
  ]

  static override flags = {
    'account-id': Flags.string({summary: 'Account id.'}),
    ...operationFlags,
  }

  async run() {
    const {flags} = await this.parse(OpsTopup)
    const accountId = await this.require(flags['account-id'], 'account-id', 'Account id')
    return this.operate(
      'ManualTopup',
      {account_id: accountId},
      flags,
      (amount, asset) => `top up ${amount} ${asset} to account ${accountId}`,
    )
  }
}
