/**
 * The person's own advertisements (`GET /p2p/me/advertisements/`, active and paused) with pause,
 * resume and delete, and the form that posts a new one (`POST /p2p/advertisements/`): side, asset,
 * fiat, a fixed price or a premium over the operators' reference rate, limits in fiat, the total in
 * crypto, payment methods from the registry, the payment window and the terms.
 */
import {useEffect, useState} from 'preact/hooks'
import {api, call, messageOf} from '../../api/client'
import {
  createAd,
  deleteAd,
  myAds,
  setAdStatus,
  type Ad,
  type AdRequest,
  type Asset,
  type PaymentDetails,
  type PaymentMethod,
} from '../../api/p2p'
import {Alert} from '../../components/alert'
import {DecimalField, Field} from '../../components/field'
import {readable} from '../../lib/decimal'
import {Select} from './select'
import {fiat, methodName} from './words'

type Props = {methods: PaymentMethod[]; assets: Asset[]; details: PaymentDetails[]}

export function MyAds({methods, assets, details}: Props) {
  const [ads, setAds] = useState<Ad[] | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const load = () =>
    myAds()
      .then((mine) => {
        setAds(mine)
        setFailure(null)
      })
      .catch((error: unknown) => setFailure(messageOf(error)))
  useEffect(() => void load(), [])

  const change = async (work: () => Promise<unknown>) => {
    setFailure(null)
    try {
      await work()
    } catch (error) {
      setFailure(messageOf(error))
    }
    await load()
  }

  return (
    <div class="p2p-columns">
      <section class="panel stack" aria-labelledby="my-ads-title">
        <h2 id="my-ads-title">My advertisements</h2>
        <Alert message={failure} />
        {ads === null ? (
          <p class="notice">Loading…</p>
        ) : ads.length === 0 ? (
          <p class="notice">You have no advertisements. Post one with the form.</p>
        ) : (
          <ul class="ads mine" aria-label="My advertisements">
            {ads.map((ad) => (
              <MyAd key={ad.id} ad={ad} methods={methods} change={change} />
            ))}
          </ul>
        )}
      </section>
      <CreateAd methods={methods} assets={assets} details={details} created={() => void load()} />
    </div>
  )
}

function MyAd({
  ad,
  methods,
  change,
}: {
  ad: Ad
  methods: PaymentMethod[]
  change: (work: () => Promise<unknown>) => Promise<void>
}) {
  const [deleting, setDeleting] = useState(false)
  const label = `${ad.type === 'SELL' ? 'Sell' : 'Buy'} ${ad.asset} for ${ad.fiat}`
  return (
    <li class="ad" aria-label={label}>
      <div class="ad-maker">
        <strong>
          <span class={ad.type === 'SELL' ? 'sell-text' : 'buy-text'}>{ad.type === 'SELL' ? 'Sell' : 'Buy'}</span> {ad.asset} for{' '}
          {ad.fiat}
        </strong>
        <span class={`badge ${ad.status === 'active' ? 'good' : 'wait'}`}>{ad.status === 'active' ? 'Active' : 'Paused'}</span>
      </div>
      <div class="ad-price">
        <span class="label">Price</span>
        <strong class="num">
          {fiat(ad.price)} {ad.fiat}
        </strong>
        {ad.price_type === 'floating' ? <span class="muted">reference {signed(ad.premium_pct ?? '0')}%</span> : null}
      </div>
      <div class="ad-limits">
        <span>
          <span class="label">Left</span>{' '}
          <span class="num">
            {readable(ad.remaining_amount)} / {readable(ad.total_amount)} {ad.asset}
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
      <div class="ad-act row">
        {deleting ? (
          <>
            <span>Delete this advertisement?</span>
            <button type="button" class="sell" onClick={() => void change(() => deleteAd(ad.id)).then(() => setDeleting(false))}>
              Yes, delete
            </button>
            <button type="button" class="quiet" onClick={() => setDeleting(false)}>
              Keep
            </button>
          </>
        ) : (
          <>
            {ad.status === 'active' ? (
              <button type="button" class="quiet" onClick={() => void change(() => setAdStatus(ad.id, 'paused'))}>
                Pause
              </button>
            ) : (
              <button type="button" class="quiet" onClick={() => void change(() => setAdStatus(ad.id, 'active'))}>
                Resume
              </button>
            )}
            <button type="button" class="quiet" onClick={() => setDeleting(true)}>
              Delete
            </button>
          </>
        )}
      </div>
    </li>
  )
}

const signed = (pct: string) => (pct.startsWith('-') ? pct : `+${pct}`)

type Rate = {asset: string; fiat: string; rate: string}

