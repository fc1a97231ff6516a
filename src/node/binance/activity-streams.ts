/**
 * The trade and statistics streams of the Binance-form API (CONTRACT §11), fed by the committed
 * trades the trading module publishes:
 * - `<s>@trade`: one message per trade `{e, E, s, t, p, q, T, m, M}` (`t` the trade's sequence);
 * - `<s>@aggTrade`: a taker's consecutive fills at one price as one `{e, E, s, a, p, q, f, l, T, m, M}`;
 * - `<s>@kline_<i>`: the current candle at most once a second while it trades, and a candle that
 *   ended with `x: true` once the next one has its first trade;
 * - `<s>@ticker`, `<s>@miniTicker`, `!ticker@arr`, `!miniTicker@arr`: the rolling 24 h statistics
 *   of the pairs that traded or whose best levels moved, once a second; at once to a client that joins.
 */
import type {TransportServices} from '../services.js'
import {INTERVALS, type Interval} from '../orders/klines.js'
import type {CommittedEvents} from '../trading/trading.js'
import type {PublicTrade} from '../trading/model.js'
import type {StreamSpec} from './stream-names.js'
import type {StreamClient, Topics} from './topics.js'
import {dayTicker, klineRow, qty, type DayTicker} from './views.js'

/** How often tickers and klines go out, at most. */
export const STATS_INTERVAL_MS = 1000

type KlineTopic = {symbol: string; interval: Interval; openMs: number | undefined; dirty: boolean}

export class ActivityStreams {
  private readonly klines = new Map<string, KlineTopic>()
  /** Symbols whose 24 h statistics may have changed since the last tick. */
  private readonly dirty = new Set<string>()
  private timer: NodeJS.Timeout | undefined

  constructor(
    private readonly topics: Topics,
    private readonly services: TransportServices,
    /** `BTCUSDT` of a ticker. */
    private readonly pairOf: (symbol: string) => string,
  ) {}

  joined(name: string, spec: StreamSpec, client: StreamClient, first: boolean): void {
    switch (spec.kind) {
      case 'kline':
        if (first) this.klines.set(name, {symbol: spec.symbol, interval: spec.interval, openMs: undefined, dirty: false})
        break
      case 'ticker':
      case 'miniTicker':
        this.topics.publish(name, this.tickerData(spec.kind, this.day(spec.symbol, Date.now())), client)
        break
      case 'allTickers':
      case 'allMiniTickers': {
        const now = Date.now()
        const days = this.services.tickers.list(false).map((ticker) => this.day(ticker.symbol, now))
        this.topics.publish(name, this.arrayData(spec.kind === 'allTickers' ? 'ticker' : 'miniTicker', days), client)
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
        if (events.trades.some((trade) => trade.ticker === topic.symbol)) topic.dirty = true
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

  /** One timer while any kline or ticker stream has clients. */
  private schedule(): void {
    if (this.timer) return
    this.timer = setInterval(() => this.tick(), STATS_INTERVAL_MS)
    this.timer.unref()
  }

  private tick(): void {
    const now = Date.now()
    for (const [name, topic] of this.klines) if (topic.dirty) this.sendKline(name, topic, now)
    const dirty = [...this.dirty]
    this.dirty.clear()
    const days: DayTicker[] = []
    for (const symbol of dirty) {
      const pair = this.pairOf(symbol).toLowerCase()
      const single = this.topics.has(`${pair}@ticker`) || this.topics.has(`${pair}@miniTicker`)
      if (!single && !this.topics.has('!ticker@arr') && !this.topics.has('!miniTicker@arr')) continue
      const day = this.day(symbol, now)
      days.push(day)
      this.topics.publish(`${pair}@ticker`, this.tickerData('ticker', day))
      this.topics.publish(`${pair}@miniTicker`, this.tickerData('miniTicker', day))
    }
    if (days.length) {
      this.topics.publish('!ticker@arr', this.arrayData('ticker', days))
      this.topics.publish('!miniTicker@arr', this.arrayData('miniTicker', days))
    }
    if (this.klines.size === 0 && ![...this.topics.names()].some((name) => /ticker/i.test(name))) {
      clearInterval(this.timer)
      this.timer = undefined
    }
  }

  private day(symbol: string, now: number): DayTicker {
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

  /** The candle now trading; first the one before it, closed, if that is the one last sent. */
  private sendKline(name: string, topic: KlineTopic, now: number): void {
    topic.dirty = false
    const width = INTERVALS[topic.interval]
    const openMs = Math.floor(now / width) * width
    const spec = this.services.trading.spec(topic.symbol)
    const send = (fromMs: number, closed: boolean): void => {
      const [candle] = this.services.klines.read(
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
    if (topic.openMs !== undefined && topic.openMs < openMs) send(topic.openMs, true)
    topic.openMs = openMs
    send(openMs, false)
  }
}
