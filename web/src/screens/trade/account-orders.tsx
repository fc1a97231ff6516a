/**
 * The account's orders on the pair, live (api/live/my-orders.ts): open orders (each with Cancel),
 * the latest orders of every status, and the account's trades, as three tabs.
 */
import {useId, useState} from 'preact/hooks'
import {messageOf} from '../../api/client'
import type {LiveMyOrders} from '../../api/live/my-orders'
import type {Order} from '../../api/live/state'
import {cancelOrder} from '../../api/trading'
import {Alert} from '../../components/alert'
import {OrdersTable, TradesTable, type RulesBySymbol} from '../../components/order-tables'

type Tab = 'open' | 'history' | 'trades'

export function AccountOrders({mine, rules}: {mine: LiveMyOrders; rules: RulesBySymbol}) {
  const id = useId()
  const [tab, setTab] = useState<Tab>('open')
  const [failure, setFailure] = useState<string | null>(null)
  const [cancelling, setCancelling] = useState<ReadonlySet<string>>(new Set())

  const cancel = async (order: Order) => {
    setFailure(null)
    setCancelling((now) => new Set([...now, order.id]))
    try {
      mine.apply(await cancelOrder(order.id))
    } catch (error) {
      setFailure(messageOf(error))
    } finally {
      setCancelling((now) => new Set([...now].filter((each) => each !== order.id)))
    }
  }

  const tabs: [Tab, string][] = [
    ['open', `Open orders (${mine.open.length})`],
    ['history', 'Order history'],
    ['trades', 'My trades'],
  ]
  return (
    <section class="panel orders-panel area-orders" aria-label="Your orders">
      <div role="tablist" aria-label="Your orders">
        {tabs.map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`${id}-${value}`}
            aria-selected={tab === value}
            aria-controls={`${id}-panel`}
            tabIndex={tab === value ? 0 : -1}
            onClick={() => setTab(value)}
            onKeyDown={(event) => {
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
              if (step === 0) return
              const at = tabs.findIndex(([each]) => each === value)
              const next = tabs[(at + step + tabs.length) % tabs.length]![0]
              setTab(next)
              document.getElementById(`${id}-${next}`)?.focus()
            }}
          >
            {label}
          </button>
        ))}
        {mine.live ? null : <span class="stale tab-note">(reconnecting…)</span>}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`}>
        <Alert message={failure ?? mine.failure} />
        {tab === 'open' ? (
          <OrdersTable
            label="Open orders"
            orders={mine.open}
            rules={rules}
            onCancel={(order) => void cancel(order)}
            cancelling={cancelling}
            empty="No open orders on this pair."
          />
        ) : tab === 'history' ? (
          <OrdersTable label="Order history" orders={mine.history} rules={rules} empty="No orders on this pair yet." />
        ) : (
          <TradesTable label="My trades" trades={mine.trades} rules={rules} empty="No trades on this pair yet." />
        )}
        <p class="notice">
          <a href="/orders">All your orders and trades</a>
        </p>
      </div>
    </section>
  )
}
