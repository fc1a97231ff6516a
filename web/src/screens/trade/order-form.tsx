/**
 * The order form: `Limit` and `Market` tabs; Price (limit), Amount and Total (limit: price × amount,
 * exact; typing a total fills the amount with total ÷ price rounded down to the lot, so the Amount
 * field always shows what will be sent); `Buy <BASE>` and `Sell <BASE>`, each with the trading
 * balance it draws on. The pair's tick, lot and minimum notional are checked before anything is sent
 * (order-check.ts); the API's refusal is shown as it wrote it. What is sent is what the fields show,
 * as typed. Enter in a field sends nothing: an order needs its button.
 */
import {useEffect, useId, useState} from 'preact/hooks'
import {ApiError, messageOf} from '../../api/client'
import type {Balance, PairRules, PlaceAnswer} from '../../api/trading'
import {placeOrder} from '../../api/trading'
import type {Order} from '../../api/live/state'
import {Alert} from '../../components/alert'
import {DecimalField} from '../../components/field'
import {decimalsOf, divideDown, isDecimal, isPositive, readable, times} from '../../lib/decimal'
import {orderProblem} from './order-check'

type Props = {
  rules: PairRules
  /** The trading balance account's entries by asset (null while read). */
  balances: ReadonlyMap<string, Balance> | null
  /** A price picked on the book, with a counter so that picking the same price twice still fills it. */
  picked: {price: string; count: number} | null
  /** The order as the API answered it: shown at once, before its update arrives on the stream. */
  onPlaced: (order: Order) => void
}

type Kind = 'limit' | 'market'

export function OrderForm({rules, balances, picked, onPlaced}: Props) {
  const id = useId()
  const [kind, setKind] = useState<Kind>('limit')
  const [price, setPrice] = useState('')
  const [qty, setQty] = useState('')
  const [total, setTotal] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const base = rules.base_asset
  const quote = rules.quote_asset

  // Another pair: a fresh form.
  useEffect(() => {
    setPrice('')
    setQty('')
    setTotal('')
    setProblem(null)
    setDone(null)
  }, [rules.symbol])

  useEffect(() => {
    if (!picked) return
    setKind('limit')
    typedPrice(picked.price)
  }, [picked])

  const totalOf = (p: string, q: string) => (isDecimal(p) && isDecimal(q) ? times(p, q) : '')
  const typedPrice = (value: string) => {
    setPrice(value)
    setTotal(totalOf(value, qty))
  }
  const typedQty = (value: string) => {
    setQty(value)
    setTotal(totalOf(price, value))
  }
  const typedTotal = (value: string) => {
    setTotal(value)
    if (isDecimal(value) && isDecimal(price) && isPositive(price)) setQty(divideDown(value, price, decimalsOf(rules.lot_size)))
  }

  const send = async (side: 'buy' | 'sell') => {
    setDone(null)
    const draft = {type: kind, price: kind === 'limit' ? price : '', qty}
    const refused = orderProblem(draft, rules)
    setProblem(refused)
    if (refused) return
    setSending(true)
    try {
      const answer = await placeOrder({ticker: rules.symbol, side, ...draft})
      onPlaced(answer.order)
      setDone(outcome(answer, side, base))
      setQty('')
      setTotal('')
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : messageOf(error))
    } finally {
      setSending(false)
    }
  }

  const available = (asset: string) => {
    const entry = balances?.get(asset)
    return entry ? `${readable(entry.available)} ${asset} available` : balances ? `0 ${asset} available` : '…'
  }
  const tab = (value: Kind, label: string) => (
    <button
      type="button"
      role="tab"
      id={`${id}-${value}`}
      aria-selected={kind === value}
      aria-controls={`${id}-panel`}
      tabIndex={kind === value ? 0 : -1}
      onClick={() => {
        setKind(value)
        setProblem(null)
      }}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
        const next = value === 'limit' ? 'market' : 'limit'
        setKind(next)
        document.getElementById(`${id}-${next}`)?.focus()
      }}
    >
      {label}
    </button>
  )

  return (
    <section class="panel form-panel area-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{`Trade ${base}`}</h2>
      <div role="tablist" aria-label="Order type">
        {tab('limit', 'Limit')}
        {tab('market', 'Market')}
      </div>
      <form
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-${kind}`}
        class="stack"
        noValidate
        onSubmit={(event) => event.preventDefault()}
      >
        {kind === 'limit' ? (
          <DecimalField label="Price" value={price} onValue={typedPrice} hint={`${quote} · tick ${rules.tick_size}`} />
        ) : (
          <p class="notice">Fills now at the best prices on the book; what the book cannot fill is cancelled.</p>
        )}
        <DecimalField label="Amount" value={qty} onValue={typedQty} hint={`${base} · lot ${rules.lot_size}`} />
        {kind === 'limit' ? (
          <DecimalField label="Total" value={total} onValue={typedTotal} hint={`${quote} · minimum ${rules.min_notional}`} />
        ) : null}
        <Alert message={problem} />
        <div class="sides">
          <div class="side">
            <button type="button" class="buy" disabled={sending} onClick={() => void send('buy')}>
              {`Buy ${base}`}
            </button>
            <small class="available">{available(quote)}</small>
          </div>
          <div class="side">
            <button type="button" class="sell" disabled={sending} onClick={() => void send('sell')}>
              {`Sell ${base}`}
            </button>
            <small class="available">{available(base)}</small>
          </div>
        </div>
        <p role="status" class="notice">
          {done}
        </p>
      </form>
    </section>
  )
}

function outcome(answer: PlaceAnswer, side: 'buy' | 'sell', base: string): string {
  const order = answer.order
  const what = `${side === 'buy' ? 'Buy' : 'Sell'} ${order.qty} ${base}`
  switch (answer.status) {
    case 'filled':
      return `${what}: filled at ${answer.avg_price ?? order.price}.`
    case 'partial':
      return `${what}: ${order.filled_qty} filled, the rest rests on the book.`
    case 'open':
      return `${what}: placed on the book.`
    default:
      return order.filled_qty === '0'
        ? `${what}: nothing filled; cancelled.`
        : `${what}: ${order.filled_qty} filled; the rest cancelled.`
  }
}
