/**
 * The pair selector (each active pair with its last price and 24 h change) and the shown pair's
 * figures: last price (live), 24 h change, high, low and volume.
 */
import {useId} from 'preact/hooks'
import type {PairRules, PairStats} from '../../api/trading'
import {decimalsOf, readable} from '../../lib/decimal'
import {pairChange, signed} from './change'

type Props = {
  symbol: string
  stats: PairStats[]
  rules: PairRules | undefined
  /** The last trade's price from the trades stream, when one came. */
  livePrice: string | undefined
  onPick: (symbol: string) => void
}

export function PairBar({symbol, stats, rules, livePrice, onPick}: Props) {
  const id = useId()
  const shown = stats.find((pair) => pair.symbol === symbol)
  const places = rules ? decimalsOf(rules.tick_size) : 0
  const change = shown ? pairChange(shown, livePrice) : undefined
  const quote = rules?.quote_asset ?? ''
  const base = rules?.base_asset ?? ''
  return (
    <section class="panel pair-bar area-pair" aria-label="Market">
      <div class="pair-pick">
        <label for={id}>Pair</label>
        <select id={id} value={symbol} onChange={(event) => onPick((event.target as HTMLSelectElement).value)}>
          {stats.map((pair) => {
            const figures = pairChange(pair, undefined)
            const percent = figures.percent === null ? '' : ` ${signed(figures.percent)}%`
            return (
              <option key={pair.symbol} value={pair.symbol}>
                {`${pair.symbol}  ${readable(pair.last_price)}${percent}`}
              </option>
            )
          })}
        </select>
      </div>
      {shown && change ? (
        <dl class="figures">
          <div class="figure last">
            <dt>Last price</dt>
            <dd class={`price ${change.direction}`}>
              {readable(change.last, places)} <span class="unit">{quote}</span>
            </dd>
          </div>
          <div class="figure">
            <dt>24 h change</dt>
            <dd class={change.direction}>
              {signed(readable(change.change, places))}
              {change.percent === null ? '' : ` (${signed(change.percent)}%)`}
            </dd>
          </div>
          <div class="figure wide-only">
            <dt>24 h high</dt>
            <dd>{readable(shown.high_24h, places)}</dd>
          </div>
          <div class="figure wide-only">
            <dt>24 h low</dt>
            <dd>{readable(shown.low_24h, places)}</dd>
          </div>
          <div class="figure wide-only">
            <dt>24 h volume</dt>
            <dd>
              {readable(shown.volume_24h)} <span class="unit">{base}</span>
            </dd>
          </div>
        </dl>
      ) : null}
    </section>
  )
}
