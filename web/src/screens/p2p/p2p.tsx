/**
 * P2P trading (docs/web.md "Screens", docs/p2p.md): the orders in progress on top (live from the P2P
 * stream, so a maker sees a new order on their ad at once), then four tabs — the advertisements to
 * take, the person's P2P orders, their own advertisements with the form to post one, and their
 * payment details. Every P2P endpoint needs a session: signed out, the page says so.
 */
import {useEffect, useState} from 'preact/hooks'
import {messageOf} from '../../api/client'
import {useP2PEvents} from '../../api/live/p2p'
import {
  assets as loadAssets,
  myOrders,
  myPaymentDetails,
  paymentMethods,
  type Asset,
  type P2POrder,
  type PaymentDetails,
  type PaymentMethod,
} from '../../api/p2p'
import {Alert} from '../../components/alert'
import {readable} from '../../lib/decimal'
import {useSession} from '../../lib/session'
import {PaymentDetailsPanel} from './details'
import {Market} from './market'
import {MyAds} from './my-ads'
import {OrderTable} from './order-table'
import {Tabs} from './tabs'
import {FINAL, fiat, STATUS_WORDS} from './words'
import './p2p.css'

const TABS = ['Advertisements', 'My orders', 'My advertisements', 'Payment details'] as const
type Tab = (typeof TABS)[number]

export function P2P() {
  const {account} = useSession()
  if (account === undefined) return <p class="notice">Loading…</p>
  if (account === null) {
    return (
      <section class="panel narrow stack">
        <h1>P2P trading</h1>
        <p>
          Buy and sell crypto directly with other people, paying by bank transfer, card or another method. The exchange holds the
          seller's crypto until the seller confirms the payment.
        </p>
        <p>
          <a href="/sign-in">Sign in</a> or <a href="/sign-up">sign up</a> to see the advertisements.
        </p>
      </section>
    )
  }
  return <P2PHome me={account.id} />
}

function P2PHome({me}: {me: string}) {
  const [tab, setTab] = useState<Tab>('Advertisements')
  const [methods, setMethods] = useState<PaymentMethod[]>([])
  const [assets, setAssets] = useState<Asset[]>([])
  const [details, setDetails] = useState<PaymentDetails[]>([])
  const [orders, setOrders] = useState<P2POrder[] | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const loadDetails = async () => setDetails(await myPaymentDetails())
  const loadOrders = () =>
    myOrders()
      .then(setOrders)
      .catch((error: unknown) => setFailure(messageOf(error)))

  useEffect(() => {
    Promise.all([paymentMethods(), loadAssets(), loadDetails()])
      .then(([registry, listed]) => {
        setMethods(registry)
        setAssets(listed)
      })
      .catch((error: unknown) => setFailure(messageOf(error)))
  }, [])

  useP2PEvents({
    open: () => void loadOrders(),
    order: (changed) =>
      setOrders((current) => {
        const rest = (current ?? []).filter((entry) => entry.id !== changed.id)
        return [changed, ...rest].sort((a, b) => b.created_at.localeCompare(a.created_at))
      }),
  })

  const running = (orders ?? []).filter((entry) => !FINAL.has(entry.status))

  return (
    <div class="stack p2p">
      <h1>P2P trading</h1>
      <Alert message={failure} />
      {running.length ? (
        <section class="panel running" aria-labelledby="running-title">
          <h2 id="running-title">Orders in progress</h2>
          <ul>
            {running.map((entry) => (
              <li key={entry.id}>
                <a href={`/p2p/orders/${entry.id}`}>
                  {entry.side === 'sell' ? 'Sell' : 'Buy'} {readable(entry.amount)} {entry.asset} for {fiat(entry.fiat_amount)}{' '}
                  {entry.fiat}
                </a>
                <span class="muted"> · {STATUS_WORDS[entry.status]}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Tabs tabs={TABS} selected={tab} select={setTab} label="P2P">
        {tab === 'Advertisements' ? (
          <Market me={me} methods={methods} assets={assets} />
        ) : tab === 'My orders' ? (
          <OrderTable orders={orders} />
        ) : tab === 'My advertisements' ? (
          <MyAds methods={methods} assets={assets} details={details} />
        ) : (
          <PaymentDetailsPanel methods={methods} details={details} changed={loadDetails} />
        )}
      </Tabs>
    </div>
  )
}
