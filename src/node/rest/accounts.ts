/** GET /accounts/me/: the caller's account with its tier's fees and effective order rate. */
import type {Context} from 'koa'
import type {HttpDeps} from '../services.js'
import {callerOf} from './caller.js'
import {ordersPerSecondOf} from './rate-limit.js'

export type AccountView = {
  id: string
  email: string
  status: string
  tier: {id: string; name: string; maker_fee: string; taker_fee: string; orders_per_second: number}
  funding_account_id: string
  trading_account_id: string
  created_at: string
}

export function getMe(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = callerOf(ctx)
    const tier = deps.services.tiers.get(account.tierId)
    const limits = deps.services.tiers.limitsOf(account.tierId)
    const body: AccountView = {
      id: account.id,
      email: account.email,
      status: account.status,
      tier: {
        id: account.tierId,
        name: tier?.name ?? '',
        maker_fee: limits.makerFee,
        taker_fee: limits.takerFee,
        orders_per_second: ordersPerSecondOf(deps, account.tierId),
      },
      funding_account_id: account.fundingAccountId,
      trading_account_id: account.tradingAccountId,
      created_at: account.createdAt,
    }
    ctx.body = body
  }
}
