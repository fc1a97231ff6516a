/**
 * The account page (docs/web.md "Account"): who is signed in and on which fee tier, two-factor on and
 * off, and the account's API keys. Two-factor decides whether creating a key asks for a code, so the
 * page reads it once and passes it down.
 */
import {useEffect, useState} from 'preact/hooks'
import {twoFactorEnabled} from '../../api/gateway'
import {messageOf} from '../../api/client'
import {Alert} from '../../components/alert'
import {SignedIn} from '../sign-in/signed-in'
import {times} from '../../lib/decimal'
import {useSession, type Account as AccountView} from '../../lib/session'
import {ApiKeys} from './api-keys'
import {TwoFactor} from './two-factor'
import './account.css'

export function Account() {
  return (
    <SignedIn title="Sign in to see your account">
      <AccountPage />
    </SignedIn>
  )
}

function AccountPage() {
  const {account} = useSession()
  const [twoFactor, setTwoFactor] = useState<boolean | undefined>(undefined)
  const [failure, setFailure] = useState<string | null>(null)
  useEffect(() => {
    twoFactorEnabled().then(setTwoFactor, (error: unknown) => setFailure(messageOf(error)))
  }, [])
  return (
    <div class="account-page">
      <h1>Account</h1>
      {account ? <Summary account={account} /> : null}
      <Alert message={failure} />
      {twoFactor === undefined ? null : (
        <div class="account-grid">
          <TwoFactor enabled={twoFactor} changed={setTwoFactor} />
          <ApiKeys twoFactor={twoFactor} />
        </div>
      )}
    </div>
  )
}

function Summary({account}: {account: AccountView}) {
  return (
    <section class="panel" aria-labelledby="summary-title">
      <h2 id="summary-title">Profile</h2>
      <dl class="facts">
        <div>
          <dt>Email</dt>
          <dd>{account.email}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{account.status}</dd>
        </div>
        <div>
          <dt>Fee tier</dt>
          <dd>
            {account.tier.name}: maker {percent(account.tier.maker_fee)}, taker {percent(account.tier.taker_fee)}
          </dd>
        </div>
        <div>
          <dt>Member since</dt>
          <dd>{new Date(account.created_at).toLocaleDateString()}</dd>
        </div>
      </dl>
    </section>
  )
}

/** A fee rate ("0.001") as a percentage ("0.1 %"), exactly (decimal.js). */
const percent = (rate: string): string => `${times(rate, '100')} %`
