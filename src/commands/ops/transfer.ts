import {Flags} from '@oclif/core'
import {OperationCommand, operationFlags} from '../../cli/operation-command.js'

export default class OpsTransfer extends OperationCommand {
  static override summary = "Move funds from one account's funding balance to another's (OperationsService.Transfer)."
  static override examples = [
    '<%= config.bin %> ops transfer --from-account-id 5f0c... --to-account-id 9a1b... --asset BTC --amount 0.5 --reason "ticket 1188" --yes',
  ]

  static override flags = {
    'from-account-id': Flags.string({summary: 'Account id to debit.'}),
    'to-account-id': Flags.string({summary: 'Account id to credit.'}),
    ...operationFlags,
  }

  async run() {
    const {flags} = await this.parse(OpsTransfer)
    const from = await this.require(flags['from-account-id'], 'from-account-id', 'Source account id')
    const to = await this.require(flags['to-account-id'], 'to-account-id', 'Destination account id')
    return this.operate(
      'Transfer',
      {from_account_id: from, to_account_id: to},
      flags,
      (amount, asset) => `transfer ${amount} ${asset} from account ${from} to account ${to}`,
    )
  }
}
