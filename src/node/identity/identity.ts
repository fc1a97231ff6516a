/**
 * The identity service: users who signed up through the gateway, their sign-ups, sign-ins,
 * two-factor and the brute-force lock. It produces the messages to send (codes) but does not send
 * them: the gateway hands them to the Notifier configured for the node.
 */
import {hkdfSync} from 'node:crypto'
import type {Accounts} from '../accounts/accounts.js'
import type {Alerts} from '../alerts/alerts.js'
import type {Tokens} from '../auth/tokens.js'
import type {Logger} from '../ground/logger.js'
import type {Db} from '../store/database.js'
import {CodeHasher} from './codes.js'
import {LOCKOUT_POLICY, Lockout} from './lockout.js'
import {SignIns} from './sign-in.js'
import {SignUps} from './sign-up.js'
import {TotpFactors} from './totp.js'
import {TwoFactor} from './two-factor.js'
import {Users} from './users.js'

export type IdentityDeps = {
  db: Db
  accounts: Accounts
  alerts: Alerts
  tokens: Tokens
  logger: Logger
  /** The data dir's encryption key; the code-hashing and TOTP-sealing keys are derived from it. */
  secret: Buffer
}

export class Identity {
  readonly users: Users
  readonly lockout: Lockout
  /** The same brute-force lock for the AdminGateway's sign-in, counted apart (scope `admin`). */
  readonly adminLockout: Lockout
  readonly signUps: SignUps
  readonly signIns: SignIns
  readonly twoFactor: TwoFactor

  constructor(deps: IdentityDeps) {
    const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', deps.secret, Buffer.alloc(0), purpose, 32))
    const totp = new TotpFactors(deps.db, derive('exchange totp seal v1'))
    this.users = new Users(deps.db)
    this.lockout = new Lockout(deps.db, deps.alerts, deps.logger)
    this.adminLockout = new Lockout(deps.db, deps.alerts, deps.logger, LOCKOUT_POLICY, 'admin')
    this.signUps = new SignUps(deps.db, deps.accounts, this.users, new CodeHasher(deps.secret))
    this.signIns = new SignIns(deps.db, this.users, deps.accounts, deps.tokens, totp, this.lockout)
    this.twoFactor = new TwoFactor(deps.db, totp, deps.accounts, this.lockout)
  }
}
