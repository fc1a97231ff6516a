/**
 * The shared shape of the manual money operations (`exchange ops ...`): asset, amount, reason and
 * an idempotency key (a new one per run unless given), confirmation unless --yes, one
 * OperationsService call, and the operation id and the resulting balances printed.
 */
import {randomUUID} from 'node:crypto'
import {Flags} from '@oclif/core'
import type {RequestOf, ResponseOf, UnaryMethodName} from '../node/admin/client.js'
import {yesFlag} from './admin-command.js'
import {AccountCommand, type BalanceRef} from './account-command.js'

/** The RPCs of OperationsService and the request fields they all share. */
type OperationMethod = UnaryMethodName<'OperationsService'>
type CommonField = 'asset' | 'amount' | 'reason' | 'idempotency_key'

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

export abstract class OperationCommand extends AccountCommand {
  /**
   * Completes the request with the common fields (prompting on a terminal), confirms
   * `describe(amount, asset)`, and calls OperationsService.<method>; then prints the resulting
   * balance of each of `balances` in that asset (human mode; AccountCommand.printBalance).
   */
  protected async operate<M extends OperationMethod>(
    method: M,
    target: Omit<RequestOf<'OperationsService', M>, CommonField>,
    flags: OperationFlagValues,
    describe: (amount: string, asset: string) => string,
    balances: readonly BalanceRef[],
  ): Promise<ResponseOf<'OperationsService', M>> {
    const request = {
      ...target,
      asset: await this.require(flags.asset, 'asset', 'Asset code'),
      amount: await this.require(flags.amount, 'amount', 'Amount'),
      reason: await this.require(flags.reason, 'reason', 'Reason'),
      idempotency_key: flags['idempotency-key'] ?? randomUUID(),
    }
    await this.confirm(flags.yes, describe(request.amount, request.asset))
    // M is any of the six methods here: the request is checked where `target` is written, not by `call`.
    const response = await this.call('OperationsService', method, request as RequestOf<'OperationsService', M>)
    this.details(response)
    for (const balance of balances) await this.printBalance(balance, request.asset)
    return response
  }
}
