/** GET /accounts/me/: the caller's account with its tier's fees and effective order rate. */
import type {Context} from 'koa'
import type {HttpDeps} from '../public-services.js'
import {accountView} from '../views/accounts.js'
import {callerOf} from './caller.js'
import {ordersPerSecondOf} from './rate-limit.js'

export function getMe(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = callerOf(ctx)
    const limits = deps.services.tiers.limitsOf(account.tierId)
    ctx.body = accountView(account, {
      name: (await deps.services.tiers.get(account.tierId))?.name ?? '',
      makerFee: limits.makerFee,
      takerFee: limits.takerFee,
      ordersPerSecond: ordersPerSecondOf(deps, account.tierId),
    })
  }
}
