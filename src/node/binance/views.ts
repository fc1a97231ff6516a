/**
 * How the Binance-form API shows market data (docs/binance-compat.md "Symbols, numbers, ids"): decimals as strings, times as epoch ms,
 * ids as integers. One place for REST and the streams, so `/api/v3/ticker/24hr` and `@ticker` agree.
 */
import type {Trading} from '../trading/trading.js'
import type {TickerSpec} from '../trading/spec.js'
import type {AggTrade} from '../orders/agg-trades.js'
import {INTERVALS, type Candle, type Interval} from '../orders/klines.js'
import type {TradeHistory, TradeRecord} from '../orders/trade-history.js'
import type {Ticker} from '../tickers/tickers.js'
import {formatAmount} from '../ground/money.js'
import {pairName} from './params.js'
import type {PublicServices} from '../public-services.js'

export const price = (spec: TickerSpec, ticks: bigint | number): string => spec.formatQuote(BigInt(ticks) * spec.tick)
export const qty = (spec: TickerSpec, lots: bigint | number): string => spec.formatBase(BigInt(lots) * spec.lot)
/** Σ ticks x lots as a quote amount. */
export const quote = (spec: TickerSpec, notional: bigint): string => spec.formatQuote(spec.quoteOfNotional(notional))
/** The average price of a volume, or "0" without one. */
const average = (spec: TickerSpec, notional: bigint, lots: bigint): string =>
  lots > 0n ? spec.formatAveragePrice(notional, Number(lots)) : '0'

export type Level = [string, string]

export function levels(spec: TickerSpec, side: readonly (readonly [number, number])[]): Level[] {
  return side.map(([ticks, lots]) => [price(spec, ticks), qty(spec, lots)])
}

export function tradeView(spec: TickerSpec, trade: TradeRecord) {
  return {
    id: Number(trade.seq),
    price: price(spec, trade.price_ticks),
    qty: qty(spec, trade.qty_lots),
    quoteQty: spec.formatQuote(spec.quoteOfNotional(trade.price_ticks * trade.qty_lots)),
    time: Number(trade.executed_ms),
    isBuyerMaker: trade.taker_side === 'sell',
    isBestMatch: true,
  }
}

export function aggTradeView(spec: TickerSpec, group: AggTrade) {
  return {
    a: group.id,
    p: price(spec, group.priceTicks),
    q: qty(spec, group.qtyLots),
    f: group.firstSeq,
    l: group.lastSeq,
    T: group.executedMs,
    m: group.takerSide === 'sell',
    M: true,
  }
}

/** A kline row of 12, as Binance: open time, OHLCV, close time, quote volume, trades, taker-buy volumes, "0". */
export function klineRow(spec: TickerSpec, interval: Interval, candle: Candle) {
  return [
    candle.openMs,
    price(spec, candle.open),
    price(spec, candle.high),
    price(spec, candle.low),
    price(spec, candle.close),
    qty(spec, candle.volume),
    candle.openMs + INTERVALS[interval] - 1,
    quote(spec, candle.notional),
    candle.count,
    qty(spec, candle.buyVolume),
    quote(spec, candle.buyNotional),
    '0',
  ] as const
}

/** The rolling 24 h statistics of a ticker at `nowMs`, with its best bid and ask (`/ticker/24hr`, `@ticker`). */
export async function dayTicker(
  ticker: Ticker,
  trading: PublicServices['trading'],
  history: PublicServices['tradeHistory'],
  nowMs: number,
) {
  // The window is [now - 24 h, now]: a trade of this very millisecond counts.
  const day = await history.day(ticker.symbol, nowMs + 1)
  const before = day.window ? await history.lastPrice(ticker.symbol, BigInt(nowMs - 86_400_000)) : day.last?.price
  return dayTickerView(ticker, trading.spec(ticker.symbol), day, before, await trading.depth(ticker.symbol, 1), nowMs)
}

function dayTickerView(
  ticker: Ticker,
  spec: TickerSpec,
  {window, last}: ReturnType<TradeHistory['day']>,
  before: bigint | undefined,
  {bids, asks}: Pick<ReturnType<Trading['depth']>, 'bids' | 'asks'>,
  nowMs: number,
) {
  const change = window ? window.close - window.open : 0n
  return {
    symbol: pairName(ticker),
    priceChange: price(spec, change),
    // Per cent, to 3 places, rounded toward zero.
    priceChangePercent: window ? formatAmount((change * 100_000n) / window.open, 3) : '0',
    weightedAvgPrice: window ? average(spec, window.notional, window.volume) : '0',
    prevClosePrice: before === undefined ? '0' : price(spec, before),
    lastPrice: last ? price(spec, last.price) : '0',
    lastQty: last ? qty(spec, last.qty) : '0',
    bidPrice: bids[0] ? price(spec, bids[0][0]) : '0',
    bidQty: bids[0] ? qty(spec, bids[0][1]) : '0',
    askPrice: asks[0] ? price(spec, asks[0][0]) : '0',
    askQty: asks[0] ? qty(spec, asks[0][1]) : '0',
    openPrice: window ? price(spec, window.open) : '0',
    highPrice: window ? price(spec, window.high) : '0',
    lowPrice: window ? price(spec, window.low) : '0',
    volume: window ? qty(spec, window.volume) : '0',
    quoteVolume: window ? quote(spec, window.notional) : '0',
    openTime: nowMs - 86_400_000,
    closeTime: nowMs,
    firstId: window ? window.firstSeq : -1,
    lastId: window ? window.lastSeq : -1,
    count: window ? window.count : 0,
  }
}

export type DayTicker = ReturnType<typeof dayTickerView>

/** The MINI form of a 24 h ticker (`type=MINI`). */
export function miniTicker(day: DayTicker) {
  const {symbol, openPrice, highPrice, lowPrice, lastPrice, volume, quoteVolume, openTime, closeTime, firstId, lastId, count} =
    day
  return {symbol, openPrice, highPrice, lowPrice, lastPrice, volume, quoteVolume, openTime, closeTime, firstId, lastId, count}
}

export async function bookTicker(ticker: Ticker, trading: PublicServices['trading']) {
  const spec = trading.spec(ticker.symbol)
  const {bids, asks} = await trading.depth(ticker.symbol, 1)
  return {
    symbol: pairName(ticker),
    bidPrice: bids[0] ? price(spec, bids[0][0]) : '0',
    bidQty: bids[0] ? qty(spec, bids[0][1]) : '0',
    askPrice: asks[0] ? price(spec, asks[0][0]) : '0',
    askQty: asks[0] ? qty(spec, asks[0][1]) : '0',
  }
}

export async function lastPrice(
  ticker: Ticker,
  trading: PublicServices['trading'],
  history: PublicServices['tradeHistory'],
  nowMs: number,
) {
  const last = await history.lastPrice(ticker.symbol, BigInt(nowMs) + 1n)
  return {symbol: pairName(ticker), price: last === undefined ? '0' : price(trading.spec(ticker.symbol), last)}
}
