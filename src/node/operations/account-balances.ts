/**
 * An account's own balances and transfers (GET /balances/, POST /balances/transfer/; docs/account-flows.md
 * "Sub-accounts"). A caller controls its own funding and trading balance accounts and, as a master,
 * those of its sub-accounts: it may read them and move funds out of them. Funds may go to any balance
 * account of the same family (the master and its sub-accounts). Any other balance account — another
 * account's, a system account, an id that never existed — is absent (docs/rest.md "Ids you may not reach": 404, never 403).
 */
import type {Account, Accounts} from '../accounts/accounts.js'
import type {Assets} from '../assets/assets.js'
import {ExchangeError, absent, invalid} from '../ground/errors.js'
import type {Ledger} from '../ledger/ledger.js'
import {parsePositiveAmount} from '../ground/money.js'
import {requireUuid} from '../ground/validate.js'

/** One asset of a balance account, in the asset's minor units. */
export type Balance = {
  asset: string
  decimals: number
  available: bigint
  locked: bigint
  balanceAccountId: string
  kind: 'funding' | 'trading'
}

/** POST /balances/transfer/ as the module takes it. */
export type TransferInput = {fromBalanceAccountId: unknown; toBalanceAccountId: unknown; asset: unknown; amount: unknown}

/** A user balance account with its owner. */
type Owned = {balanceAccountId: string; kind: 'funding' | 'trading'; owner: Account}

export class AccountBalances {
  constructor(
    private readonly ledger: Ledger,
    private readonly accounts: Accounts,
    private readonly assets: Assets,
  ) {}

  /**
   * Every active asset (zero when untouched) and any other held asset, sorted by code: of one balance
   * account the caller controls, or of its funding then trading balance account.
   */
  list(caller: Account, balanceAccountId?: string): Balance[] {
    const targets: Owned[] =
      balanceAccountId === undefined
        ? [
            {balanceAccountId: caller.fundingAccountId, kind: 'funding', owner: caller},
            {balanceAccountId: caller.tradingAccountId, kind: 'trading', owner: caller},
          ]
        : [this.controlled(caller, balanceAccountId)]
    return targets.flatMap((target) => this.balancesOf(target))
  }

  /** One ledger transaction of type `balance_transfer` within the caller's family; returns its id. */
  transfer(caller: Account, input: TransferInput): string {
    const fromId = requireUuid(input.fromBalanceAccountId, 'from_balance_account_id')
    const toId = requireUuid(input.toBalanceAccountId, 'to_balance_account_id')
    const asset = this.assets.require(input.asset)
    const amount = parsePositiveAmount(input.amount, asset.decimals)
    if (fromId === toId) throw invalid('from_balance_account_id and to_balance_account_id must differ')
    const from = this.controlled(caller, fromId)
    const to = this.ofFamily(caller, toId)
    // The caller's own status is the caller check's; the other account's (a sub-account, or the master
    // of a calling sub-account) is checked here: its funds stay where they are.
    for (const {owner} of [from, to]) {
      if (owner.id === caller.id) continue
      if (owner.status === 'blocked') throw new ExchangeError('account_blocked', `account ${owner.id} is blocked`)
      if (owner.status === 'restricted') throw new ExchangeError('account_restricted', `account ${owner.id} is restricted`)
    }
    return this.ledger.transfer(from.balanceAccountId, to.balanceAccountId, asset.code, amount, {
      type: 'balance_transfer',
      operator: `account:${caller.id}`,
    }).id
  }

  /** A balance account the caller controls: its own or one of its sub-accounts'. */
  private controlled(caller: Account, balanceAccountId: string): Owned {
    const target = this.userBalanceAccount(caller, balanceAccountId)
    if (target.owner.id !== caller.id && target.owner.masterAccountId !== caller.id)
      throw absent('balance account', balanceAccountId)
    return target
  }

  /** A balance account of the caller's family: the caller, its master, or a sub-account of either. */
  private ofFamily(caller: Account, balanceAccountId: string): Owned {
    const target = this.userBalanceAccount(caller, balanceAccountId)
    if (familyOf(target.owner) !== familyOf(caller)) throw absent('balance account', balanceAccountId)
    return target
  }

  /** The funding or trading balance account with this id and its owner; absent when there is none. */
  private userBalanceAccount(caller: Account, balanceAccountId: string): Owned {
    const found = this.ledger.getBalanceAccount(balanceAccountId)
    if (!found || found.ownerId === null || (found.kind !== 'funding' && found.kind !== 'trading')) {
      throw absent('balance account', balanceAccountId)
    }
    const owner = found.ownerId === caller.id ? caller : this.accounts.byId(found.ownerId)
    if (!owner) throw absent('balance account', balanceAccountId)
    return {balanceAccountId: found.id, kind: found.kind, owner}
  }

  private balancesOf(target: Owned): Balance[] {
    const rows = new Map(this.ledger.balancesOf(target.balanceAccountId).map((row) => [row.asset, row]))
    const codes = new Set([...this.assets.list(false).map((asset) => asset.code), ...rows.keys()])
    return [...codes].sort().map((code) => {
      const row = rows.get(code)
      return {
        asset: code,
        decimals: this.assets.get(code)?.decimals ?? 0,
        available: row?.available ?? 0n,
        locked: row?.locked ?? 0n,
        balanceAccountId: target.balanceAccountId,
        kind: target.kind,
      }
    })
  }
}

/** The id of the master of an account's family (the account itself when it is not a sub-account). */
const familyOf = (account: Account): string => account.masterAccountId ?? account.id
