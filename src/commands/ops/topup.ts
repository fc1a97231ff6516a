import {Flags} from '@oclif/core'
import {randomUUID} from 'node:crypto'
import {AdminCommand, yesFlag} from '../../cli/admin-command.js'

type Response = {operation_id: string}

export default class OpsTopup extends AdminCommand {
  static override summary = "Credit an account's funding balance (OperationsService.ManualTopup)."
  static override examples = [
    '<%= config.bin %> ops topup --account-id 5f0c... --asset USDT --amount 1000 --reason "bank wire 42" --yes',
  ]

  static override flags = {
    'account-id': Flags.string({summary: 'Account id.'}),
    asset: Flags.string({summary: 'Asset code, such as BTC.'}),
    amount: Flags.string({summary: 'Positive decimal amount, such as 0.5.'}),
    reason: Flags.string({summary: 'Why; recorded in the ledger journal.'}),
    'idempotency-key': Flags.string({
      summary: 'Retrying with the same key applies the operation once (default: a new key per run).',
    }),
    yes: yesFlag,
  }

  async run(): Promise<Response> {
    const {flags} = await this.parse(OpsTopup)
    const request = {
      account_id: await this.require(flags['account-id'], 'account-id', 'Account id'),
      asset: await this.require(flags.asset, 'asset', 'Asset code'),
      amount: await this.require(flags.amount, 'amount', 'Amount'),
      reason: await this.require(flags.reason, 'reason', 'Reason'),
      idempotency_key: flags['idempotency-key'] ?? randomUUID(),
    }
    await this.confirm(flags.yes, `top up ${request.amount} ${request.asset} to account ${request.account_id}`)
    const response = await this.call<Response>('OperationsService', 'ManualTopup', request)
    this.details(response)
    return response
  }
}
