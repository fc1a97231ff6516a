/**
 * The caller's live P2P events (docs/p2p.md "Decisions"): one WebSocket to `/api/v1/p2p/ws/`,
 * authenticated by the session cookie the browser sends on the handshake. `p2p_order` after every
 * committed change of an order, `p2p_message` for every chat message (system ones included), for the
 * orders where the caller is a party. After every (re)connect `open` runs, so that the screen reads
 * again from REST what it may have missed while the socket was away.
 */
import {useEffect, useRef, useState} from 'preact/hooks'
import type {Message, P2POrder} from '../p2p'
import {LiveSocket} from '../socket'

export const P2P_STREAM = '/api/v1/p2p/ws/'

export type P2PHandlers = {
  open?: () => void
  order?: (order: P2POrder) => void
  message?: (message: Message) => void
}

/** Whether the stream is open now (false while it reconnects). The handlers may change between renders. */
export function useP2PEvents(handlers: P2PHandlers, enabled = true): boolean {
  const latest = useRef(handlers)
  latest.current = handlers
  const [connected, setConnected] = useState(false)
  useEffect(() => {
    if (!enabled) return undefined
    const socket = new LiveSocket(P2P_STREAM, {
      open: () => {
        setConnected(true)
        latest.current.open?.()
      },
      closed: () => setConnected(false),
      message: (data) => {
        if (!data || typeof data !== 'object') return
        const event = data as {event?: unknown; order?: P2POrder; message?: Message}
        if (event.event === 'p2p_order' && event.order) latest.current.order?.(event.order)
        else if (event.event === 'p2p_message' && event.message) latest.current.message?.(event.message)
      },
    })
    return () => {
      socket.close()
      setConnected(false)
    }
  }, [enabled])
  return connected
}
