/**
 * What the caller may do to the order now, by role and state (docs/p2p.md "Roles"): the maker accepts
 * or rejects a CREATED order; the buyer cancels (CREATED, ACCEPTED) or marks it paid with a payment
 * method (ACCEPTED); the seller releases (PAYMENT_COMPLETED); either party disputes with a reason
 * (PAYMENT_COMPLETED); both leave feedback once after SUCCESS. The node decides: a refusal is shown
 * as it said it.
 */
import {useState} from 'preact/hooks'
import {messageOf} from '../../api/client'
import {actions, leaveFeedback, type P2POrder, type PaymentMethod} from '../../api/p2p'
import {Alert} from '../../components/alert'
import {readable} from '../../lib/decimal'
import {rememberedMethod} from './remember'
import {Select} from './select'
import {fiat, methodName} from './words'

type Props = {
  order: P2POrder
  me: string
  methods: PaymentMethod[]
  /** The methods the buyer may pay by (the ad's). */
  payable: string[]
  feedbackLeft: boolean
  changed: (order: P2POrder) => void
  feedbackSent: () => void
}

export function Actions({order, me, methods, payable, feedbackLeft, changed, feedbackSent}: Props) {
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [confirmCancel, setConfirmCancel] = useState(false)
  const [method, setMethod] = useState(() => rememberedMethod(order.id) ?? '')
  const [received, setReceived] = useState(false)
  const [disputing, setDisputing] = useState(false)
  const [reason, setReason] = useState('')
  const [rating, setRating] = useState(0)
  const [comment, setComment] = useState('')
  const [thanked, setThanked] = useState(false)

  const buyer = order.buyer_id === me
  const seller = order.seller_id === me
  const maker = order.maker_id === me
  const {status} = order
  const money = `${fiat(order.fiat_amount)} ${order.fiat}`
  const payBy = payable.includes(method) ? method : (payable[0] ?? '')

  const run = async (work: () => Promise<P2POrder | unknown>, after?: () => void) => {
    setFailure(null)
    setBusy(true)
    try {
      const result = await work()
      if (result && typeof result === 'object' && 'status' in result && 'history' in result) changed(result as P2POrder)
      after?.()
    } catch (error) {
      setFailure(messageOf(error))
    } finally {
      setBusy(false)
    }
  }

  const accept = maker && status === 'CREATED'
  const cancel = buyer && (status === 'CREATED' || status === 'ACCEPTED')
  const pay = buyer && status === 'ACCEPTED'
  const release = seller && status === 'PAYMENT_COMPLETED'
  const dispute = (buyer || seller) && status === 'PAYMENT_COMPLETED'
  const feedback = status === 'SUCCESS'
  if (!accept && !cancel && !pay && !release && !dispute && !feedback) return null

  return (
    <section class="panel stack" aria-labelledby="actions-title">
      <h2 id="actions-title">{feedback ? 'Feedback' : 'Your move'}</h2>
      <Alert message={failure} />

      {accept ? (
        <div class="row">
          <button type="button" class="buy" disabled={busy} onClick={() => void run(() => actions.accept(order.id))}>
            Accept order
          </button>
          <button type="button" class="quiet" disabled={busy} onClick={() => void run(() => actions.reject(order.id))}>
            Reject order
          </button>
        </div>
      ) : null}

      {pay ? (
        <div class="stack">
          <Select label="Payment method" value={payBy} onValue={setMethod}>
            {payable.map((id) => (
              <option key={id} value={id}>
                {methodName(methods, id)}
              </option>
            ))}
          </Select>
          <p class="notice">Mark the order as paid only after you have sent {money} from an account in your own name.</p>
          <button
            type="button"
            class="buy"
            disabled={busy || !payBy}
            onClick={() => void run(() => actions.pay(order.id, payBy))}
          >
            Mark as paid
          </button>
        </div>
      ) : null}

      {release ? (
        <div class="stack">
          <label class="check">
            <input
              type="checkbox"
              checked={received}
              onChange={(event) => setReceived((event.target as HTMLInputElement).checked)}
            />
            I have received {money} in my account
          </label>
          <button
            type="button"
            class="sell"
            disabled={busy || !received}
            onClick={() => void run(() => actions.confirm(order.id))}
          >
            Release {order.asset}
          </button>
          <p class="notice">
            Releasing sends {readable(order.amount)} {order.asset} to the buyer at once; it cannot be undone.
          </p>
        </div>
      ) : null}

      {cancel ? (
        confirmCancel ? (
          <div class="row">
            <span>Cancel this order?{status === 'ACCEPTED' ? ' Do not cancel if you have paid.' : ''}</span>
            <button
              type="button"
              class="sell"
              disabled={busy}
              onClick={() =>
                void run(
                  () => actions.cancel(order.id),
                  () => setConfirmCancel(false),
                )
              }
            >
              Yes, cancel the order
            </button>
            <button type="button" class="quiet" onClick={() => setConfirmCancel(false)}>
              Keep it
            </button>
          </div>
        ) : (
          <div class="row">
            <button type="button" class="quiet" disabled={busy} onClick={() => setConfirmCancel(true)}>
              Cancel order
            </button>
          </div>
        )
      ) : null}

      {dispute ? (
        disputing ? (
          <form
            class="stack"
            aria-label="Dispute"
            onSubmit={(event) => {
              event.preventDefault()
              void run(
                () => actions.dispute(order.id, reason),
                () => setDisputing(false),
              )
            }}
          >
            <div class="field">
              <label for="dispute-reason">Reason</label>
              <textarea
                id="dispute-reason"
                rows={3}
                required
                maxLength={2000}
                value={reason}
                onInput={(event) => setReason((event.target as HTMLTextAreaElement).value)}
              />
            </div>
            <p class="notice">An arbitrator reads the chat and its files, and decides who gets the held crypto.</p>
            <div class="row">
              <button type="submit" class="sell" disabled={busy || !reason.trim()}>
                Open dispute
              </button>
              <button type="button" class="quiet" onClick={() => setDisputing(false)}>
                Back
              </button>
            </div>
          </form>
        ) : (
          <div class="row">
            <button type="button" class="quiet" onClick={() => setDisputing(true)}>
              Open a dispute
            </button>
          </div>
        )
      ) : null}

      {feedback ? (
        feedbackLeft || thanked ? (
          <p class="notice" role="status">
            Thank you: your feedback on this deal was sent.
          </p>
        ) : (
          <form
            class="stack"
            aria-label="Feedback"
            onSubmit={(event) => {
              event.preventDefault()
              void run(
                () => leaveFeedback(order.id, rating, comment),
                () => {
                  setThanked(true)
                  feedbackSent()
                },
              )
            }}
          >
            <fieldset class="rating">
              <legend>Rating</legend>
              {[1, 2, 3, 4, 5].map((value) => (
                <label key={value} class={value <= rating ? 'on' : undefined}>
                  <input type="radio" name="rating" checked={rating === value} onChange={() => setRating(value)} />
                  <span aria-hidden="true">★</span>
                  <span class="visually-hidden">
                    {value} {value === 1 ? 'star' : 'stars'}
                  </span>
                </label>
              ))}
            </fieldset>
            <div class="field">
              <label for="feedback-comment">Comment</label>
              <textarea
                id="feedback-comment"
                rows={2}
                maxLength={500}
                value={comment}
                onInput={(event) => setComment((event.target as HTMLTextAreaElement).value)}
              />
            </div>
            <button type="submit" disabled={busy || rating === 0}>
              Send feedback
            </button>
          </form>
        )
      ) : null}
    </section>
  )
}
