/**
 * The one reader of `Authorization: Bearer <token>` (RFC 6750), for every transport that takes a
 * token: REST v1, the user gateway, the AdminGateway, P2P files and the admin gRPC metadata.
 */
import {ExchangeError} from '../ground/errors.js'

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i

/** The token of an Authorization value; undefined when there is none (''); 401 `unauthorized` when it is not a Bearer token. */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined || authorization === '') return undefined
  const match = BEARER.exec(authorization)
  if (!match) throw new ExchangeError('unauthorized', 'Authorization must be "Bearer <token>"')
  return match[1]!
}
