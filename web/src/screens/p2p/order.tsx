/**
 * One P2P order as its party sees it (docs/p2p.md "Order states", "Roles"): the state and what comes
 * next, the timer of the state (`expires_at`), the seller's payment details for the buyer once
 * ACCEPTED, the actions the caller's role and the state allow, the history, and the chat with its
 * files. Live from the P2P stream: status changes and messages appear without a reload, and every
 * reconnect reads the order and the chat again.
 */
import {useEffect, useState} from 'preact/hooks'
import {useRoute} from 'preact-iso'
import {messageOf} from '../../api/client'
import {useP2PEvents} from '../../api/live/p2p'
import {
  order as loadOrder,
  messages as loadMessages,
  paymentMethods,
  profile as loadProfile,
  type Message,
  type P2POrder as Order,
  type PaymentMethod,
  type Profile,
} from '../../api/p2p'
import {api, call} from '../../api/client'
import {Alert} from '../../components/alert'
import {readable} from '../../lib/decimal'
import {useSession} from '../../lib/session'
import {Actions} from './actions'
import {Chat} from './chat'
import {Timer} from './timer'
import {counterpartyOf, fiat, FINAL, methodName, orderTitle, percent, STATUS_WORDS, statusTone, userName, when} from './words'
import './p2p.css'

export function P2POrder() {
  const {params} = useRoute()
  const {account} = useSession()
  const id = params['id'] ?? ''
  if (account === undefined) return <p class="notice">Loading…</p>
  if (account === null) {
    return (
      <section class="panel narrow">
        <h1>P2P order</h1>
        <p>
          <a href="/sign-in">Sign in</a> to see this order.
        </p>
      </section>
    )
  }
  return <OrderPage key={id} id={id} me={account.id} />
}

