/**
 * The one path that issues an exchange JWT for an account: admin LoginAccount and the user
 * gateway's sign-in both end here. A blocked account gets no token (docs/account-flows.md "Account status").
 */
import type {Account, Accounts} from './accounts.js'
import {ExchangeError} from '../ground/errors.js'
import type {IssuedToken, Tokens} from '../auth/tokens.js'

/** The role carried by the JWTs of exchange accounts (admins carry their admin role). */
export const USER_ROLE = 'user'

export async function issueAccountToken(services: {tokens: Tokens}, account: Account): Promise<IssuedToken> {
  if (account.status === 'blocked') throw new ExchangeError('account_blocked', 'the account is blocked')
  return services.tokens.issue(account.id, USER_ROLE)
}

/** An account's session: who a verified session token names. */
export type AccountSession = {account: Account; jti: string}

/**
 * The one session check of account JWTs (docs/rest.md "Sessions (JWT)"), for every transport that takes one (REST v1,
 * the user gateway, the P2P WebSocket): the token verifies (signature, expiry, session not revoked),
 * carries the `user` role (an admin's token is no account session) and names an existing account;
 * a blocked account is refused (403 `account_blocked`) unless `allowBlocked` (signing out).
 */
export async function verifyAccountSession(
  services: {tokens: Pick<Tokens, 'verify'>; accounts: Pick<Accounts, 'cachedById'>},
  token: string,
  options: {allowBlocked?: boolean} = {},
): Promise<AccountSession> {
  const claims = await services.tokens.verify(token)
  if (claims.role !== USER_ROLE) throw new ExchangeError('unauthorized', 'not an account session')
  const account = services.accounts.cachedById(claims.subject)
  if (!account) throw new ExchangeError('unauthorized', 'the session does not belong to an exchange account')
  if (!options.allowBlocked && account.status === 'blocked') throw new ExchangeError('account_blocked', 'the account is blocked')
  return {account, jti: claims.jti}
}
