/**
 * Manual financial operations by operators: top-ups and withdrawals against the `external`
 * system account, and transfers between balance accounts. Each is one ledger transaction that
 * records the reason and the operator. Account-level operations use the funding balance account.
 */
import type {Accounts} from '../accounts/accounts.js'
import type {Assets} from '../assets/assets.js'
import type {Ledger} from '../ledger/ledger.js'
import {invalid, notFound} from '../ground/errors.js'
import {parsePositiveAmount} from '../ground/money.js'
import {optionalString, requireString, requireUuid} from '../ground/validate.js'

export type OperationInput = {
  asset: unknown
  amount: unknown
  reason: unknown
  /** Who ordered it (admin user, CLI user). */
  operator: string
  idempotencyKey?: unknown
}

type Target = {balanceAccountId: string}

export class Operations {
  constructor(
    private readonly ledger: Ledger,
    private readonly accounts: Accounts,
    private readonly assets: Assets,
  ) {}

  /** Funding balance account of an account id. */
  fundingOf(accountId: unknown, field = 'account_id'): Target {
    return {balanceAccountId: this.accounts.requireById(accountId, field).fundingAccountId}
  }

  /** A user balance account (funding or trading) by id. */
  balanceAccount(balanceAccountId: unknown, field = 'balance_account_id'): Target {
    const id = requireUuid(balanceAccountId, field)
    const account = this.ledger.getBalanceAccount(id)
    if (!account || account.ownerId === null) throw notFound(`balance account ${id} not found`)
    return {balanceAccountId: id}
  }

  topup(to: Target, input: OperationInput): string {
    const meta = this.meta('manual_topup', input)
    return this.ledger.transfer(this.ledger.systemAccount('external'), to.balanceAccountId, meta.asset, meta.amount, meta).id
  }

  withdraw(from: Target, input: OperationInput): string {
    const meta = this.meta('manual_withdraw', input)
    return this.ledger.transfer(from.balanceAccountId, this.ledger.systemAccount('external'), meta.asset, meta.amount, meta).id
  }

  transfer(from: Target, to: Target, input: OperationInput): string {
    if (from.balanceAccountId === to.balanceAccountId) throw invalid('source and destination must differ')
    const meta = this.meta('manual_transfer', input)
    return this.ledger.transfer(from.balanceAccountId, to.balanceAccountId, meta.asset, meta.amount, meta).id
  }

  private meta(type: string, input: OperationInput) {
    const asset = this.assets.require(input.asset)
    const amount = parsePositiveAmount(input.amount, asset.decimals)
    const reason = requireString(input.reason, 'reason', 1024)
    const key = optionalString(input.idempotencyKey, 'idempotency_key', 128)
    return {
      type,
      asset: asset.code,
      amount,
      reason,
      operator: input.operator,
      idempotencyKey: key === undefined ? undefined : `op:${key}`,
    }
  }
}
