import {Flags} from '@oclif/core'
import {randomUUID} from 'node:crypto'
import {AdminCommand, yesFlag} from '../../cli/admin-command.js'

type Response = {operation_id: string}

export default class OpsWithdrawBalanceAccount extends AdminCommand {
  static override summary = 'Debit one balance account, funding or trading (OperationsService.ManualWithdrawBalanceAccount).'
  static override examples = [
    '<%= config.bin %> ops withdraw-balance-account --balance-account-id 0b7e... --asset USDT --amount 250 --reason "refund by wire 43" --yes',
  ]

  static override flags = {
    'balance-account-id': Flags.string({summary: 'Balance account id (see `accounts balances`).'}),
    asset: Flags.string({summary: 'Asset code, such as BTC.'}),
    amount: Flags.string({summary: 'Positive decimal amount, at most the available balance.'}),
    reason: Flags.string({summary: 'Why; recorded in the ledger journal.'}),
    'idempotency-key': Flags.string({
      summary: 'Retrying with the same key applies the operation once (default: a new key per run).',
    }),
    yes: yesFlag,
  }

  async run(): Promise<Response> {
    const {flags} = await this.parse(OpsWithdrawBalanceAccount)
    const request = {
      balance_account_id: await this.require(flags['balance-account-id'], 'balance-account-id', 'Balance account id'),
      asset: await this.require(flags.asset, 'asset', 'Asset code'),
      amount: await this.require(flags.amount, 'amount', 'Amount'),
      reason: await this.require(flags.reason, 'reason', 'Reason'),
      idempotency_key: flags['idempotency-key'] ?? randomUUID(),
    }
    await this.confirm(
      flags.yes,
      `withdraw ${request.amount} ${request.asset} from balance account ${request.balance_account_id}`,
    )
    const response = await this.call<Response>('OperationsService', 'ManualWithdrawBalanceAccount', request)
    this.details(response)
    return response
  }
}
