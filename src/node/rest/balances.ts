/**
 * Balances: GET /balances/ and POST /balances/transfer/, as REST v1 spells them. Who may read or move
 * what (the caller's own balance accounts, its sub-accounts', transfers within one family; any other
 * id is 404) is the operations module's (operations/account-balances.ts).
 */
import type {Context} from 'koa'
import type {HttpDeps} from '../public-services.js'
import {balanceView} from '../views/balances.js'
import {callerOf} from './caller.js'
import {bodyOf, optionalUuid, queryParam} from '../http/query.js'

/** GET /balances/?balance_account_id → {balances}: every active asset (zero when untouched) and any other held asset. */
export function listBalances(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = callerOf(ctx)
    const filter = optionalUuid(queryParam(ctx, 'balance_account_id'), 'balance_account_id')
    ctx.body = {balances: (await deps.services.balances.list(account, filter)).map(balanceView)}
  }
}

/**
 * POST /balances/transfer/ {from_balance_account_id, to_balance_account_id, asset, amount}
 * → {transfer_id, status: "completed"}; one ledger transaction of type `balance_transfer`.
 */
export function transferBalance(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const body = bodyOf(ctx)
    const transferId = await deps.services.balances.transfer(callerOf(ctx).account, {
      fromBalanceAccountId: body['from_balance_account_id'],
      toBalanceAccountId: body['to_balance_account_id'],
      asset: body['asset'],
      amount: body['amount'],
    })
    ctx.body = {transfer_id: transferId, status: 'completed'}
  }
}
