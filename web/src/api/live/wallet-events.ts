/**
 * The account's balance changes, live: one socket on the orders stream (docs/websockets.md "Orders"),
 * authenticated by the session cookie. The node pushes `balance_update` when a deposit is credited or
 * reversed and when a withdrawal is held, settled or released, and `order_update` when an order moves
 * (which moves balances too). The owner reads what it shows again from REST on each of them, and each
 * time the socket is open (the first time and after a reconnect: whatever happened while it was away).
 * A burst of pushes costs one read (`DEBOUNCE_MS`).
 */
import {useEffect, useRef} from 'preact/hooks'
import {LiveSocket} from '../socket'

const ORDERS_STREAM = '/api/v1/exchange/ws/orders/'
const DEBOUNCE_MS = 250

export type WalletEvent = 'open' | 'balance' | 'order'

export function useWalletEvents(changed: (event: WalletEvent) => void): void {
  const latest = useRef(changed)
  latest.current = changed
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let pending = new Set<WalletEvent>()
    const soon = (event: WalletEvent) => {
      pending.add(event)
      clearTimeout(timer)
      timer = setTimeout(() => {
        const events = pending
        pending = new Set()
        for (const each of events) latest.current(each)
      }, DEBOUNCE_MS)
    }
    const socket = new LiveSocket(ORDERS_STREAM, {
      open: () => soon('open'),
      message: (data) => {
        const event = (data as {event?: unknown} | null)?.event
        if (event === 'balance_update') soon('balance')
        else if (event === 'order_update') soon('order')
      },
    })
    return () => {
      clearTimeout(timer)
      socket.close()
    }
  }, [])
}
