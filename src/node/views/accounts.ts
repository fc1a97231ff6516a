/** The caller's account and its sub-accounts in the v1 wire shape (GET /accounts/me/, /accounts/sub-accounts/). */
import type {Account} from '../accounts/accounts.js'

export type AccountView = {
  id: string
  email: string
  status: string
  tier: {id: string; name: string; maker_fee: string; taker_fee: string; orders_per_second: number}
  funding_account_id: string
  trading_account_id: string
  created_at: string
}

/** What the account's tier gives it on this node. */
export type TierTerms = {name: string; makerFee: string; takerFee: string; ordersPerSecond: number}

export function accountView(account: Account, tier: TierTerms): AccountView {
  return {
    id: account.id,
    email: account.email,
    status: account.status,
    tier: {
      id: account.tierId,
      name: tier.name,
      maker_fee: tier.makerFee,
      taker_fee: tier.takerFee,
      orders_per_second: tier.ordersPerSecond,
    },
    funding_account_id: account.fundingAccountId,
    trading_account_id: account.tradingAccountId,
    created_at: account.createdAt,
  }
}

export type SubAccountView = {
  id: string
  email: string
  /** The sub-account's own status (it is also governed by its master's). */
  status: string
  master_account_id: string
  funding_account_id: string
  trading_account_id: string
  created_at: string
}

export function subAccountView(sub: Account): SubAccountView {
  return {
    id: sub.id,
    email: sub.email,
    status: sub.ownStatus,
    master_account_id: sub.masterAccountId ?? '',
    funding_account_id: sub.fundingAccountId,
    trading_account_id: sub.tradingAccountId,
    created_at: sub.createdAt,
  }
}
