/**
 * The trade and statistics streams of the Binance-form API (docs/binance-compat.md "Market streams"), fed by the committed
 * trades the trading module publishes:
 * - `<s>@trade`: one message per trade `{e, E, s, t, p, q, T, m, M}` (`t` the trade's sequence);
 * - `<s>@aggTrade`: a taker's consecutive fills at one price as one `{e, E, s, a, p, q, f, l, T, m, M}`;
 * - `<s>@kline_<i>`: each candle a trade touched, at most once a second while it trades, and with
 *   `x: true` on the first tick after it ended (also a candle whose trade came in just before its end);
 * - `<s>@ticker`, `<s>@miniTicker`, `!ticker@arr`, `!miniTicker@arr`: the rolling 24 h statistics
 *   of the pairs that traded or whose best levels moved, once a second; at once to a client that joins.
 * The statistics and candles are read with every call awaited: on a cluster edge the trade history
 * and the klines are the sequencer's (one command per changed pair and candle per second), on a
 * single node plain values. A read that fails (the sequencer away) is tried again on the next tick.
 */
import {INTERVALS, type Interval} from '../orders/klines.js'
import type {CommittedEvents} from '../trading/trading.js'
import type {PublicTrade} from '../trading/model.js'
import type {StreamSpec} from './stream-names.js'
import type {StreamClient, Topics} from './topics.js'
import {dayTicker, klineRow, qty, type DayTicker} from './views.js'
import type {StreamServices} from '../public-services.js'

/** How often tickers and klines go out, at most. */
export const STATS_INTERVAL_MS = 1000

type KlineTopic = {
  symbol: string
  interval: Interval
  /** The candle last sent still trading (`x: false`): it is sent once more, closed, after it ends. */
  openMs: number | undefined
  /** The open times of the candles trades touched since the last tick. */
  touched: Set<number>
}

/** A candle a kline stream's tick sends: its open time, and whether it has ended. */
type KlineDue = {openMs: number; closed: boolean}

/**
 * The candles one tick of a kline stream sends, oldest first, and whether each has ended by `now`:
 * every candle a trade touched, and the one last sent trading once it has ended. A trade stamped
 * just before a candle's end is read after it: its candle goes out closed, never skipped.
 */
export function klinesDue(sentOpenMs: number | undefined, touched: Iterable<number>, now: number, width: number): KlineDue[] {
  const current = Math.floor(now / width) * width
  const due = new Set(touched)
  if (sentOpenMs !== undefined && sentOpenMs < current) due.add(sentOpenMs)
  return [...due].sort((x, y) => x - y).map((openMs) => ({openMs, closed: openMs < current}))
}

export class ActivityStreams {
  private readonly klines = new Map<string, KlineTopic>()
  /** Symbols whose 24 h statistics may have changed since the last tick. */
  private readonly dirty = new Set<string>()
  private timer: NodeJS.Timeout | undefined
  /** A tick still reading (an edge waits for the sequencer): the next one is skipped. */
  private ticking = false

  constructor(
    private readonly topics: Topics,
    private readonly services: StreamServices,
    /** `BTCUSDT` of a ticker. */
    private readonly pairOf: (symbol: string) => string,
  ) {}

  joined(name: string, spec: StreamSpec, client: StreamClient, first: boolean): void {
    switch (spec.kind) {
      case 'kline':
        if (first) this.klines.set(name, {symbol: spec.symbol, interval: spec.interval, openMs: undefined, touched: new Set()})
        break
      case 'ticker':
      case 'miniTicker': {
        const kind = spec.kind
        this.sendTo(
          name,
          client,
          this.day(spec.symbol, Date.now()).then((day) => this.tickerData(kind, day)),
        )
        break
      }
      case 'allTickers':
      case 'allMiniTickers': {
        const now = Date.now()
        const kind = spec.kind === 'allTickers' ? 'ticker' : 'miniTicker'
        const days = Promise.all(this.services.tickers.list(false).map((ticker) => this.day(ticker.symbol, now)))
        this.sendTo(
          name,
          client,
          days.then((all) => this.arrayData(kind, all)),
        )
        break
      }
    }
    this.schedule()
  }

