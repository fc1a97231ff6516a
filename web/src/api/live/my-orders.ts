/**
 * The signed-in account's orders, live: one socket on `/api/v1/exchange/ws/orders/`, which the
 * session cookie authenticates (docs/websockets.md "Orders"; the browser sends the page's `Origin`).
 * Each time it is open (the first time and after every reconnect) the lists are read again from REST
 * and the updates that arrived while that read was on its way are laid over its answer (state.ts
 * `ordersResynced`); between reads every `order_update` moves its order (state.ts `ordersAfter`).
 *
 * `changes` counts the account's order and balance events: the balances hook (balances.ts) reads the
 * balances again when it moves.
 */
import {useCallback, useEffect, useRef, useState} from 'preact/hooks'
import {messageOf} from '../client'
import {LiveSocket} from '../socket'
import {myOrders, myTrades, type UserTrade} from '../trading'
import {NO_ORDERS, orderOfMessage, ordersAfter, ordersResynced, type MyOrders, type Order, type OrderStatus} from './state'

const ORDERS_PATH = '/api/v1/exchange/ws/orders/'
/** Updates often come in bursts (a fill is an update of each order it touched): one read after them. */
const SETTLE_MS = 150

/** The orders stream's events of the account, for a hook that reads its lists itself. */
function accountSocket(handlers: {open: () => void; order: (order: Order) => void; other: () => void; closed: () => void}) {
  return new LiveSocket(ORDERS_PATH, {
    open: handlers.open,
    message: (data) => {
      const order = orderOfMessage(data)
      if (order) handlers.order(order)
      else if ((data as {event?: unknown} | null)?.event === 'balance_update') handlers.other()
    },
    closed: handlers.closed,
  })
}

export type LiveMyOrders = MyOrders & {
  /** The account's latest trades on the pair, newest first. */
  trades: UserTrade[]
  /** Moves with every order or balance event of the account (and after each resynchronisation). */
  changes: number
  live: boolean
  failure: string | null
  /** Shows an order's state that an answer of the API gave (a cancel's, a place's) before its update arrives. */
  apply(order: Order): void
}

/** The account's resting orders, latest orders and trades on one pair (the trade screen's). */
export function useMyOrders(ticker: string | undefined, signedIn: boolean, limit = 50): LiveMyOrders {
  const [orders, setOrders] = useState<MyOrders>(NO_ORDERS)
  const [trades, setTrades] = useState<UserTrade[]>([])
  const [changes, setChanges] = useState(0)
  const [live, setLive] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    setOrders(NO_ORDERS)
    setTrades([])
    setLive(false)
    setFailure(null)
    if (!ticker || !signedIn) return
    let current = true
    /** Updates of the pair that arrived while a resynchronisation is on its way (null when none is). */
    let meanwhile: Order[] | null = null
    let tradesTimer: ReturnType<typeof setTimeout> | undefined
    const changed = () => setChanges((count) => count + 1)

    const readTrades = async () => {
      const answer = await myTrades({ticker, limit})
      if (current) setTrades(answer.trades)
    }
    const readTradesSoon = () => {
      clearTimeout(tradesTimer)
      tradesTimer = setTimeout(
        () => void readTrades().catch((error: unknown) => current && setFailure(messageOf(error))),
        SETTLE_MS,
      )
    }
    const resync = async () => {
      const arrived: Order[] = []
      meanwhile = arrived
      try {
        const [open, partial, latest] = await Promise.all([
          myOrders({ticker, status: 'open', limit: 200}),
          myOrders({ticker, status: 'partial', limit: 200}),
          myOrders({ticker, limit}),
          readTrades(),
        ])
        if (!current) return
        setOrders(ordersResynced([...open.orders, ...partial.orders], latest.orders, arrived, limit))
        setFailure(null)
      } catch (error) {
        if (current) setFailure(messageOf(error))
      } finally {
        if (meanwhile === arrived) meanwhile = null
      }
      if (current) changed()
    }

    const socket = accountSocket({
      open: () => {
        setLive(true)
        void resync()
      },
      order: (order) => {
        changed()
        if (order.ticker !== ticker) return
        meanwhile?.push(order)
        setOrders((shown) => ordersAfter(shown, order, limit))
        if (order.filled_qty !== '0') readTradesSoon()
      },
      other: changed,
      closed: () => setLive(false),
    })
    return () => {
      current = false
      clearTimeout(tradesTimer)
      socket.close()
    }
  }, [ticker, signedIn, limit])

  const apply = useCallback((order: Order) => setOrders((shown) => ordersAfter(shown, order, limit)), [limit])
  return {...orders, trades, changes, live, failure, apply}
}

export type OrderFilter = {ticker?: string; status?: OrderStatus; offset: number}
export type TradeFilter = {ticker?: string; offset: number}

export type LiveOrderPages = {
  orders: Order[]
  total: number
  trades: UserTrade[]
  tradesTotal: number
  /** Whether the first read has been answered. */
  loaded: boolean
  live: boolean
  failure: string | null
  /** Reads both pages again now (after a cancel, say). */
  reload(): void
}

/**
 * A page of the account's orders and a page of its trades, each with its own filter (the orders
 * screen's), read again after every order event of the account (once per burst) and after each
 * reconnect. The socket stays open while the filters change.
 */
export function useOrderPages(
  orderFilter: OrderFilter,
  tradeFilter: TradeFilter,
  signedIn: boolean,
  limit: number,
): LiveOrderPages {
  const [version, setVersion] = useState(0)
  const [live, setLive] = useState(false)
  const [pages, setPages] = useState<Omit<LiveOrderPages, 'live' | 'reload' | 'failure'>>({
    orders: [],
    total: 0,
    trades: [],
    tradesTotal: 0,
    loaded: false,
  })
  const [failure, setFailure] = useState<string | null>(null)
  const settle = useRef<ReturnType<typeof setTimeout>>()

  useEffect(() => {
    setLive(false)
    if (!signedIn) return
    const bump = () => setVersion((count) => count + 1)
    const soon = () => {
      clearTimeout(settle.current)
      settle.current = setTimeout(bump, SETTLE_MS)
    }
    const socket = accountSocket({
      open: () => {
        setLive(true)
        bump()
      },
      order: soon,
      other: () => undefined,
      closed: () => setLive(false),
    })
    return () => {
      clearTimeout(settle.current)
      socket.close()
    }
  }, [signedIn])

  const {ticker, status, offset} = orderFilter
  const {ticker: tradeTicker, offset: tradeOffset} = tradeFilter
  useEffect(() => {
    if (!signedIn || version === 0) return
    let current = true
    void Promise.all([myOrders({ticker, status, limit, offset}), myTrades({ticker: tradeTicker, limit, offset: tradeOffset})])
      .then(([orderPage, tradePage]) => {
        if (!current) return
        setPages({
          orders: orderPage.orders,
          total: orderPage.total,
          trades: tradePage.trades,
          tradesTotal: tradePage.total,
          loaded: true,
        })
        setFailure(null)
      })
      .catch((error: unknown) => current && setFailure(messageOf(error)))
    return () => {
      current = false
    }
  }, [signedIn, version, ticker, status, offset, tradeTicker, tradeOffset, limit])

  const reload = useCallback(() => setVersion((count) => count + 1), [])
  return {...pages, live, failure, reload}
}
