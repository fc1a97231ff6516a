/**
 * Two-factor on and off (docs/account-flows.md "Two-factor (TOTP)"). Turning it on asks the node for a
 * new secret, shows it as a QR code for an authenticator app and as text to type in, and confirms it
 * with a code of the app; turning it off takes a code too. The secret lives in this component's state
 * only: leaving the page forgets it, and the node never shows it again.
 */
import {useState} from 'preact/hooks'
import {disableTwoFactor, enableTwoFactor, setUpTwoFactor, type TwoFactorSetup} from '../../api/gateway'
import {messageOf} from '../../api/client'
import {Alert} from '../../components/alert'
import {CopyField} from '../../components/copy-button'
import {Field} from '../../components/field'
import {QrCode} from '../../components/qr-code'

export function TwoFactor({enabled, changed}: {enabled: boolean; changed: (enabled: boolean) => void}) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null)
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  const run = async (action: () => Promise<void>) => {
    setBusy(true)
    setFailure(null)
    try {
      await action()
    } catch (error) {
      setFailure(messageOf(error))
    } finally {
      setBusy(false)
    }
  }

  const begin = () =>
    run(async () => {
      setSetup(await setUpTwoFactor())
      setCode('')
    })

  const confirm = (event: Event) => {
    event.preventDefault()
    void run(async () => {
      await enableTwoFactor(code)
      setSetup(null)
      setCode('')
      changed(true)
    })
  }

  const turnOff = (event: Event) => {
    event.preventDefault()
    void run(async () => {
      await disableTwoFactor(code)
      setCode('')
      changed(false)
    })
  }

  return (
    <section class="panel stack" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Two-factor authentication</h2>
      {enabled ? (
        <>
          <p class="state on">Two-factor authentication is on.</p>
          <p class="hint">
            Signing in, creating an API key and withdrawing ask for a code of your authenticator app. To turn it off, enter a
            code.
          </p>
          <form class="inline-form" onSubmit={turnOff}>
            <Field
              label="Two-factor code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              value={code}
              onValue={setCode}
            />
            <button type="submit" class="quiet" disabled={busy}>
              Turn off
            </button>
          </form>
        </>
      ) : setup ? (
        <form class="stack" onSubmit={confirm}>
          <p>
            Scan the code with your authenticator app (or type the key into it), then enter the 6-digit code it shows. The key is
            shown only now.
          </p>
          <div class="secret">
            <QrCode text={setup.otpauth_uri} label="QR code for your authenticator app" />
            <CopyField label="Secret key" value={groups(setup.secret)} copyLabel="Copy secret key" />
          </div>
          <Field
            label="Two-factor code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            value={code}
            onValue={setCode}
          />
          <div class="actions">
            <button type="submit" disabled={busy}>
              Turn on
            </button>
            <button type="button" class="quiet" onClick={() => setSetup(null)}>
              Not now
            </button>
          </div>
        </form>
      ) : (
        <>
          <p class="state off">Two-factor authentication is off.</p>
          <p class="hint">
            With it on, signing in, creating API keys and withdrawing also need a code from an authenticator app on your phone.
          </p>
          <button type="button" disabled={busy} onClick={() => void begin()}>
            Turn on two-factor
          </button>
        </>
      )}
      <Alert message={failure} />
    </section>
  )
}

/** A base32 key in groups of four, as authenticator apps accept it typed. */
const groups = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ')
