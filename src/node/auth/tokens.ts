/**
 * Exchange JWTs (HS256, key from the data dir): `sub` = account id (or admin id), `role`, `exp`
 * (1 hour), `jti` = a session row, so a token can be revoked before it expires. The row, not the
 * signature alone, is the authority: a token must carry the subject and role its session was issued
 * for and expire no later than it, so the key without a session's token opens nothing. This is the
 * one place tokens are issued and verified: admin LoginAccount, the REST Auth middleware and the
 * gateways all call it.
 */
import {createHash, randomUUID} from 'node:crypto'
import {SignJWT, jwtVerify, errors as joseErrors} from 'jose'
import type {Db} from '../store/database.js'
import {Changes} from '../ground/changes.js'
import {ExchangeError} from '../ground/errors.js'
import {nowIso} from '../ground/time.js'

export const ACCESS_TOKEN_TTL_SECONDS = 3600
const ISSUER = 'exchange-node'

export type TokenClaims = {subject: string; role: string; jti: string; expiresAt: Date}

export type IssuedToken = {token: string; expiresIn: number; jti: string}

/** A session as recorded: whom its token names, until when, and whether it was revoked. */
export type Session = {jti: string; subject: string; role: string; expiresAt: string; revokedAt: string | null}

type SessionRow = {jti: string; subject: string; role: string; expires_at: string; revoked_at: string | null}

const toSession = (row: SessionRow): Session => ({
  jti: row.jti,
  subject: row.subject,
  role: row.role,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
})

/**
 * What logs say of a session: a fingerprint of its id that ties a sign-in to its sign-out but cannot be
 * turned back into the id (with the id and `jwt_key` a token for the session could be re-signed).
 */
export const sessionTag = (jti: string): string => createHash('sha256').update(jti).digest('hex').slice(0, 16)

export class Tokens {
  /** The id (`jti`) of every session issued or revoked (cluster mode's session bucket listens). */
  readonly changes = new Changes()

  constructor(
    private readonly db: Db,
    private readonly key: Buffer,
  ) {}

  /** Creates a session and signs its token. */
  async issue(subject: string, role: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<IssuedToken> {
    const jti = randomUUID()
    const now = Math.floor(Date.now() / 1000)
    const token = await new SignJWT({role})
      .setProtectedHeader({alg: 'HS256', typ: 'JWT'})
      .setSubject(subject)
      .setIssuer(ISSUER)
      .setJti(jti)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.key)
    this.db
      .prepare('INSERT INTO sessions (jti, subject, role, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
      .run(jti, subject, role, nowIso(), new Date((now + ttlSeconds) * 1000).toISOString())
    this.changes.emit(jti)
    return {token, expiresIn: ttlSeconds, jti}
  }

  /** The one check of a session token (`verifySessionToken`, below), against the sessions in the store. */
  async verify(token: string): Promise<TokenClaims> {
    return verifySessionToken(this.key, token, (jti) => this.session(jti))
  }

  /** A recorded session, or undefined. */
  session(jti: string): Session | undefined {
    const row = this.db
      .prepare<[string], SessionRow>('SELECT jti, subject, role, expires_at, revoked_at FROM sessions WHERE jti = ?')
      .get(jti)
    return row && toSession(row)
  }

  /** The sessions not yet expired, revoked ones included (cluster mode's full copy to edges). */
  liveSessions(now = new Date()): Session[] {
    return this.db
      .prepare<[string], SessionRow>(
        'SELECT jti, subject, role, expires_at, revoked_at FROM sessions WHERE expires_at > ? ORDER BY jti',
      )
      .all(now.toISOString())
      .map(toSession)
  }

  /** Revokes one session; later verifications of its token fail. */
  revoke(jti: string): void {
    this.db.prepare('UPDATE sessions SET revoked_at = ? WHERE jti = ? AND revoked_at IS NULL').run(nowIso(), jti)
    this.changes.emit(jti)
  }
}

/**
 * Verifies signature, expiry, and that the token is its session's: recorded, not revoked, for the
 * same subject and role, expiring no later (a token re-signed with the key for another account or
 * a longer life is refused); `unauthorized` otherwise. `sessionOf` reads the session: the store on
 * the node, a replica of it on a cluster edge.
 */
export async function verifySessionToken(
  key: Buffer,
  token: string,
  sessionOf: (jti: string) => Pick<Session, 'subject' | 'role' | 'expiresAt' | 'revokedAt'> | undefined,
): Promise<TokenClaims> {
  let payload
  try {
    // A token without an expiry, a subject or a session is not one we issued, whatever its signature.
    ;({payload} = await jwtVerify(token, key, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub', 'jti'],
    }))
  } catch (error) {
    const reason = error instanceof joseErrors.JWTExpired ? 'token expired' : 'invalid token'
    throw new ExchangeError('unauthorized', reason)
  }
  const jti = payload.jti
  const session = jti ? sessionOf(jti) : undefined
  if (!session || session.revokedAt !== null) throw new ExchangeError('unauthorized', 'session revoked')
  if (
    session.subject !== payload.sub ||
    session.role !== payload['role'] ||
    (payload.exp ?? Infinity) * 1000 > Date.parse(session.expiresAt)
  ) {
    throw new ExchangeError('unauthorized', 'invalid token')
  }
  return {
    subject: String(payload.sub),
    role: String(payload['role']),
    jti: jti!,
    expiresAt: new Date((payload.exp ?? 0) * 1000),
  }
}
