/** Who is calling an authenticated REST endpoint: set by the auth middleware, read by the handlers. */
import type {Context} from 'koa'
import type {Account} from '../accounts/accounts.js'
import type {ApiKeyPermission} from '../apikeys/apikeys.js'
import {ExchangeError} from '../ground/errors.js'

export type Caller =
  | {via: 'jwt'; account: Account; sessionId: string}
  | {via: 'api_key'; account: Account; apiKeyId: string; permissions: ApiKeyPermission[]}

type CallerState = {caller?: Caller}

export function setCaller(ctx: Context, caller: Caller): void {
  ;(ctx.state as CallerState).caller = caller
}

/** The authenticated caller; a route that reaches a handler without the auth middleware is a bug. */
export function callerOf(ctx: Context): Caller {
  const caller = (ctx.state as CallerState).caller
  if (!caller) throw new ExchangeError('internal', `route ${ctx.path} has no auth middleware`)
  return caller
}
