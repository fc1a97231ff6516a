/**
 * The one session check of an edge: `Tokens.verify` over the replica of the sessions bucket. A session
 * the replica lacks — signed in a moment ago, not watched yet — is asked of the sequencer (the
 * `reference.session` command) and held until the watch brings it; so is the account a session names.
 * An administrator's session never reaches an edge: the sequencer answers only accounts' sessions, so
 * an admin's token is refused here as unknown.
 */
import {USER_ROLE} from '../../accounts/account-token.js'
import {verifySessionToken, type TokenClaims} from '../../auth/tokens.js'
import type {AccountEntry, ReferenceLookups, SessionEntry} from '../buckets.js'
import type {Remote} from '../commands.js'
import type {KvReplica} from './kv-replica.js'

export class EdgeSessions {
  constructor(
    private readonly replicas: {sessions: KvReplica<SessionEntry>; accounts: KvReplica<AccountEntry>},
    private readonly sequencer: Pick<Remote<ReferenceLookups>, 'session' | 'account'>,
    private readonly jwtKey: Buffer,
  ) {}

  /** The claims of a session token; `unauthorized` when it does not verify, is revoked or unknown. */
  async verify(token: string): Promise<TokenClaims> {
    const {sessions, accounts} = this.replicas
    let missed: string | undefined
    const sessionOf = (jti: string) => {
      const session = sessions.get(jti)
      if (!session) missed = jti
      return session
    }
    let claims: TokenClaims
    try {
      claims = await verifySessionToken(this.jwtKey, token, sessionOf)
    } catch (error) {
      if (missed === undefined) throw error
      const session = await this.sequencer.session(missed)
      if (!session || session.role !== USER_ROLE) throw error
      sessions.hold(session.jti, session)
      claims = await verifySessionToken(this.jwtKey, token, sessionOf)
    }
    if (claims.role === USER_ROLE && !accounts.get(claims.subject)) {
      const account = await this.sequencer.account(claims.subject)
      if (account) accounts.hold(account.id, account)
    }
    return claims
  }
}
