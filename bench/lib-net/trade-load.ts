/**
 * The in-node trade generator of bench/ws, run inside the node child (node-main.ts) on the real
 * trading service — the same path a REST order takes after authentication: validation, hold,
 * matching, ledger settlement, group commit (synchronous=FULL), then the `committed` event that
 * feeds the WebSocket streams.
 *
 * Makers rest a few large orders on each side near the mid price; takers then send small IOC limit
 * orders at the best opposite price, alternately buying and selling, so (almost) every command is
 * one public trade and the book's top levels change with each one. The rate is open-loop: every
 * `tickMs` the commands owed since the start are submitted in one event-loop turn (one commit),
 * capped so that a stalled loop does not come back with an unbounded burst.
 */
import type {Logger} from '../../src/node/ground/logger.js'
import type {Trading} from '../../src/node/trading/trading.js'
import {Buckets} from './stats.js'

export type LoadSpec = {
  ticker: string
  /** Accounts that rest the liquidity. */
  makers: string[]
  /** Accounts that take it (never the same as makers: no self-trade). */
  takers: string[]
  /** Taker commands per second (each is normally one trade). */
  tradesPerSecond: number
  /** Submission period in ms: the commands of one tick are committed together. */
  tickMs: number
  /** Mid price, decimal string in the quote asset. */
  mid: string
  /** Price step between the maker levels (decimal). */
  step: string
  /** Levels per side. */
  levels: number
  /** Size of each maker order (decimal, base asset). */
  makerQty: string
  /** Taker order sizes are 1..takerLots times this (decimal, base asset). */
  takerQty: string
  takerLots: number
}

export type LoadStats = {
  submitted: number
  trades: number
  refused: number
  ms: number
  makersPlaced: number
  /**
   * Since the start, per public trade: ms from its `executed_at` to its batch's `committed` event
   * (the part of bench/ws's publish-to-receive latency spent before the streams get the trade).
   */
  commitLatency: {counts: number[]; max: number}
}

export class TradeLoad {
  private timer: NodeJS.Timeout | undefined
  private started = 0
  private submitted = 0
  private trades = 0
  private refused = 0
  private makersPlaced = 0
  private lastRefill = 0
  private readonly decimals: number
  private readonly commitLatency = new Buckets(60_000)

  constructor(
    private readonly trading: Trading,
    private readonly spec: LoadSpec,
    private readonly logger: Logger,
  ) {
    this.decimals = Math.max(decimalsOf(spec.mid), decimalsOf(spec.step))
  }

  /** Counts the public trades of every committed batch (exact, whatever the fills). */
  private readonly onCommitted = (events: {trades: readonly {executed_at: string}[]}): void => {
    this.trades += events.trades.length
    const now = Date.now()
    let lastIso = ''
    let lastMs = 0
    for (const {executed_at} of events.trades) {
      if (executed_at !== lastIso) lastMs = Date.parse((lastIso = executed_at))
      this.commitLatency.record(now - lastMs)
    }
  }

  start(): void {
    this.trading.events.on('committed', this.onCommitted)
    this.placeMakers()
    this.started = performance.now()
    this.timer = setInterval(() => this.tick(), this.spec.tickMs)
  }

  stop(): LoadStats {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    this.trading.events.off('committed', this.onCommitted)
    return this.stats()
  }

  /** Counters since the start. */
  stats(): LoadStats {
    return {
      submitted: this.submitted,
      trades: this.trades,
      refused: this.refused,
      makersPlaced: this.makersPlaced,
      ms: performance.now() - this.started,
      commitLatency: this.commitLatency.snapshot(),
    }
  }

  private price(offsetSteps: number): string {
    return (Number(this.spec.mid) + offsetSteps * Number(this.spec.step)).toFixed(this.decimals)
  }

  /** Rests one large maker order on each of the first `levels` levels of both sides. */
  private placeMakers(): void {
    const {makers, levels, makerQty, ticker} = this.spec
    for (let level = 1; level <= levels; level++) {
      for (const side of ['buy', 'sell'] as const) {
        const accountId = makers[this.makersPlaced % makers.length]!
        const price = this.price(side === 'buy' ? -level : level)
        this.makersPlaced++
        this.trading
          .place(accountId, {ticker, side, type: 'limit', price, qty: makerQty})
          .catch((error: unknown) => this.logger.error({err: error}, 'bench maker order refused'))
      }
    }
  }

  private tick(): void {
    const elapsed = performance.now() - this.started
    const owed = Math.floor((elapsed * this.spec.tradesPerSecond) / 1000) - this.submitted
    // At most 50 ms worth of commands in one turn.
    const n = Math.min(owed, Math.ceil(this.spec.tradesPerSecond / 20))
    const {takers, ticker, takerLots, takerQty} = this.spec
    for (let i = 0; i < n; i++) {
      const k = this.submitted++
      const side = k % 2 === 0 ? 'buy' : 'sell'
      const lots = 1 + (k % takerLots)
      this.trading
        .place(takers[k % takers.length]!, {
          ticker,
          side,
          type: 'limit',
          timeInForce: 'IOC',
          // Crosses the whole maker ladder: fills at the best level (large enough for many takers).
          price: this.price(side === 'buy' ? this.spec.levels : -this.spec.levels),
          qty: (Number(takerQty) * lots).toFixed(decimalsOf(takerQty)),
        })
        .catch(() => this.refused++)
    }
    // Every ~2 s, put fresh makers behind the ladder in case a level is being eaten away.
    if (elapsed - this.lastRefill > 2000) {
      this.lastRefill = elapsed
      const {bids, asks} = this.trading.book(ticker).depth(1)
      if (bids.length === 0 || asks.length === 0) this.placeMakers()
    }
  }
}

function decimalsOf(value: string): number {
  const dot = value.indexOf('.')
  return dot < 0 ? 0 : value.length - dot - 1
}
