/**
 * The shared shape of the manual money operations (`exchange ops ...`): asset, amount, reason and
 * an idempotency key (a new one per run unless given), confirmation unless --yes, one
 * OperationsService call, and the operation id printed.
 */
import {randomUUID} from 'node:crypto'
import {Flags} from '@oclif/core'
import {AdminCommand, yesFlag} from './admin-command.js'

export type OperationResponse = {operation_id: string}

export const operationFlags = {
  asset: Flags.string({summary: 'Asset code, such as BTC.'}),
  amount: Flags.string({summary: 'Positive decimal amount, such as 0.5; a debit needs that much available.'}),
  reason: Flags.string({summary: 'Why; recorded in the ledger journal.'}),
  'idempotency-key': Flags.string({
    summary: 'Retrying with the same key applies the operation once (default: a new key per run).',
  }),
  yes: yesFlag,
}

type OperationFlagValues = {asset?: string; amount?: string; reason?: string; 'idempotency-key'?: string; yes: boolean}

export abstract class OperationCommand extends AdminCommand {
  /**
   * Completes the request with the common fields (prompting on a terminal), confirms
   * `describe(amount, asset)`, and calls OperationsService.<method>.
   */
  protected async operate(
    method: string,
    target: Record<string, string>,
    flags: OperationFlagValues,
    describe: (amount: string, asset: string) => string,
  ): Promise<OperationResponse> {
    const request = {
      ...target,
      asset: await this.require(flags.asset, 'asset', 'Asset code'),
      amount: await this.require(flags.amount, 'amount', 'Amount'),
      reason: await this.require(flags.reason, 'reason', 'Reason'),
      idempotency_key: flags['idempotency-key'] ?? randomUUID(),
    }
    await this.confirm(flags.yes, describe(request.amount, request.asset))
    const response = await this.call<OperationResponse>('OperationsService', method, request)
    this.details(response)
    return response
  }
}