function CreateAd({methods, assets, details, created}: Props & {created: () => void}) {
  const [type, setType] = useState<'SELL' | 'BUY'>('SELL')
  const [asset, setAsset] = useState('USDT')
  const [fiatCode, setFiatCode] = useState('USD')
  const [priceType, setPriceType] = useState<'fixed' | 'floating'>('fixed')
  const [price, setPrice] = useState('')
  const [premium, setPremium] = useState('')
  const [min, setMin] = useState('')
  const [max, setMax] = useState('')
  const [total, setTotal] = useState('')
  const [chosen, setChosen] = useState<string[]>([])
  const [paymentWindow, setPaymentWindow] = useState('15')
  const [terms, setTerms] = useState('')
  const [rates, setRates] = useState<Rate[]>([])
  const [available, setAvailable] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    call(api.GET('/p2p/reference-rates/'))
      .then((answer) => setRates(answer.rates))
      .catch(() => setRates([]))
  }, [])
  useEffect(() => {
    call(api.GET('/balances/'))
      .then((answer) => {
        const funding = answer.balances.find((balance) => balance.account_type === 'funding' && balance.asset === asset)
        setAvailable(funding?.available ?? '0')
      })
      .catch(() => setAvailable(null))
  }, [asset])

  const reference = rates.find((rate) => rate.asset === asset && rate.fiat === fiatCode)
  const missingDetails = type === 'SELL' ? chosen.filter((id) => !details.some((entry) => entry.payment_method === id)) : []

  const toggle = (id: string, on: boolean) =>
    setChosen((current) => (on ? [...current.filter((entry) => entry !== id), id] : current.filter((entry) => entry !== id)))

  const submit = async (event: Event) => {
    event.preventDefault()
    setFailure(null)
    setDone(null)
    const body: AdRequest = {
      type,
      asset,
      fiat: fiatCode,
      price_type: priceType,
      min_amount: min,
      max_amount: max,
      total_amount: total,
      payment_methods: methods.filter((method) => chosen.includes(method.id)).map((method) => method.id),
      payment_window_minutes: Number.parseInt(paymentWindow, 10),
      ...(priceType === 'fixed' ? {price} : {premium_pct: premium}),
      ...(terms.trim() ? {terms} : {}),
    }
    setBusy(true)
    try {
      const ad = await createAd(body)
      setDone(`Your advertisement to ${ad.type === 'SELL' ? 'sell' : 'buy'} ${readable(ad.total_amount)} ${ad.asset} is live.`)
      setPrice('')
      setPremium('')
      setTotal('')
      created()
    } catch (error) {
      setFailure(messageOf(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form class="panel stack create-ad" aria-labelledby="create-ad-title" onSubmit={(event) => void submit(event)}>
      <h2 id="create-ad-title">Post an advertisement</h2>
      <div class="grid two">
        <Select label="I want to" value={type} onValue={(value) => setType(value as 'SELL' | 'BUY')}>
          <option value="SELL">Sell</option>
          <option value="BUY">Buy</option>
        </Select>
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
          required
          autoComplete="off"
          spellcheck={false}
        />
        <Select label="Price type" value={priceType} onValue={(value) => setPriceType(value as 'fixed' | 'floating')}>
          <option value="fixed">Fixed</option>
          <option value="floating">Floating (follows the reference rate)</option>
        </Select>
        {priceType === 'fixed' ? (
          <DecimalField label="Price" value={price} onValue={setPrice} required hint={`${fiatCode} for 1 ${asset}`} />
        ) : (
          <Field
            label="Premium (%)"
            value={premium}
            onValue={setPremium}
            inputMode="decimal"
            autoComplete="off"
            required
            hint={
              reference
                ? `Reference ${fiat(reference.rate)} ${fiatCode}; from −20 to +20`
                : `No reference rate for ${asset}/${fiatCode}: the exchange sets them`
            }
          />
        )}
        <DecimalField
          label="Total amount"
          value={total}
          onValue={setTotal}
          required
          hint={
            type === 'SELL' && available !== null
              ? `${asset}; ${readable(available)} available on your funding account`
              : `${asset} to ${type === 'SELL' ? 'sell' : 'buy'}`
          }
        />
        <DecimalField label="Minimum order" value={min} onValue={setMin} required hint={fiatCode} />
        <DecimalField label="Maximum order" value={max} onValue={setMax} required hint={fiatCode} />
        <Field
          label="Payment window (minutes)"
          value={paymentWindow}
          onValue={setPaymentWindow}
          type="number"
          min={10}
          max={180}
          step={1}
          required
          hint="10 to 180: how long the buyer has to pay"
        />
      </div>
      <fieldset class="checks">
        <legend>Payment methods</legend>
        {methods.map((method) => (
          <label key={method.id}>
            <input
              type="checkbox"
              checked={chosen.includes(method.id)}
              onChange={(event) => toggle(method.id, (event.target as HTMLInputElement).checked)}
            />
            {method.name}
          </label>
        ))}
      </fieldset>
      {missingDetails.length ? (
        <p class="notice">
          Add your details for {missingDetails.map((id) => methodName(methods, id)).join(', ')} under Payment details: buyers see
          them once you accept their order.
        </p>
      ) : null}
      <div class="field">
        <label for="ad-terms">Terms</label>
        <textarea
          id="ad-terms"
          rows={3}
          maxLength={2000}
          value={terms}
          onInput={(event) => setTerms((event.target as HTMLTextAreaElement).value)}
        />
      </div>
      <Alert message={failure} />
      {done ? (
        <p class="notice" role="status">
          {done}
        </p>
      ) : null}
      <button type="submit" disabled={busy}>
        Post advertisement
      </button>
    </form>
  )
}
