import {Flags} from '@oclif/core'
import {OperationCommand, operationFlags} from '../../cli/operation-command.js'

export default class OpsTransferBalanceAccount extends OperationCommand {
  static override summary =
    'Move funds between two balance accounts, such as funding to trading (OperationsService.TransferBalanceAccount).'
  static override examples = [
    '<%= config.bin %> ops transfer-balance-account --from-balance-account-id 0b7e... --to-balance-account-id c2d9... --asset USDT --amount 100 --reason "ticket 1190" --yes',
  ]

  static override flags = {
    'from-balance-account-id': Flags.string({summary: 'Balance account id to debit.'}),
    'to-balance-account-id': Flags.string({summary: 'Balance account id to credit.'}),
    ...operationFlags,
  }

  async run() {
    const {flags} = await this.parse(OpsTransferBalanceAccount)
    const from = await this.require(flags['from-balance-account-id'], 'from-balance-account-id', 'Source balance account id')
    const to = await this.require(flags['to-balance-account-id'], 'to-balance-account-id', 'Destination balance account id')
    return this.operate(
      'TransferBalanceAccount',
      {from_balance_account_id: from, to_balance_account_id: to},
      flags,
      (amount, asset) => `transfer ${amount} ${asset} from balance account ${from} to balance account ${to}`,
      [{balanceAccountId: from}, {balanceAccountId: to}],
    )
  }
}
