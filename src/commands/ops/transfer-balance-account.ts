import {Flags} from '@oclif/core'
import {randomUUID} from 'node:crypto'
import {AdminCommand, yesFlag} from '../../cli/admin-command.js'

type Response = {operation_id: string}

export default class OpsTransferBalanceAccount extends AdminCommand {
  static override summary =
    'Move funds between two balance accounts, such as funding to trading (OperationsService.TransferBalanceAccount).'
  static override examples = [
    '<%= config.bin %> ops transfer-balance-account --from-balance-account-id 0b7e... --to-balance-account-id c2d9... --asset USDT --amount 100 --reason "ticket 1190" --yes',
  ]

  static override flags = {
    'from-balance-account-id': Flags.string({summary: 'Balance account id to debit.'}),
    'to-balance-account-id': Flags.string({summary: 'Balance account id to credit.'}),
    asset: Flags.string({summary: 'Asset code, such as BTC.'}),
    amount: Flags.string({summary: 'Positive decimal amount, at most the available balance of the source.'}),
    reason: Flags.string({summary: 'Why; recorded in the ledger journal.'}),
    'idempotency-key': Flags.string({
      summary: 'Retrying with the same key applies the operation once (default: a new key per run).',
    }),
    yes: yesFlag,
  }

  async run(): Promise<Response> {
    const {flags} = await this.parse(OpsTransferBalanceAccount)
    const request = {
      from_balance_account_id: await this.require(
        flags['from-balance-account-id'],
        'from-balance-account-id',
        'Source balance account id',
      ),
      to_balance_account_id: await this.require(
        flags['to-balance-account-id'],
        'to-balance-account-id',
        'Destination balance account id',
      ),
      asset: await this.require(flags.asset, 'asset', 'Asset code'),
      amount: await this.require(flags.amount, 'amount', 'Amount'),
      reason: await this.require(flags.reason, 'reason', 'Reason'),
      idempotency_key: flags['idempotency-key'] ?? randomUUID(),
    }
    await this.confirm(
      flags.yes,
      `transfer ${request.amount} ${request.asset} from balance account ${request.from_balance_account_id} to balance account ${request.to_balance_account_id}`,
    )
    const response = await this.call<Response>('OperationsService', 'TransferBalanceAccount', request)
    this.details(response)
    return response
  }
}
