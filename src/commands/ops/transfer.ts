import {Flags} from '@oclif/core'
import {randomUUID} from 'node:crypto'
import {AdminCommand, yesFlag} from '../../cli/admin-command.js'

type Response = {operation_id: string}

export default class OpsTransfer extends AdminCommand {
  static override summary = "Move funds from one account's funding balance to another's (OperationsService.Transfer)."
  static override examples = [
    '<%= config.bin %> ops transfer --from-account-id 5f0c... --to-account-id 9a41... --asset BTC --amount 0.5 --reason "ticket 1182" --yes',
  ]

  static override flags = {
    'from-account-id': Flags.string({summary: 'Account id to debit.'}),
    'to-account-id': Flags.string({summary: 'Account id to credit.'}),
    asset: Flags.string({summary: 'Asset code, such as BTC.'}),
    amount: Flags.string({summary: 'Positive decimal amount, at most the available funding balance of the source.'}),
    reason: Flags.string({summary: 'Why; recorded in the ledger journal.'}),
    'idempotency-key': Flags.string({
      summary: 'Retrying with the same key applies the operation once (default: a new key per run).',
    }),
    yes: yesFlag,
  }

  async run(): Promise<Response> {
    const {flags} = await this.parse(OpsTransfer)
    const request = {
      from_account_id: await this.require(flags['from-account-id'], 'from-account-id', 'Source account id'),
      to_account_id: await this.require(flags['to-account-id'], 'to-account-id', 'Destination account id'),
      asset: await this.require(flags.asset, 'asset', 'Asset code'),
      amount: await this.require(flags.amount, 'amount', 'Amount'),
      reason: await this.require(flags.reason, 'reason', 'Reason'),
      idempotency_key: flags['idempotency-key'] ?? randomUUID(),
    }
    await this.confirm(
      flags.yes,
      `transfer ${request.amount} ${request.asset} from account ${request.from_account_id} to account ${request.to_account_id}`,
    )
    const response = await this.call<Response>('OperationsService', 'Transfer', request)
    this.details(response)
    return response
  }
}
