/**
 * The person's payment details per method (`/p2p/me/payment-methods/`): what a buyer sees, once the
 * person as seller accepts an order, to know where to send the money. Saving a method again replaces
 * its details.
 */
import {useState} from 'preact/hooks'
import {messageOf} from '../../api/client'
import {removePaymentDetails, savePaymentDetails, type PaymentDetails, type PaymentMethod} from '../../api/p2p'
import {Alert} from '../../components/alert'
import {Select} from './select'
import {methodName} from './words'

type Props = {methods: PaymentMethod[]; details: PaymentDetails[]; changed: () => Promise<void>}

export function PaymentDetailsPanel({methods, details, changed}: Props) {
  const [method, setMethod] = useState(methods[0]?.id ?? '')
  const [text, setText] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const run = async (work: () => Promise<unknown>) => {
    setFailure(null)
    setBusy(true)
    try {
      await work()
      await changed()
      return true
    } catch (error) {
      setFailure(messageOf(error))
      return false
    } finally {
      setBusy(false)
    }
  }

  const save = async (event: Event) => {
    event.preventDefault()
    if (await run(() => savePaymentDetails(method, text))) setText('')
  }

  return (
    <div class="p2p-columns">
      <section class="panel stack" aria-labelledby="details-title">
        <h2 id="details-title">My payment details</h2>
        <p class="notice">A buyer sees the details of the methods of your advertisement once you accept their order.</p>
        {details.length === 0 ? (
          <p class="notice">None yet.</p>
        ) : (
          <ul class="details-list" aria-label="My payment details">
            {details.map((entry) => (
              <li key={entry.payment_method}>
                <div>
                  <strong>{methodName(methods, entry.payment_method)}</strong>
                  <p class="pre">{entry.details}</p>
                </div>
                <button
                  type="button"
                  class="quiet"
                  disabled={busy}
                  aria-label={`Remove ${methodName(methods, entry.payment_method)} details`}
                  onClick={() => void run(() => removePaymentDetails(entry.payment_method))}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <form class="panel stack" aria-labelledby="details-form-title" onSubmit={(event) => void save(event)}>
        <h2 id="details-form-title">Add or replace details</h2>
        <Select label="Method" value={method} onValue={setMethod}>
          {methods.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.name}
            </option>
          ))}
        </Select>
        <div class="field">
          <label for="details-text">Details</label>
          <textarea
            id="details-text"
            rows={3}
            maxLength={500}
            required
            placeholder="Bank, account holder, account number"
            value={text}
            onInput={(event) => setText((event.target as HTMLTextAreaElement).value)}
          />
        </div>
        <Alert message={failure} />
        <button type="submit" disabled={busy}>
          Save details
        </button>
      </form>
    </div>
  )
}
