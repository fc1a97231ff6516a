/**
 * Sign-up (docs/web.md "Sign up and sign in"): e-mail, phone and password start a sign-up; the code
 * sent by e-mail and the one sent by SMS finish it. The node names the pending sign-up in an HttpOnly
 * flow cookie, so the page sends the codes alone. Completing creates the account without signing in:
 * the page goes on to the sign-in with the e-mail filled in.
 */
import {useEffect, useState} from 'preact/hooks'
import {useLocation} from 'preact-iso'
import {completeSignUp, resendSignUpCodes, signUp} from '../../api/gateway'
import {messageOf} from '../../api/client'
import {Alert} from '../../components/alert'
import {Field} from '../../components/field'
import '../sign-in/auth.css'

/** The node refuses a resend within 60 s of the last send (docs/account-flows.md "Sign-up"). */
const RESEND_AFTER_S = 60

type Pending = {email: string; phone: string; expiresAt: string; sentAt: number}

export function SignUp() {
  const [pending, setPending] = useState<Pending | null>(null)
  return pending ? <Verify pending={pending} resent={setPending} /> : <Start started={setPending} />
}

function Start({started}: {started: (pending: Pending) => void}) {
  const [email, setEmail] = useState('')
  const [phone, setPhone] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  const submit = async (event: Event) => {
    event.preventDefault()
    setBusy(true)
    setFailure(null)
    try {
      const answer = await signUp(email, phone, password)
      started({email: email.trim().toLowerCase(), phone, expiresAt: answer.expires_at, sentAt: Date.now()})
    } catch (error) {
      setFailure(messageOf(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section class="panel narrow auth">
      <h1>Create your account</h1>
      <form class="stack" onSubmit={(event) => void submit(event)}>
        <Field label="Email" type="email" autoComplete="email" required value={email} onValue={setEmail} />
        <Field
          label="Phone"
          type="tel"
          autoComplete="tel"
          required
          value={phone}
          onValue={setPhone}
          hint="In international form, with the country code: +14155550123."
        />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={10}
          value={password}
          onValue={setPassword}
          hint="At least 10 characters, not your e-mail address."
        />
        <Alert message={failure} />
        <button type="submit" class="wide" disabled={busy}>
          Sign up
        </button>
      </form>
      <p class="aside">
        Have an account? <a href="/sign-in">Sign in</a>
      </p>
    </section>
  )
}

function Verify({pending, resent}: {pending: Pending; resent: (pending: Pending) => void}) {
  const {route} = useLocation()
  const [emailCode, setEmailCode] = useState('')
  const [smsCode, setSmsCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const wait = useCountdown(pending.sentAt + RESEND_AFTER_S * 1000)

  const verify = async (event: Event) => {
    event.preventDefault()
    setBusy(true)
    setFailure(null)
    try {
      const done = await completeSignUp(emailCode, smsCode)
      route(`/sign-in?email=${encodeURIComponent(done.email)}&welcome=1`)
    } catch (error) {
      setFailure(messageOf(error))
      setBusy(false)
    }
  }

  const resend = async () => {
    setFailure(null)
    setNotice(null)
    try {
      const answer = await resendSignUpCodes()
      resent({...pending, expiresAt: answer.expires_at, sentAt: Date.now()})
      setNotice('New codes are on their way; the earlier ones no longer work.')
    } catch (error) {
      setFailure(messageOf(error))
    }
  }

  return (
    <section class="panel narrow auth">
      <h1>Check your e-mail and phone</h1>
      <p>
        We sent a code to <strong>{pending.email}</strong> and another by SMS to <strong>{pending.phone}</strong>. Both expire at{' '}
        {new Date(pending.expiresAt).toLocaleTimeString()}.
      </p>
      <form class="stack" onSubmit={(event) => void verify(event)}>
        <Field
          label="Email code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={emailCode}
          onValue={setEmailCode}
        />
        <Field label="SMS code" inputMode="numeric" autoComplete="one-time-code" required value={smsCode} onValue={setSmsCode} />
        <Alert message={failure} />
        {notice ? (
          <p class="notice" role="status">
            {notice}
          </p>
        ) : null}
        <button type="submit" class="wide" disabled={busy}>
          Verify
        </button>
      </form>
      <p class="aside">
        <button type="button" class="quiet" disabled={wait > 0} aria-describedby="resend-wait" onClick={() => void resend()}>
          Resend codes
        </button>{' '}
        <span id="resend-wait" class="hint">
          {wait > 0 ? `You can ask for new codes in ${wait} s.` : 'No codes? Ask for new ones.'}
        </span>
      </p>
    </section>
  )
}

/** Whole seconds left until `until` (ms), counting down once a second; 0 once it has passed. */
function useCountdown(until: number): number {
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000))
  const [seconds, setSeconds] = useState(left)
  useEffect(() => {
    setSeconds(left())
    const timer = setInterval(() => {
      const now = left()
      setSeconds(now)
      if (now === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [until])
  return seconds
}
