/**
 * The advertisements a person can take: filtered by side, asset, fiat, payment method and a fiat
 * amount as `GET /p2p/advertisements/` filters them, in the API's order (best price for the taker,
 * then the maker's completion rate). Taking one opens its form under the ad: the maker's profile, the
 * terms, an amount in crypto or in fiat, and for a buyer the payment method it means to use.
 */
import {useEffect, useState} from 'preact/hooks'
import {useLocation} from 'preact-iso'
import {messageOf} from '../../api/client'
import {listAds, profile, takeAd, type Ad, type AdType, type Asset, type PaymentMethod, type Profile} from '../../api/p2p'
import {Alert} from '../../components/alert'
import {DecimalField, Field} from '../../components/field'
import {divideDown, isDecimal, isPositive, readable} from '../../lib/decimal'
import {duration, fiat, fiatOf, methodName, percent, userName} from './words'
import {rememberMethod} from './remember'
import {Select} from './select'

type Props = {me: string; methods: PaymentMethod[]; assets: Asset[]}

export function Market({me, methods, assets}: Props) {
  // The taker's side: buying takes SELL ads, selling takes BUY ads.
  const [side, setSide] = useState<'buy' | 'sell'>('buy')
  const [asset, setAsset] = useState('USDT')
  const [fiatCode, setFiatCode] = useState('USD')
  const [method, setMethod] = useState('')
  const [amount, setAmount] = useState('')
  const [ads, setAds] = useState<Ad[] | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [open, setOpen] = useState<string | null>(null)
  const [reloads, setReloads] = useState(0)

  const type: AdType = side === 'buy' ? 'SELL' : 'BUY'
  const fiatReady = /^[A-Z]{3}$/.test(fiatCode)
  const amountReady = amount === '' || isDecimal(amount)

  useEffect(() => {
    if (!fiatReady || !amountReady) return undefined
    let live = true
    const timer = setTimeout(() => {
      listAds({type, asset, fiat: fiatCode, payment_method: method || undefined, amount: amount || undefined})
        .then((found) => {
          if (!live) return
          setAds(found)
          setFailure(null)
        })
        .catch((error: unknown) => live && setFailure(messageOf(error)))
    }, 200)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [type, asset, fiatCode, method, amount, fiatReady, amountReady, reloads])

  const decimalsOf = (code: string) => assets.find((entry) => entry.code === code)?.decimals ?? 8

  return (
    <div class="panel stack">
      <div class="p2p-filters">
        <fieldset class="segmented">
          <legend>I want to</legend>
          {(['buy', 'sell'] as const).map((value) => (
            <label key={value} class={side === value ? `on ${value}` : undefined}>
              <input type="radio" name="p2p-side" checked={side === value} onChange={() => setSide(value)} />
              {value === 'buy' ? 'Buy' : 'Sell'}
            </label>
          ))}
        </fieldset>
        <Select label="Asset" value={asset} onValue={setAsset}>
          {(assets.length ? assets.map((entry) => entry.code) : [asset]).map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </Select>
        <Field
          label="Fiat"
          value={fiatCode}
          onValue={(value) => setFiatCode(value.toUpperCase())}
          maxLength={3}
          autoComplete="off"
          spellcheck={false}
        />
        <Select label="Payment method" value={method} onValue={setMethod}>
          <option value="">All methods</option>
          {methods.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.name}
            </option>
          ))}
        </Select>
        <DecimalField
          label="Fiat amount"
          value={amount}
          onValue={setAmount}
          placeholder={`Any, in ${fiatCode}`}
          hint={amountReady ? null : 'A plain number, such as 150 or 99.50'}
        />
      </div>
      <Alert message={failure} />
      <p class="list-head muted">
        <span>{ads === null ? '' : `${ads.length} ${ads.length === 1 ? 'advertisement' : 'advertisements'}`}</span>
        <button type="button" class="quiet" onClick={() => setReloads((count) => count + 1)}>
          Refresh
        </button>
      </p>
      {ads === null ? (
        <p class="notice">Loading advertisements…</p>
      ) : ads.length === 0 ? (
        <p class="notice">
          No one {type === 'SELL' ? 'sells' : 'buys'} {asset} for {fiatCode} {method ? `by ${methodName(methods, method)} ` : ''}
          right now{amount ? ` for ${fiat(amount)} ${fiatCode}` : ''}.
        </p>
      ) : (
        <ul class="ads" aria-label="Advertisements">
          {ads.map((ad) => (
            <li key={ad.id} class="ad">
              <AdSummary ad={ad} methods={methods} />
              <div class="ad-act">
                {ad.maker_id === me ? (
                  <span class="muted">Your advertisement</span>
                ) : open === ad.id ? null : (
                  <button type="button" class={side} onClick={() => setOpen(ad.id)}>
                    {side === 'buy' ? 'Buy' : 'Sell'} {ad.asset}
                  </button>
                )}
              </div>
              {open === ad.id ? (
                <TakeForm
                  ad={ad}
                  methods={methods}
                  decimals={decimalsOf(ad.asset)}
                  close={() => {
                    setOpen(null)
                    setReloads((count) => count + 1)
                  }}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** One ad as a row: maker and reputation, price, what can be taken, methods, terms. */
export function AdSummary({ad, methods}: {ad: Ad; methods: PaymentMethod[]}) {
  const {maker} = ad
  return (
    <>
      <div class="ad-maker">
        <strong>{userName(ad.maker_id)}</strong>
        <span class="muted">
          {maker.completed_orders_30d === 0
            ? 'No completed orders in 30 days'
            : `${maker.completed_orders_30d} orders (30 d) · ${percent(maker.completion_rate_30d)} completed`}
        </span>
        <span class="muted">
          {maker.rating === null ? 'No ratings yet' : `Rated ${maker.rating} / 5 (${maker.rating_count})`}
        </span>
      </div>
      <div class="ad-price">
        <span class="label">Price</span>
        <strong class="num">
          {fiat(ad.price)} {ad.fiat}
        </strong>
        {ad.price_type === 'floating' && ad.premium_pct !== null ? (
          <span class="muted">
            reference {ad.premium_pct.startsWith('-') ? '' : '+'}
            {ad.premium_pct}%
          </span>
        ) : null}
      </div>
      <div class="ad-limits">
        <span>
          <span class="label">Available</span>{' '}
          <span class="num">
            {readable(ad.available_amount)} {ad.asset}
          </span>
        </span>
        <span>
          <span class="label">Limits</span>{' '}
          <span class="num">
            {fiat(ad.min_amount)} – {fiat(ad.max_amount)} {ad.fiat}
          </span>
        </span>
      </div>
      <ul class="chips" aria-label="Payment methods">
        {ad.payment_methods.map((id) => (
          <li key={id}>{methodName(methods, id)}</li>
        ))}
      </ul>
      {ad.terms ? <p class="terms">{ad.terms}</p> : null}
    </>
  )
}

function TakeForm({ad, methods, decimals, close}: {ad: Ad; methods: PaymentMethod[]; decimals: number; close: () => void}) {
  const {route} = useLocation()
  const [unit, setUnit] = useState<'crypto' | 'fiat'>('fiat')
  const [amount, setAmount] = useState('')
  const [method, setMethod] = useState(ad.payment_methods[0] ?? '')
  const [maker, setMaker] = useState<Profile | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // On a SELL ad the taker buys, and pays by one of the ad's methods; on a BUY ad the maker pays.
  const takerBuys = ad.type === 'SELL'

  useEffect(() => {
    profile(ad.maker_id)
      .then(setMaker)
      .catch(() => setMaker(null))
  }, [ad.maker_id])

  const valid = isDecimal(amount) && isPositive(amount)
  const other = !valid
    ? null
    : unit === 'fiat'
      ? `${readable(divideDown(amount, ad.price, decimals))} ${ad.asset}`
      : `${fiat(fiatOf(amount, ad.price))} ${ad.fiat}`

  const submit = async (event: Event) => {
    event.preventDefault()
    setFailure(null)
    setBusy(true)
    try {
      const created = await takeAd(ad.id, unit === 'fiat' ? {fiat_amount: amount} : {amount})
      if (takerBuys && method) rememberMethod(created.id, method)
      route(`/p2p/orders/${created.id}`)
    } catch (error) {
      setFailure(messageOf(error))
      setBusy(false)
    }
  }

  return (
    <form class="take stack" onSubmit={(event) => void submit(event)} aria-label={`${takerBuys ? 'Buy' : 'Sell'} ${ad.asset}`}>
      {maker ? (
        <div class="maker-profile">
          <h3>{userName(ad.maker_id)}</h3>
          <dl class="facts">
            <div>
              <dt>Completed orders</dt>
              <dd>{maker.completed_orders}</dd>
            </div>
            <div>
              <dt>Completion (30 d)</dt>
              <dd>{percent(maker.completion_rate_30d)}</dd>
            </div>
            <div>
              <dt>Average release</dt>
              <dd>{maker.avg_release_seconds === null ? '—' : duration(maker.avg_release_seconds)}</dd>
            </div>
            <div>
              <dt>Positive feedback</dt>
              <dd>
                {maker.rating.positive_share === null ? '—' : `${percent(maker.rating.positive_share)} of ${maker.rating.count}`}
              </dd>
            </div>
          </dl>
          {maker.feedback.length ? (
            <ul class="feedback-list" aria-label="Latest feedback">
              {maker.feedback.slice(0, 3).map((entry) => (
                <li key={entry.order_id}>
                  <span class="stars" aria-label={`${entry.rating} of 5`}>
                    {'★'.repeat(entry.rating)}
                    {'☆'.repeat(5 - entry.rating)}
                  </span>{' '}
                  {entry.comment}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <p class="notice">
        Payment window {ad.payment_window_minutes} min.{' '}
        {takerBuys
          ? 'You pay the seller directly; the seller\u2019s crypto is held by the exchange until they release it.'
          : 'Your crypto is held by the exchange from the moment you place the order until you release it.'}
      </p>
      <div class="take-fields">
        <Select label="Amount in" value={unit} onValue={(value) => setUnit(value as 'crypto' | 'fiat')}>
          <option value="fiat">{ad.fiat}</option>
          <option value="crypto">{ad.asset}</option>
        </Select>
        <DecimalField
          label="Amount"
          value={amount}
          onValue={setAmount}
          required
          hint={other ? `≈ ${other}` : `${fiat(ad.min_amount)} – ${fiat(ad.max_amount)} ${ad.fiat}`}
        />
        {takerBuys ? (
          <Select label="Payment method" value={method} onValue={setMethod}>
            {ad.payment_methods.map((id) => (
              <option key={id} value={id}>
                {methodName(methods, id)}
              </option>
            ))}
          </Select>
        ) : null}
      </div>
      <Alert message={failure} />
      <div class="row">
        <button type="submit" class={takerBuys ? 'buy' : 'sell'} disabled={!valid || busy}>
          Place order
        </button>
        <button type="button" class="quiet" onClick={close}>
          Close
        </button>
      </div>
    </form>
  )
}
