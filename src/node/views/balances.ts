/** Balances in the v1 wire shape (docs/rest.md "GET /balances/"): `{asset, available, locked, balance_account_id, account_type}`. */
import {formatAmount} from '../ground/money.js'
import type {Balance} from '../operations/account-balances.js'

export type BalanceView = {
  asset: string
  available: string
  locked: string
  balance_account_id: string
  account_type: 'funding' | 'trading'
}

export function balanceView(balance: Balance): BalanceView {
  return {
    asset: balance.asset,
    available: formatAmount(balance.available, balance.decimals),
    locked: formatAmount(balance.locked, balance.decimals),
    balance_account_id: balance.balanceAccountId,
    account_type: balance.kind,
  }
}
