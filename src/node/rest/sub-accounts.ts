/**
 * Sub-accounts of the caller (an extension of the spec; docs/account-flows.md "Sub-accounts"):
 * POST /accounts/sub-accounts/ {email} creates one, GET /accounts/sub-accounts/ lists them. A
 * sub-account has no sign-in of its own: its master moves its funds with POST /balances/transfer/.
 */
import type {Context} from 'koa'
import {invalid} from '../ground/errors.js'
import type {HttpDeps} from '../public-services.js'
import {bodyOf} from '../http/query.js'
import {subAccountView} from '../views/accounts.js'
import {callerOf} from './caller.js'

/** POST /accounts/sub-accounts/ {email} → the new sub-account; 400 when the caller is itself a sub-account, 409 e-mail taken. */
export function createSubAccount(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = callerOf(ctx)
    if (account.masterAccountId !== null) throw invalid('a sub-account cannot have sub-accounts')
    const sub = await deps.services.accounts.createSub(account, bodyOf(ctx)['email'])
    deps.logger.info({account_id: sub.id, master_account_id: account.id}, 'sub-account created')
    ctx.body = subAccountView(sub)
  }
}

/** GET /accounts/sub-accounts/ → {sub_accounts, total}: the caller's sub-accounts, oldest first. */
export function listSubAccounts(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = callerOf(ctx)
    const subs = await deps.services.accounts.subAccountsOf(account.id)
    ctx.body = {sub_accounts: subs.map(subAccountView), total: subs.length}
  }
}
