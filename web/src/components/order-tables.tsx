/**
 * The account's orders and trades as tables, for the trade screen (one pair) and the orders screen
 * (every pair): numbers as the API wrote them, padded to the pair's decimals for reading and never
 * rounded. A resting order's row has a `Cancel` button; its accessible description names the order
 * ("buy 0.5 BTC at 30000 USDT"), so each row's button can be told apart, and stays in view at the
 * row's end while a narrow screen scrolls the table sideways.
 */
import type {ComponentChildren} from 'preact'
import type {Order} from '../api/live/state'
import type {PairRules, UserTrade} from '../api/trading'
import {decimalsOf, readable} from '../lib/decimal'
import './order-tables.css'

export type RulesBySymbol = ReadonlyMap<string, PairRules>

/** A time as `HH:MM:SS` (local), for today's lists. */
export function clockTime(iso: string): string {
  const at = new Date(iso)
  return [at.getHours(), at.getMinutes(), at.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':')
}

/** A day as `YYYY-MM-DD` (local). */
export function day(iso: string): string {
  const at = new Date(iso)
  return [at.getFullYear(), at.getMonth() + 1, at.getDate()].map((part) => String(part).padStart(2, '0')).join('-')
}

/** A time cell: the day and the time, which a phone stacks to keep the column narrow. */
function When({iso}: {iso: string}) {
  return (
    <td class="when">
      <span class="day">{day(iso)}</span> <span>{clockTime(iso)}</span>
    </td>
  )
}

/** A price of `symbol`, padded to its tick's decimals. */
export function priceText(rules: RulesBySymbol, symbol: string, price: string): string {
  const pair = rules.get(symbol)
  return readable(price, pair ? decimalsOf(pair.tick_size) : 0)
}

/** An amount of `symbol`'s base asset, padded to its lot's decimals. */
export function amountText(rules: RulesBySymbol, symbol: string, qty: string): string {
  const pair = rules.get(symbol)
  return readable(qty, pair ? decimalsOf(pair.lot_size) : 0)
}

const STATUS: Record<Order['status'], string> = {open: 'Open', partial: 'Partly filled', filled: 'Filled', cancelled: 'Cancelled'}

export const statusText = (status: Order['status']): string => STATUS[status]

type OrdersTableProps = {
  label: string
  orders: readonly Order[]
  rules: RulesBySymbol
  /** Show the pair column (the orders screen lists every pair). */
  withPair?: boolean
  /** Cancels a resting order; without it the table has no Cancel buttons. */
  onCancel?: (order: Order) => void
  /** Orders whose cancel is on its way (their button is disabled). */
  cancelling?: ReadonlySet<string>
  empty: ComponentChildren
}

export function OrdersTable({label, orders, rules, withPair, onCancel, cancelling, empty}: OrdersTableProps) {
  return (
    <div class="table-scroll">
      <table aria-label={label} class="orders-table">
        <thead>
          <tr>
            {withPair ? <th scope="col">Pair</th> : null}
            <th scope="col">Order</th>
            <th scope="col" class="num">
              Price
            </th>
            <th scope="col" class="num">
              Amount
            </th>
            <th scope="col" class="num">
              Filled
            </th>
            <th scope="col" class="num">
              Average
            </th>
            <th scope="col">Status</th>
            <th scope="col">Time</th>
            {onCancel ? (
              <th scope="col">
                <span class="visually-hidden">Action</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {orders.length === 0 ? (
            <tr>
              <td colSpan={(withPair ? 9 : 8) + (onCancel ? 1 : 0)} class="empty">
                {empty}
              </td>
            </tr>
          ) : (
            orders.map((order) => {
              const pair = rules.get(order.ticker)
              const base = pair?.base_asset ?? ''
              const quote = pair?.quote_asset ?? ''
              const resting = order.status === 'open' || order.status === 'partial'
              const described = `order-${order.id}`
              return (
                <tr key={order.id}>
                  {withPair ? <td>{order.ticker}</td> : null}
                  <td class={order.side === 'buy' ? 'buy-text' : 'sell-text'}>
                    {`${order.side === 'buy' ? 'Buy' : 'Sell'} ${order.type.replace('_', '-')}`}
                    {order.stop_price ? ` at stop ${priceText(rules, order.ticker, order.stop_price)}` : null}
                  </td>
                  <td class="num">
                    {(order.type === 'market' || order.type === 'stop_market') && order.price === '0'
                      ? '—'
                      : priceText(rules, order.ticker, order.price)}
                  </td>
                  <td class="num">{amountText(rules, order.ticker, order.qty)}</td>
                  <td class="num">{amountText(rules, order.ticker, order.filled_qty)}</td>
                  <td class="num">{order.avg_price === null ? '—' : priceText(rules, order.ticker, order.avg_price)}</td>
                  <td>{statusText(order.status)}</td>
                  <When iso={order.created_at} />
                  {onCancel ? (
                    <td class={resting ? 'action' : undefined}>
                      {resting ? (
                        <>
                          <span id={described} class="visually-hidden">
                            {`${order.side} ${order.qty} ${base} at ${order.price} ${quote}`}
                          </span>
                          <button
                            type="button"
                            class="quiet small"
                            aria-describedby={described}
                            disabled={cancelling?.has(order.id)}
                            onClick={() => onCancel(order)}
                          >
                            Cancel
                          </button>
                        </>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              )
            })
          )}
        </tbody>
      </table>
    </div>
  )
}

type TradesTableProps = {
  label: string
  trades: readonly UserTrade[]
  rules: RulesBySymbol
  withPair?: boolean
  empty: ComponentChildren
}

/** The account's trades: its side, price, amount, what it cost or brought, and the fee it paid. */
export function TradesTable({label, trades, rules, withPair, empty}: TradesTableProps) {
  return (
    <div class="table-scroll">
      <table aria-label={label} class="orders-table">
        <thead>
          <tr>
            {withPair ? <th scope="col">Pair</th> : null}
            <th scope="col">Side</th>
            <th scope="col" class="num">
              Price
            </th>
            <th scope="col" class="num">
              Amount
            </th>
            <th scope="col" class="num">
              Total
            </th>
            <th scope="col" class="num">
              Fee
            </th>
            <th scope="col">Role</th>
            <th scope="col">Time</th>
          </tr>
        </thead>
        <tbody>
          {trades.length === 0 ? (
            <tr>
              <td colSpan={withPair ? 8 : 7} class="empty">
                {empty}
              </td>
            </tr>
          ) : (
            trades.map((trade) => {
              const quote = rules.get(trade.ticker)?.quote_asset ?? ''
              return (
                <tr key={trade.id}>
                  {withPair ? <td>{trade.ticker}</td> : null}
                  <td class={trade.side === 'buy' ? 'buy-text' : 'sell-text'}>{trade.side === 'buy' ? 'Buy' : 'Sell'}</td>
                  <td class="num">{priceText(rules, trade.ticker, trade.price)}</td>
                  <td class="num">{amountText(rules, trade.ticker, trade.qty)}</td>
                  <td class="num">{`${readable(trade.quote_qty)} ${quote}`}</td>
                  <td class="num">{`${readable(trade.fee)} ${trade.fee_asset}`}</td>
                  <td>{trade.is_maker ? 'Maker' : 'Taker'}</td>
                  <When iso={trade.executed_at} />
                </tr>
              )
            })
          )}
        </tbody>
      </table>
    </div>
  )
}
