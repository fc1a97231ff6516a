import {Flags} from '@oclif/core'
import {randomUUID} from 'node:crypto'
import {AdminCommand, yesFlag} from '../../cli/admin-command.js'

type Response = {operation_id: string}

export default class OpsWithdraw extends AdminCommand {
  static override summary = "Debit an account's funding balance (OperationsService.ManualWithdraw)."
  static override examples = [
    '<%= config.bin %> ops withdraw --account-id 5f0c... --asset USDT --amount 250 --reason "refund by wire 43" --yes',
  ]

  static override flags = {
    'account-id': Flags.string({summary: 'Account id.'}),
    asset: Flags.string({summary: 'Asset code, such as BTC.'}),
    amount: Flags.string({summary: 'Positive decimal amount, at most the available funding balance.'}),
    reason: Flags.string({summary: 'Why; recorded in the ledger journal.'}),
    'idempotency-key': Flags.string({
      summary: 'Retrying with the same key applies the operation once (default: a new key per run).',
    }),
    yes: yesFlag,
  }

  async run(): Promise<Response> {
    const {flags} = await this.parse(OpsWithdraw)
    const request = {
      account_id: await this.require(flags['account-id'], 'account-id', 'Account id'),
      asset: await this.require(flags.asset, 'asset', 'Asset code'),
      amount: await this.require(flags.amount, 'amount', 'Amount'),
      reason: await this.require(flags.reason, 'reason', 'Reason'),
      idempotency_key: flags['idempotency-key'] ?? randomUUID(),
    }
    await this.confirm(flags.yes, `withdraw ${request.amount} ${request.asset} from account ${request.account_id}`)
    const response = await this.call<Response>('OperationsService', 'ManualWithdraw', request)
    this.details(response)
    return response
  }
}
