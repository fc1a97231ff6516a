/**
 * What bench/ws's coordinator (ws-pool.ts) and its subscriber threads (ws-clients.ts) say to each
 * other: the messages, and the layout of the shared counters. Both import it; neither imports the other.
 */
export type ClientKind = 'raw' | 'ws'

export type OpenRequest = {
  type: 'open'
  httpPort: number
  tickers: string[]
  orderbook: number
  trades: number
  depth: number
  client: ClientKind
  /** COUNTER_SLOTS float64s each. */
  counters: {orderbook: SharedArrayBuffer; trades: SharedArrayBuffer}
}

export type WorkerReport = {
  type: 'report'
  /** Sockets closed by the server during the run (1006 = dropped as too slow), by close code. */
  closed: Record<string, number>
  errors: number
  open: number
}

/**
 * What a thread has counted of one stream, in shared memory that the coordinator reads at the start
 * and end of its window: [messages, latency counts per ms...]. Only
 * this thread writes; the coordinator's reads need no message, so a client thread backed up behind
 * its sockets cannot delay or shrink the window (it did when windows were opened and closed by
 * messages to this thread: a backlogged thread took both at once, and a run measured 0 messages).
 */
export const LATENCY_BUCKETS = 60_000
export const COUNTER_SLOTS = 1 + LATENCY_BUCKETS + 1
