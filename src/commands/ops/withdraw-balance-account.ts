import {Flags} from '@oclif/core'
import {OperationCommand, operationFlags} from '../../cli/operation-command.js'

export default class OpsWithdrawBalanceAccount extends OperationCommand {
  static override summary = 'Debit a balance account, funding or trading (OperationsService.ManualWithdrawBalanceAccount).'
  static override examples = [
    '<%= config.bin %> ops withdraw-balance-account --balance-account-id c2d9... --asset USDT --amount 250 --reason "refund 45" --yes',
  ]

  static override flags = {
    'balance-account-id': Flags.string({summary: 'Balance account id.'}),
    ...operationFlags,
  }

  async run() {
    const {flags} = await this.parse(OpsWithdrawBalanceAccount)
    const id = await this.require(flags['balance-account-id'], 'balance-account-id', 'Balance account id')
    return this.operate(
      'ManualWithdrawBalanceAccount',
      {balance_account_id: id},
      flags,
      (amount, asset) => `withdraw ${amount} ${asset} from balance account ${id}`,
      [{balanceAccountId: id}],
    )
  }
}
