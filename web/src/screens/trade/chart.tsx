/**
 * The candles of the pair (lightweight-charts, TradingView's Apache-2.0 library, credited under the
 * chart as its licence asks), at the intervals GET /exchange/klines/ offers, the last candle live from
 * the trades stream (api/live/candles.ts). The library's own attribution logo is off: it injects a
 * <style> element, which the app's Content-Security-Policy refuses (docs/web.md
 * "Content-Security-Policy"); the credit is a plain link instead. Colours follow the page's theme
 * and the operator's branding (the stylesheet's custom properties).
 */
import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type CandlestickData,
  type HistogramData,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts'
import {useEffect, useRef, useState} from 'preact/hooks'
import {useCandles} from '../../api/live/candles'
import type {Candle, Interval} from '../../api/live/state'
import type {PairRules} from '../../api/trading'
import {Alert} from '../../components/alert'
import {decimalsOf, readable} from '../../lib/decimal'

const INTERVALS: Interval[] = ['1m', '5m', '15m', '1h', '4h', '1d']
const INTERVAL_KEY = 'exchange.interval'

function storedInterval(): Interval {
  const value = localStorage.getItem(INTERVAL_KEY)
  return INTERVALS.find((interval) => interval === value) ?? '15m'
}

/**
 * The canvas draws floats: a price becomes a number here, for drawing only. The figures a person
 * reads (the axis labels are the chart's; the last close under it) and anything sent stay decimal strings.
 */
const drawn = (value: string): number => Number(value)

const timeOf = (candle: Candle) => (Date.parse(candle.open_time) / 1000) as UTCTimestamp

function bars(candle: Candle, colors: Colors): {candle: CandlestickData; volume: HistogramData} {
  const time = timeOf(candle)
  const up = drawn(candle.close) >= drawn(candle.open)
  return {
    candle: {time, open: drawn(candle.open), high: drawn(candle.high), low: drawn(candle.low), close: drawn(candle.close)},
    volume: {time, value: drawn(candle.volume), color: up ? colors.buyFaint : colors.sellFaint},
  }
}

type Colors = {
  panel: string
  text: string
  muted: string
  line: string
  buy: string
  sell: string
  buyFaint: string
  sellFaint: string
}

/** The theme's colours now, from the stylesheet's custom properties. */
function themeColors(): Colors {
  const style = getComputedStyle(document.documentElement)
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback
  const buy = read('--buy', '#0b8a4a')
  const sell = read('--sell', '#c0392b')
  return {
    panel: read('--panel', '#ffffff'),
    text: read('--text', '#14171c'),
    muted: read('--muted', '#5c6470'),
    line: read('--line', '#dde1e6'),
    buy,
    sell,
    buyFaint: faint(buy),
    sellFaint: faint(sell),
  }
}

/** A `#rgb`/`#rrggbb` colour at 40 % opacity (volume bars under the candles). */
function faint(color: string): string {
  const hex = color.replace('#', '')
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex
  return /^[0-9a-f]{6}$/i.test(full) ? `#${full}66` : color
}

function paint(chart: IChartApi, candles: ISeriesApi<'Candlestick'>, colors: Colors): void {
  chart.applyOptions({
    layout: {background: {type: ColorType.Solid, color: colors.panel}, textColor: colors.muted, attributionLogo: false},
    grid: {vertLines: {color: colors.line}, horzLines: {color: colors.line}},
    rightPriceScale: {borderColor: colors.line},
    timeScale: {borderColor: colors.line},
  })
  candles.applyOptions({
    upColor: colors.buy,
    downColor: colors.sell,
    borderUpColor: colors.buy,
    borderDownColor: colors.sell,
    wickUpColor: colors.buy,
    wickDownColor: colors.sell,
  })
}