function OrderPage({id, me}: {id: string; me: string}) {
  const [order, setOrder] = useState<Order | null>(null)
  const [messages, setMessages] = useState<Message[]>([])
  const [methods, setMethods] = useState<PaymentMethod[]>([])
  const [adMethods, setAdMethods] = useState<string[] | null>(null)
  const [counterparty, setCounterparty] = useState<Profile | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [missing, setMissing] = useState(false)

  const reload = async () => {
    try {
      const [current, chat] = await Promise.all([loadOrder(id), loadMessages(id)])
      setOrder(current)
      setMessages(chat)
      setFailure(null)
    } catch (error) {
      if ((error as {status?: number}).status === 404) setMissing(true)
      else setFailure(messageOf(error))
    }
  }

  useP2PEvents({
    open: () => void reload(),
    order: (changed) => {
      if (changed.id === id) setOrder(changed)
    },
    message: (message) => {
      if (message.order_id !== id) return
      setMessages((current) => (current.some((entry) => entry.id === message.id) ? current : [...current, message]))
    },
  })

  useEffect(() => {
    void reload()
    paymentMethods()
      .then(setMethods)
      .catch(() => setMethods([]))
  }, [id])

  const adId = order?.advertisement_id
  useEffect(() => {
    if (!adId) return
    // The ad's methods are those the buyer may pay by; a deleted ad is gone (404), and then the seller's details name them.
    call(api.GET('/p2p/advertisements/{id}/', {params: {path: {id: adId}}}))
      .then((ad) => setAdMethods(ad.payment_methods))
      .catch(() => setAdMethods(null))
  }, [adId])

  const otherId = order ? counterpartyOf(order, me) : null
  const status = order?.status
  useEffect(() => {
    if (!otherId) return
    loadProfile(otherId)
      .then(setCounterparty)
      .catch(() => setCounterparty(null))
  }, [otherId, status])

  if (missing) {
    return (
      <section class="panel narrow">
        <h1>P2P order</h1>
        <p role="alert" class="alert">
          There is no order {id} among yours.
        </p>
        <p>
          <a href="/p2p">Back to P2P</a>
        </p>
      </section>
    )
  }
  if (!order || !otherId) {
    return (
      <div class="stack">
        <Alert message={failure} />
        <p class="notice">Loading the order…</p>
      </div>
    )
  }

  const role = order.buyer_id === me ? 'buyer' : 'seller'
  const other = userName(otherId)
  const feedbackLeft = counterparty?.feedback.some((entry) => entry.order_id === order.id) ?? false
  const payable = adMethods ?? order.seller_payment_details?.map((entry) => entry.payment_method) ?? []

  return (
    <div class="p2p-order">
      <div class="stack order-main">
        <section class="panel stack" aria-labelledby="order-title">
          <div class="order-head">
            <h1 id="order-title">
              <span class={order.side === 'sell' ? 'sell-text' : 'buy-text'}>{orderTitle(order)}</span>{' '}
              <span class="muted">
                {role === 'buyer' ? 'from' : 'to'} {other}
              </span>
            </h1>
            <p class={`badge big ${statusTone(order.status)}`} role="status">
              {STATUS_WORDS[order.status]} <span class="code">{order.status}</span>
            </p>
          </div>
          <Alert message={failure} />
          <p class="next">{nextStep(order, role, me, other, methods)}</p>
          {order.expires_at !== null && !FINAL.has(order.status) ? (
            <Timer expiresAt={order.expires_at} label={timerLabel(order, role)} />
          ) : null}
          <dl class="facts">
            <div>
              <dt>Price</dt>
              <dd class="num">
                {fiat(order.price)} {order.fiat}
              </dd>
            </div>
            <div>
              <dt>Amount</dt>
              <dd class="num">
                {readable(order.amount)} {order.asset}
              </dd>
            </div>
            <div>
              <dt>Fiat amount</dt>
              <dd class="num">
                {fiat(order.fiat_amount)} {order.fiat}
              </dd>
            </div>
            {order.fee !== '0' ? (
              <div>
                <dt>Fee</dt>
                <dd class="num">
                  {readable(order.fee)} {order.asset}
                </dd>
              </div>
            ) : null}
            {order.payment_method ? (
              <div>
                <dt>Paid by</dt>
                <dd>{methodName(methods, order.payment_method)}</dd>
              </div>
            ) : null}
            <div>
              <dt>Created</dt>
              <dd>{when(order.created_at)}</dd>
            </div>
            <div class="wide">
              <dt>Order</dt>
              <dd class="mono">{order.id}</dd>
            </div>
          </dl>
          {counterparty ? (
            <p class="muted">
              {other}: {counterparty.completed_orders} completed {counterparty.completed_orders === 1 ? 'order' : 'orders'},{' '}
              {percent(counterparty.completion_rate_30d)} completion over 30 days
              {counterparty.rating.average === null
                ? ''
                : `, rated ${counterparty.rating.average} / 5 (${counterparty.rating.count})`}
              .
            </p>
          ) : null}
        </section>

        {order.seller_payment_details && !FINAL.has(order.status) ? (
          <section class="panel stack" aria-labelledby="pay-to-title">
            <h2 id="pay-to-title">Seller's payment details</h2>
            {order.seller_payment_details.length === 0 ? (
              <p class="notice">The seller has not added payment details yet: ask for them in the chat.</p>
            ) : (
              <ul class="details-list" aria-label="Seller's payment details">
                {order.seller_payment_details.map((entry) => (
                  <li key={entry.payment_method}>
                    <div>
                      <strong>{methodName(methods, entry.payment_method)}</strong>
                      <p class="pre">{entry.details}</p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}

        <Actions
          order={order}
          me={me}
          methods={methods}
          payable={payable}
          feedbackLeft={feedbackLeft}
          changed={setOrder}
          feedbackSent={() => otherId && void loadProfile(otherId).then(setCounterparty)}
        />
      </div>
      <Chat
        order={order}
        me={me}
        other={other}
        messages={messages}
        sent={(message) =>
          setMessages((current) => (current.some((entry) => entry.id === message.id) ? current : [...current, message]))
        }
      />
      <section class="panel order-history" aria-labelledby="history-title">
        <h2 id="history-title">History</h2>
        <ol class="history" aria-label="History">
          {order.history.map((entry, index) => (
            <li key={index}>
              <span class={`dot ${statusTone(entry.status)}`} aria-hidden="true" />
              <span>
                <strong>{STATUS_WORDS[entry.status]}</strong> <span class="code">{entry.status}</span>
              </span>
              <span class="muted">
                {when(entry.at)} · {byWhom(entry.by, me, otherId)}
              </span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  )
}

function byWhom(by: string, me: string, other: string): string {
  if (by === me) return 'you'
  if (by === other) return userName(other)
  if (by === 'timer') return 'the timer'
  if (by === 'p2p') return 'the exchange'
  if (by.startsWith('admin:')) return 'an arbitrator'
  return by
}

function timerLabel(order: Order, role: 'buyer' | 'seller'): string {
  const maker = order.maker_id === order.buyer_id ? 'buyer' : 'seller'
  switch (order.status) {
    case 'CREATED':
      return role === maker ? 'Time left to accept' : 'Time left for the maker to accept'
    case 'ACCEPTED':
      return role === 'buyer' ? 'Time left to pay' : 'Time left for the buyer to pay'
    case 'PAYMENT_COMPLETED':
      return role === 'seller' ? 'Time left to release' : 'Time left for the seller to release'
    default:
      return 'Time left'
  }
}

function nextStep(order: Order, role: 'buyer' | 'seller', me: string, other: string, methods: PaymentMethod[]): string {
  const money = `${fiat(order.fiat_amount)} ${order.fiat}`
  const crypto = `${readable(order.amount)} ${order.asset}`
  const maker = order.maker_id === me
  switch (order.status) {
    case 'CREATED':
      return maker
        ? `${other} wants to ${role === 'seller' ? 'buy' : 'sell'} ${crypto}. Accept to start the deal, or reject it.`
        : `Waiting for ${other} to accept. ${role === 'seller' ? 'Your' : 'The seller\u2019s'} ${crypto} is held by the exchange meanwhile.`
    case 'ACCEPTED':
      return role === 'buyer'
        ? `Pay ${money} to the seller with one of the methods below, then mark the order as paid.`
        : `Waiting for ${other} to pay ${money}. Your ${crypto} stays held until you release it.`
    case 'PROCESSING':
    case 'PAYMENT_COMPLETED':
      return role === 'seller'
        ? `${other} says ${money} was sent${order.payment_method ? ` by ${methodName(methods, order.payment_method)}` : ''}. Check that it has arrived, then release ${crypto}.`
        : `Waiting for ${other} to confirm your payment and release ${crypto}.`
    case 'PAYMENT_CONFIRMED':
      return `The payment is confirmed; ${crypto} is on its way to the buyer.`
    case 'SUCCESS':
      return role === 'buyer' ? `Done: ${crypto} is on your funding account.` : `Done: ${crypto} went to ${other}.`
    case 'DISPUTE_START':
      return 'A dispute is open. The crypto stays held until an arbitrator decides; an arbitrator is being assigned.'
    case 'DISPUTE_DECISION_AWAITING':
      return 'An arbitrator is reviewing the dispute. The crypto stays held until they decide; use the chat to give them what they need.'
    case 'DISPUTE_DECIDED':
      return 'The arbitrator has decided.'
    case 'REJECTED':
      return 'The maker rejected the order; the held crypto went back to the seller.'
    case 'CANCELLED':
      return 'The order was cancelled; the held crypto went back to the seller.'
  }
}
