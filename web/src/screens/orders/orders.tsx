/**
 * The orders screen (`/orders`): the account's orders of every pair, filtered by pair and status and
 * paged as GET /orders/ pages them (newest first, with the total), Cancel on the resting ones, and the
 * account's trades (GET /trades/, the same pair filter, their own pages). Both pages are read again
 * after each order event of the account, live from the orders stream (api/live/my-orders.ts
 * `useOrderPages`).
 */
import {useId, useMemo, useState} from 'preact/hooks'
import {messageOf} from '../../api/client'
import {usePairs} from '../../api/markets'
import {useOrderPages} from '../../api/live/my-orders'
import type {Order, OrderStatus} from '../../api/live/state'
import {cancelOrder} from '../../api/trading'
import {Alert} from '../../components/alert'
import {OrdersTable, statusText, TradesTable} from '../../components/order-tables'
import {useSession} from '../../lib/session'
import './orders.css'

const PAGE = 25
const STATUSES: OrderStatus[] = ['open', 'partial', 'filled', 'cancelled']

export function Orders() {
  const {account} = useSession()
  const signedIn = Boolean(account)
  const pairs = usePairs(false)
  const rules = useMemo(() => new Map((pairs.rules ?? []).map((pair) => [pair.symbol, pair])), [pairs.rules])
  const pairId = useId()
  const statusId = useId()
  const [ticker, setTicker] = useState('')
  const [status, setStatus] = useState<OrderStatus | ''>('')
  const [offset, setOffset] = useState(0)
  const [tradeOffset, setTradeOffset] = useState(0)
  const [failure, setFailure] = useState<string | null>(null)
  const [cancelling, setCancelling] = useState<ReadonlySet<string>>(new Set())

  const pages = useOrderPages(
    {ticker: ticker || undefined, status: status || undefined, offset},
    {ticker: ticker || undefined, offset: tradeOffset},
    signedIn,
    PAGE,
  )

  if (account === undefined) return <p class="notice">Loading…</p>
  if (account === null) {
    return (
      <section class="panel narrow">
        <h1>Orders</h1>
        <p>
          <a href="/sign-in" class="button">
            Sign in to see your orders
          </a>
        </p>
      </section>
    )
  }

  const cancel = async (order: Order) => {
    setFailure(null)
    setCancelling((now) => new Set([...now, order.id]))
    try {
      await cancelOrder(order.id)
      pages.reload()
    } catch (error) {
      setFailure(messageOf(error))
    } finally {
      setCancelling((now) => new Set([...now].filter((each) => each !== order.id)))
    }
  }

  return (
    <div class="orders-screen stack">
      <section class="panel stack" aria-labelledby="orders-title">
        <div class="orders-head">
          <h1 id="orders-title">Orders</h1>
          {pages.live ? null : <span class="stale">(reconnecting…)</span>}
        </div>
        <div class="filters">
          <div class="field">
            <label for={pairId}>Pair</label>
            <select
              id={pairId}
              value={ticker}
              onChange={(event) => {
                setTicker((event.target as HTMLSelectElement).value)
                setOffset(0)
                setTradeOffset(0)
              }}
            >
              <option value="">All pairs</option>
              {(pairs.rules ?? []).map((pair) => (
                <option key={pair.symbol} value={pair.symbol}>
                  {pair.symbol}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for={statusId}>Status</label>
            <select
              id={statusId}
              value={status}
              onChange={(event) => {
                setStatus((event.target as HTMLSelectElement).value as OrderStatus | '')
                setOffset(0)
              }}
            >
              <option value="">Any status</option>
              {STATUSES.map((each) => (
                <option key={each} value={each}>
                  {statusText(each)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <Alert message={failure ?? pages.failure ?? pairs.failure} />
        <OrdersTable
          label="Order history"
          orders={pages.orders}
          rules={rules}
          withPair
          onCancel={(order) => void cancel(order)}
          cancelling={cancelling}
          empty={pages.loaded ? 'No orders match.' : 'Loading…'}
        />
        <Pager what="orders" offset={offset} total={pages.total} shown={pages.orders.length} onOffset={setOffset} />
      </section>
      <section class="panel stack" aria-labelledby="my-trades-title">
        <h2 id="my-trades-title">Trades</h2>
        <TradesTable
          label="My trades"
          trades={pages.trades}
          rules={rules}
          withPair
          empty={pages.loaded ? 'No trades match.' : 'Loading…'}
        />
        <Pager
          what="trades"
          offset={tradeOffset}
          total={pages.tradesTotal}
          shown={pages.trades.length}
          onOffset={setTradeOffset}
        />
      </section>
    </div>
  )
}

type PagerProps = {what: string; offset: number; total: number; shown: number; onOffset: (offset: number) => void}

/** "1–25 of 60" and the buttons to the previous and next pages (named for what they page). */
function Pager({what, offset, total, shown, onOffset}: PagerProps) {
  if (total === 0) return null
  return (
    <nav class="pager" aria-label={`Pages of ${what}`}>
      <button type="button" class="quiet small" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - PAGE))}>
        {`Newer ${what}`}
      </button>
      <span>{`${offset + 1}–${offset + shown} of ${total}`}</span>
      <button type="button" class="quiet small" disabled={offset + PAGE >= total} onClick={() => onOffset(offset + PAGE)}>
        {`Older ${what}`}
      </button>
    </nav>
  )
}
