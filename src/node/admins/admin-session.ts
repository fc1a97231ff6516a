/**
 * The one check of an admin's Bearer token, for every transport an admin reaches with one (the
 * AdminGateway, P2P chat files): on every request the token must verify (signature, expiry, session
 * not revoked), name an existing admin, who is not disabled (disabling ends every token) and still
 * has the role the token was issued for (a role change ends older tokens).
 */
import type {TokenClaims, Tokens} from '../auth/tokens.js'
import {ExchangeError} from '../ground/errors.js'
import type {Admin, Admins} from './admins.js'

export type AdminSession = {admin: Admin; jti: string}

/**
 * The admin session of verified claims. `onIdentified` learns who the token names before the
 * admission checks, so that an audit log can name who was refused.
 */
export function admitAdmin(
  admins: Pick<Admins, 'byId'>,
  claims: TokenClaims,
  onIdentified?: (session: AdminSession) => void,
): AdminSession {
  const admin = admins.byId(claims.subject)
  if (!admin) throw new ExchangeError('unauthorized', 'not an admin token')
  const session = {admin, jti: claims.jti}
  onIdentified?.(session)
  if (admin.disabled) throw new ExchangeError('permission_denied', 'the admin is disabled')
  if (claims.role !== admin.role) throw new ExchangeError('unauthorized', 'the admin role changed; sign in again')
  return session
}

/** The admin session of a Bearer token (see `admitAdmin`); 401 when it does not verify. */
export async function verifyAdminSession(
  services: {tokens: Tokens; admins: Pick<Admins, 'byId'>},
  token: string,
  onIdentified?: (session: AdminSession) => void,
): Promise<AdminSession> {
  return admitAdmin(services.admins, await services.tokens.verify(token), onIdentified)
}
