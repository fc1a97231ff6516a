/**
 * Sign-in (docs/web.md "Sign up and sign in"): e-mail and password; with two-factor on, the node asks
 * for a code of the authenticator app (the challenge is named by an HttpOnly flow cookie, so the page
 * sends the code alone). Signed in, the session is the HttpOnly cookie the node set: the page asks who
 * is signed in again and goes back to where the person came from (`?next=`, a path of this app only).
 * The same form stands in for a screen that needs a session (signed-in.tsx), which then shows itself.
 */
import {useState} from 'preact/hooks'
import {useLocation} from 'preact-iso'
import {completeSignIn, signIn} from '../../api/gateway'
import {messageOf} from '../../api/client'
import {Alert} from '../../components/alert'
import {Field} from '../../components/field'
import {useSession} from '../../lib/session'
import './auth.css'

const HOME = '/trade/BTC-USDT'

/**
 * Where to go after signing in: `next` when it is a path of this origin (`/wallet`), never another
 * site (`//evil.example`, `/\evil.example`, `https://…`) nor the sign-in or sign-up pages again.
 */
export function nextPath(next: string | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return HOME
  if (/^\/(sign-in|sign-up)(\/|\?|$)/.test(next)) return HOME
  return next
}

export function SignIn() {
  const {query} = useLocation()
  const {account} = useSession()
  const next = nextPath(query['next'])
  const [signingIn, setSigningIn] = useState(false)

  if (account && !signingIn) {
    return (
      <section class="panel narrow auth">
        <h1>Signed in</h1>
        <p>
          You are signed in as <strong>{account.email}</strong>. <a href={next}>Continue</a>
        </p>
      </section>
    )
  }
  return (
    <SignInForm
      title="Sign in"
      next={next}
      email={query['email']}
      welcome={query['welcome'] !== undefined}
      started={() => setSigningIn(true)}
    />
  )
}

type FormProps = {
  title: string
  /** Where to go once signed in (the page itself, for a screen that needs a session). */
  next: string
  email?: string | undefined
  /** Just signed up: say that the account is ready. */
  welcome?: boolean
  /** Called when the sign-in is accepted, before the session is read again. */
  started?: () => void
}

export function SignInForm({title, next, email: filled, welcome = false, started}: FormProps) {
  const {url, route} = useLocation()
  const {refresh} = useSession()
  const [email, setEmail] = useState(filled ?? '')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [step, setStep] = useState<'password' | 'two-factor'>('password')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  const submit = async (event: Event) => {
    event.preventDefault()
    setBusy(true)
    setFailure(null)
    try {
      if (step === 'password') {
        const answer = await signIn(email, password)
        if (answer === 'two-factor') {
          setPassword('')
          setStep('two-factor')
          setBusy(false)
          return
        }
      } else {
        await completeSignIn(code)
      }
      started?.()
      await refresh()
      if (next !== url) route(next)
    } catch (error) {
      setFailure(messageOf(error))
      setBusy(false)
    }
  }

  return (
    <section class="panel narrow auth">
      <h1>{title}</h1>
      {welcome && step === 'password' ? (
        <p class="notice" role="status">
          Your account is ready. Sign in with your password.
        </p>
      ) : null}
      <form class="stack" onSubmit={(event) => void submit(event)}>
        {step === 'password' ? (
          <>
            <Field label="Email" type="email" autoComplete="username" required value={email} onValue={setEmail} />
            <Field
              label="Password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onValue={setPassword}
            />
          </>
        ) : (
          <>
            <p>Two-factor authentication is on for {email}. Enter the code your authenticator app shows.</p>
            <Field
              label="Two-factor code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              autoFocus
              value={code}
              onValue={setCode}
            />
          </>
        )}
        <Alert message={failure} />
        <button type="submit" class="wide" disabled={busy}>
          Sign in
        </button>
        {step === 'two-factor' ? (
          <button
            type="button"
            class="quiet wide"
            onClick={() => {
              setStep('password')
              setCode('')
              setFailure(null)
            }}
          >
            Back
          </button>
        ) : null}
      </form>
      {step === 'password' ? (
        <p class="aside">
          New here? <a href="/sign-up">Create an account</a>
        </p>
      ) : null}
    </section>
  )
}