export function CandleChart({rules}: {rules: PairRules}) {
  const [interval, setChosen] = useState<Interval>(storedInterval)
  const {candles, loaded, failure} = useCandles(rules.symbol, interval)
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<{chart: IChartApi; candles: ISeriesApi<'Candlestick'>; volume: ISeriesApi<'Histogram'>; colors: Colors}>()
  const drawnAt = useRef({loaded: -1, count: 0})
  const shownCandles = useRef<Candle[]>([])

  useEffect(() => {
    const colors = themeColors()
    const made = createChart(box.current!, {
      autoSize: true,
      layout: {attributionLogo: false, fontFamily: getComputedStyle(document.body).fontFamily},
      timeScale: {timeVisible: true, secondsVisible: false, barSpacing: 8, rightOffset: 4},
      crosshair: {mode: 0},
    })
    const candleSeries = made.addSeries(CandlestickSeries, {priceLineVisible: true})
    const volume = made.addSeries(HistogramSeries, {
      priceScaleId: '',
      priceFormat: {type: 'volume'},
      lastValueVisible: false,
      priceLineVisible: false,
    })
    volume.priceScale().applyOptions({scaleMargins: {top: 0.8, bottom: 0}})
    paint(made, candleSeries, colors)
    chart.current = {chart: made, candles: candleSeries, volume, colors}
    // The theme switch sets <html data-theme>, the branding sets properties on <html>'s style; the system may switch too.
    const repaint = () => {
      if (!chart.current) return
      const colors = themeColors()
      chart.current.colors = colors
      paint(made, candleSeries, colors)
      // The volume bars carry their colour: drawn again.
      volume.setData(shownCandles.current.map((candle) => bars(candle, colors).volume))
    }
    const watcher = new MutationObserver(repaint)
    watcher.observe(document.documentElement, {attributes: true, attributeFilter: ['data-theme', 'style']})
    const system = window.matchMedia('(prefers-color-scheme: dark)')
    system.addEventListener('change', repaint)
    return () => {
      watcher.disconnect()
      system.removeEventListener('change', repaint)
      chart.current = undefined
      made.remove()
    }
  }, [])

  useEffect(() => {
    const tick = rules.tick_size
    chart.current?.candles.applyOptions({priceFormat: {type: 'price', precision: decimalsOf(tick), minMove: drawn(tick)}})
  }, [rules.tick_size])

  useEffect(() => {
    const shown = chart.current
    if (!shown) return
    const last = drawnAt.current
    if (last.loaded === loaded && candles.length >= last.count && last.count > 0 && candles.length - last.count <= 1) {
      // A live trade moved the last candle or opened the next one.
      for (const candle of candles.slice(Math.max(0, last.count - 1))) {
        const {candle: bar, volume} = bars(candle, shown.colors)
        shown.candles.update(bar)
        shown.volume.update(volume)
      }
    } else {
      const all = candles.map((candle) => bars(candle, shown.colors))
      shown.candles.setData(all.map((bar) => bar.candle))
      shown.volume.setData(all.map((bar) => bar.volume))
      if (last.loaded !== loaded) shown.chart.timeScale().scrollToRealTime()
    }
    drawnAt.current = {loaded, count: candles.length}
    shownCandles.current = candles
  }, [candles, loaded])

  const pick = (next: Interval) => {
    localStorage.setItem(INTERVAL_KEY, next)
    setChosen(next)
  }
  const close = candles.at(-1)?.close
  return (
    <section class="panel chart-panel area-chart" aria-labelledby="chart-title">
      <div class="chart-head">
        <h2 id="chart-title">{`${rules.symbol} candles`}</h2>
        <div role="group" aria-label="Interval" class="intervals">
          {INTERVALS.map((each) => (
            <button key={each} type="button" class="quiet small" aria-pressed={each === interval} onClick={() => pick(each)}>
              {each}
            </button>
          ))}
        </div>
      </div>
      <Alert message={failure} />
      <div
        ref={box}
        class="chart-box"
        role="img"
        aria-label={
          close === undefined
            ? `No ${interval} candles of ${rules.symbol} yet`
            : `${interval} candles of ${rules.symbol}; last close ${readable(close)} ${rules.quote_asset}`
        }
      />
      {candles.length === 0 && !failure ? <p class="notice chart-empty">No trades on {rules.symbol} yet.</p> : null}
      <p class="attribution">
        Charts by{' '}
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
          TradingView Lightweight Charts™
        </a>
        , © TradingView, Inc.
      </p>
    </section>
  )
}