  closed(name: string): void {
    this.klines.delete(name)
  }

  published(events: CommittedEvents): void {
    if (events.trades.length) {
      this.sendTrades(events.trades)
      for (const topic of this.klines.values()) {
        const width = INTERVALS[topic.interval]
        for (const trade of events.trades) {
          if (trade.ticker === topic.symbol) topic.touched.add(Math.floor(trade.executedMs / width) * width)
        }
      }
    }
    for (const trade of events.trades) this.dirty.add(trade.ticker)
    for (const update of events.depth) this.dirty.add(update.symbol)
  }

  close(): void {
    clearInterval(this.timer)
    this.timer = undefined
    this.klines.clear()
    this.dirty.clear()
  }

  /** A joining client's first message, once read, if it still follows the stream; nothing when the read failed. */
  private sendTo(name: string, client: StreamClient, data: Promise<string>): void {
    data.then(
      (text) => client.streams.has(name) && this.topics.publish(name, text, client),
      () => undefined,
    )
  }

  /** One timer while any kline or ticker stream has clients. */
  private schedule(): void {
    if (this.timer) return
    this.timer = setInterval(() => {
      if (this.ticking) return
      this.ticking = true
      void this.tick().finally(() => (this.ticking = false))
    }, STATS_INTERVAL_MS)
    this.timer.unref()
  }

  private async tick(): Promise<void> {
    const now = Date.now()
    const klines = [...this.klines].flatMap(([name, topic]) => {
      const due = klinesDue(topic.openMs, topic.touched, now, INTERVALS[topic.interval])
      return due.length ? [{name, topic, due}] : []
    })
    const dirty = [...this.dirty].filter((symbol) => {
      const pair = this.pairOf(symbol).toLowerCase()
      const single = this.topics.has(`${pair}@ticker`) || this.topics.has(`${pair}@miniTicker`)
      return single || this.topics.has('!ticker@arr') || this.topics.has('!miniTicker@arr')
    })
    this.dirty.clear()
    const [, read] = await Promise.all([
      Promise.all(klines.map(({name, topic, due}) => this.sendKline(name, topic, due, now))),
      Promise.allSettled(dirty.map((symbol) => this.day(symbol, now))),
    ])
    const days: DayTicker[] = []
    read.forEach((result, index) => {
      if (result.status === 'rejected') return void this.dirty.add(dirty[index]!)
      const day = result.value
      const pair = this.pairOf(dirty[index]!).toLowerCase()
      days.push(day)
      this.topics.publish(`${pair}@ticker`, this.tickerData('ticker', day))
      this.topics.publish(`${pair}@miniTicker`, this.tickerData('miniTicker', day))
    })
    if (days.length) {
      this.topics.publish('!ticker@arr', this.arrayData('ticker', days))
      this.topics.publish('!miniTicker@arr', this.arrayData('miniTicker', days))
    }
    if (this.klines.size === 0 && ![...this.topics.names()].some((name) => /ticker/i.test(name))) {
      clearInterval(this.timer)
      this.timer = undefined
    }
  }

  private day(symbol: string, now: number): Promise<DayTicker> {
    const ticker = this.services.tickers.get(symbol)!
    return dayTicker(ticker, this.services.trading, this.services.tradeHistory, now)
  }

  private tickerEvent(kind: 'ticker' | 'miniTicker', day: DayTicker) {
    const E = day.closeTime
    if (kind === 'miniTicker') {
      return {
        e: '24hrMiniTicker',
        E,
        s: day.symbol,
        c: day.lastPrice,
        o: day.openPrice,
        h: day.highPrice,
        l: day.lowPrice,
        v: day.volume,
        q: day.quoteVolume,
      }
    }
    return {
      e: '24hrTicker',
      E,
      s: day.symbol,
      p: day.priceChange,
      P: day.priceChangePercent,
      w: day.weightedAvgPrice,
      x: day.prevClosePrice,
      c: day.lastPrice,
      Q: day.lastQty,
      b: day.bidPrice,
      B: day.bidQty,
      a: day.askPrice,
      A: day.askQty,
      o: day.openPrice,
      h: day.highPrice,
      l: day.lowPrice,
      v: day.volume,
      q: day.quoteVolume,
      O: day.openTime,
      C: day.closeTime,
      F: day.firstId,
      L: day.lastId,
      n: day.count,
    }
  }

