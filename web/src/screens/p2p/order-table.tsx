/** The person's P2P orders (`GET /p2p/orders/`, newest first), each linking to its page; kept live by the screen. */
import type {P2POrder} from '../../api/p2p'
import {readable} from '../../lib/decimal'
import {fiat, STATUS_WORDS, statusTone, when} from './words'

export function OrderTable({orders}: {orders: P2POrder[] | null}) {
  if (orders === null) return <p class="panel notice">Loading…</p>
  if (orders.length === 0) return <p class="panel notice">No P2P orders yet. Take an advertisement to start one.</p>
  return (
    <div class="panel table-scroll">
      <table aria-label="My P2P orders">
        <thead>
          <tr>
            <th>Order</th>
            <th class="num">Amount</th>
            <th class="num">Price</th>
            <th class="num">Fiat amount</th>
            <th>Status</th>
            <th>Created</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <td>
                <a href={`/p2p/orders/${order.id}`}>
                  {order.side === 'sell' ? 'Sell' : 'Buy'} {order.asset}
                </a>
              </td>
              <td class="num">{readable(order.amount)}</td>
              <td class="num">
                {fiat(order.price)} {order.fiat}
              </td>
              <td class="num">
                {fiat(order.fiat_amount)} {order.fiat}
              </td>
              <td>
                <span class={`badge ${statusTone(order.status)}`}>{STATUS_WORDS[order.status]}</span>
              </td>
              <td>{when(order.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
