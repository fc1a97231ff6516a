import {Flags} from '@oclif/core'
import {OperationCommand, operationFlags} from '../../cli/operation-command.js'

export default class OpsTopupBalanceAccount extends OperationCommand {
  static override summary = 'Credit a balance account, funding or trading (OperationsService.ManualTopupBalanceAccount).'
  static override examples = [
    '<%= config.bin %> ops topup-balance-account --balance-account-id c2d9... --asset USDT --amount 1000 --reason "bank wire 44" --yes',
  ]

  static override flags = {
    'balance-account-id': Flags.string({summary: 'Balance account id.'}),
    ...operationFlags,
  }

  async run() {
    const {flags} = await this.parse(OpsTopupBalanceAccount)
    const id = await this.require(flags['balance-account-id'], 'balance-account-id', 'Balance account id')
    return this.operate(
      'ManualTopupBalanceAccount',
      {balance_account_id: id},
      flags,
      (amount, asset) => `top up ${amount} ${asset} to balance account ${id}`,
      [{balanceAccountId: id}],
    )
  }
}