  private tickerData(kind: 'ticker' | 'miniTicker', day: DayTicker): string {
    return JSON.stringify(this.tickerEvent(kind, day))
  }

  private arrayData(kind: 'ticker' | 'miniTicker', days: DayTicker[]): string {
    return JSON.stringify(days.map((day) => this.tickerEvent(kind, day)))
  }

  private sendTrades(trades: readonly PublicTrade[]): void {
    const E = Date.now()
    let group: {first: PublicTrade; last: PublicTrade; lots: bigint} | undefined
    const flushGroup = () => {
      if (!group) return
      const {first, last, lots} = group
      const name = `${this.pairOf(first.ticker).toLowerCase()}@aggTrade`
      const spec = this.services.trading.spec(first.ticker)
      const data = {
        e: 'aggTrade',
        E,
        s: this.pairOf(first.ticker),
        a: first.seq,
        p: first.price,
        q: qty(spec, lots),
        f: first.seq,
        l: last.seq,
        T: first.executedMs,
        m: first.side === 'sell',
        M: true,
      }
      this.topics.publish(name, JSON.stringify(data))
      group = undefined
    }
    for (const trade of trades) {
      const pair = this.pairOf(trade.ticker)
      const name = `${pair.toLowerCase()}@trade`
      if (this.topics.has(name)) {
        const data = {
          e: 'trade',
          E,
          s: pair,
          t: trade.seq,
          p: trade.price,
          q: trade.qty,
          T: trade.executedMs,
          m: trade.side === 'sell',
          M: true,
        }
        this.topics.publish(name, JSON.stringify(data))
      }
      if (!this.topics.has(`${pair.toLowerCase()}@aggTrade`)) continue
      const lots = BigInt(this.services.trading.spec(trade.ticker).toLots(trade.qty))
      if (
        group &&
        group.last.ticker === trade.ticker &&
        group.last.takerOrderSeq === trade.takerOrderSeq &&
        group.last.price === trade.price
      ) {
        group.last = trade
        group.lots += lots
        continue
      }
      flushGroup()
      group = {first: trade, last: trade, lots}
    }
    flushGroup()
  }

  /** The candles due (`klinesDue`), oldest first. A failed read leaves them due for the next tick. */
  private async sendKline(name: string, topic: KlineTopic, due: readonly KlineDue[], now: number): Promise<void> {
    const width = INTERVALS[topic.interval]
    const sentOpenMs = topic.openMs
    topic.touched = new Set()
    const spec = this.services.trading.spec(topic.symbol)
    const send = async (fromMs: number, closed: boolean): Promise<void> => {
      const [candle] = await this.services.klines.read(
        topic.symbol,
        {interval: topic.interval, fromMs, toMs: fromMs + width, limit: 1},
        now,
      )
      if (!candle || candle.openMs !== fromMs) return
      const [t, o, h, l, c, v, T, q, n, V, Q] = klineRow(spec, topic.interval, candle)
      const k = {
        t,
        T,
        s: this.pairOf(topic.symbol),
        i: topic.interval,
        f: candle.firstSeq,
        L: candle.lastSeq,
        o,
        c,
        h,
        l,
        v,
        n,
        x: closed,
        q,
        V,
        Q,
        B: '0',
      }
      this.topics.publish(name, JSON.stringify({e: 'kline', E: now, s: k.s, k}))
    }
    try {
      topic.openMs = undefined
      for (const {openMs, closed} of due) {
        await send(openMs, closed)
        if (!closed) topic.openMs = openMs
      }
    } catch {
      topic.openMs = sentOpenMs
      for (const {openMs} of due) topic.touched.add(openMs)
    }
  }
}
