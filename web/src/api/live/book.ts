/**
 * The order book of one pair, live: one socket on `/api/v1/exchange/ws/orderbook/` (docs/websockets.md
 * "Orderbook"). Every message is a full snapshot of the top `depth` levels, sent at once on connect
 * and then whenever the book changed, so a reconnect resynchronises by itself: the first snapshot of
 * the new connection replaces the book shown (state.ts `bookMessage`). No REST read is needed for
 * that, and none is made (docs/web.md "Screens").
 */
import {useEffect, useState} from 'preact/hooks'
import {LiveSocket} from '../socket'
import {bookMessage, bookReopened, EMPTY_BOOK, type BookSnapshot, type BookState} from './state'

export type LiveBook = {
  /** The last snapshot, or null before the first one. */
  book: BookSnapshot | null
  /** Whether the socket is open now (the book shown is current). */
  live: boolean
}

export function useBook(ticker: string | undefined, depth: number): LiveBook {
  const [state, setState] = useState<BookState>(EMPTY_BOOK)
  const [live, setLive] = useState(false)
  useEffect(() => {
    setState(EMPTY_BOOK)
    setLive(false)
    if (!ticker) return
    const query = new URLSearchParams({ticker, depth: String(depth)})
    const socket = new LiveSocket(`/api/v1/exchange/ws/orderbook/?${query}`, {
      open: () => {
        setLive(true)
        setState(bookReopened)
      },
      message: (data) => setState((current) => bookMessage(current, data)),
      closed: () => setLive(false),
    })
    return () => socket.close()
  }, [ticker, depth])
  return {book: state.book, live}
}
