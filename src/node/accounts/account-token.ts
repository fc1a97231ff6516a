/**
 * The one path that issues an exchange JWT for an account: admin LoginAccount and the user
 * gateway's sign-in both end here. A blocked account gets no token (contract §4).
 */
import type {Account} from './accounts.js'
import {ExchangeError} from '../errors.js'
import type {IssuedToken, Tokens} from '../auth/tokens.js'

/** The role carried by the JWTs of exchange accounts (admins carry their admin role). */
export const USER_ROLE = 'user'

export async function issueAccountToken(services: {tokens: Tokens}, account: Account): Promise<IssuedToken> {
  if (account.status === 'blocked') throw new ExchangeError('account_blocked', 'the account is blocked')
  return services.tokens.issue(account.id, USER_ROLE)
}
