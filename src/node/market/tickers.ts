/**
 * GET /exchange/tickers/: every active pair with its rolling 24 h statistics over the trades in
 * [now - 24 h, now), like Binance's 24hr ticker (docs/market-data.md):
 * - `last_price`: the price of the last trade before now, ever ("0" when the pair never traded);
 * - `price_change_24h`: last minus first trade price of the window (absolute, signed, in the quote asset);
 * - `high_24h`, `low_24h`: extreme trade prices of the window;
 * - `volume_24h`: the sum of trade quantities of the window, in the base asset.
 * With no trade in the window, the four window fields are "0".
 */
import type {TickerSpec} from '../trading/spec.js'
import type {PublicServices} from '../public-services.js'

export type TickerView = {
  symbol: string
  base_asset: string
  quote_asset: string
  last_price: string
  price_change_24h: string
  volume_24h: string
  high_24h: string
  low_24h: string
}

/** Prices and quantities of a ticker from integer ticks and lots. */
export const price = (spec: TickerSpec, ticks: bigint): string => spec.formatQuote(ticks * spec.tick)
export const qty = (spec: TickerSpec, lots: bigint): string => spec.formatBase(lots * spec.lot)

export async function tickerStats(spec: TickerSpec, history: PublicServices['tradeHistory'], nowMs: number): Promise<TickerView> {
  const {window, last} = await history.day(spec.symbol, nowMs)
  return {
    symbol: spec.symbol,
    base_asset: spec.base,
    quote_asset: spec.quote,
    last_price: last === undefined ? '0' : price(spec, last.price),
    price_change_24h: window ? price(spec, window.close - window.open) : '0',
    volume_24h: window ? qty(spec, window.volume) : '0',
    high_24h: window ? price(spec, window.high) : '0',
    low_24h: window ? price(spec, window.low) : '0',
  }
}

/** Active pairs in symbol order, each with its statistics at `nowMs`. */
export function listTickers(
  services: PublicServices,
  history: PublicServices['tradeHistory'],
  nowMs: number,
): Promise<TickerView[]> {
  return Promise.all(
    services.tickers.list(false).map((ticker) => tickerStats(services.trading.spec(ticker.symbol), history, nowMs)),
  )
}
