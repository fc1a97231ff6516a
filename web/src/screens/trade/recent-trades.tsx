/** The pair's latest public trades, live (api/live/trades.ts): price coloured by the taker's side, amount, time. */
import type {LiveTrades} from '../../api/live/trades'
import type {PairRules} from '../../api/trading'
import {Alert} from '../../components/alert'
import {clockTime} from '../../components/order-tables'
import {decimalsOf, readable} from '../../lib/decimal'

const ROWS = 30

export function RecentTrades({rules, live}: {rules: PairRules; live: LiveTrades}) {
  const prices = decimalsOf(rules.tick_size)
  const amounts = decimalsOf(rules.lot_size)
  return (
    <section class="panel trades-panel area-trades" aria-labelledby="trades-title">
      <h2 id="trades-title">
        Recent trades{' '}
        {live.live ? null : <span class="stale">{live.trades.length > 0 ? '(reconnecting…)' : '(connecting…)'}</span>}
      </h2>
      <Alert message={live.failure} />
      <p class="units">{`Prices in ${rules.quote_asset}, amounts in ${rules.base_asset}`}</p>
      <div class="table-scroll trades-scroll">
        <table aria-label="Recent trades">
          <thead>
            <tr>
              <th scope="col" class="num">
                Price
              </th>
              <th scope="col" class="num">
                Amount
              </th>
              <th scope="col" class="num">
                Time
              </th>
            </tr>
          </thead>
          <tbody>
            {live.trades.length === 0 ? (
              <tr>
                <td colSpan={3} class="empty">
                  No trades yet.
                </td>
              </tr>
            ) : (
              live.trades.slice(0, ROWS).map((trade) => (
                <tr key={trade.id}>
                  <td class={`num ${trade.side === 'buy' ? 'buy-text' : 'sell-text'}`}>{readable(trade.price, prices)}</td>
                  <td class="num">{readable(trade.qty, amounts)}</td>
                  <td class="num">{clockTime(trade.executed_at)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  )
}
