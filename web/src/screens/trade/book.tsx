/**
 * The order book of the pair, live (api/live/book.ts): asks above (best at the bottom), the spread,
 * bids below (best at the top), each level with its amount, the amount summed from the best price,
 * and a depth bar of that sum. Picking a price puts it into the order form.
 */
import type {LiveBook} from '../../api/live/book'
import {bookRows, type BookRow} from '../../api/live/state'
import type {PairRules} from '../../api/trading'
import {decimalsOf, minus, readable} from '../../lib/decimal'

const ROWS = 10

type Props = {rules: PairRules; live: LiveBook; onPrice: (price: string) => void}

export function OrderBook({rules, live, onPrice}: Props) {
  const {book} = live
  const prices = decimalsOf(rules.tick_size)
  const amounts = decimalsOf(rules.lot_size)
  const rows = book ? bookRows(book, ROWS) : {bids: [], asks: []}
  const bestBid = rows.bids[0]?.price
  const bestAsk = rows.asks[0]?.price
  const row = (side: 'bid' | 'ask') => (level: BookRow) => (
    <tr key={level.price} class={side} style={{'--depth': level.depth}}>
      <td class={`num ${side === 'bid' ? 'buy-text' : 'sell-text'}`}>
        <button type="button" class="price-pick" title="Use this price" onClick={() => onPrice(level.price)}>
          {readable(level.price, prices)}
        </button>
      </td>
      <td class="num">{readable(level.qty, amounts)}</td>
      <td class="num">{readable(level.cumulative, amounts)}</td>
    </tr>
  )
  return (
    <section class="panel book-panel area-book" aria-labelledby="book-title">
      <h2 id="book-title">
        Order book {live.live ? null : <span class="stale">{book ? '(reconnecting…)' : '(connecting…)'}</span>}
      </h2>
      <p class="units">{`Prices in ${rules.quote_asset}, amounts in ${rules.base_asset}`}</p>
      <div class="table-scroll">
        <table aria-label="Order book" class="book">
          <thead>
            <tr>
              <th scope="col" class="num">
                Price
              </th>
              <th scope="col" class="num">
                Amount
              </th>
              <th scope="col" class="num">
                Total
              </th>
            </tr>
          </thead>
          <tbody aria-label="Asks">{[...rows.asks].reverse().map(row('ask'))}</tbody>
          <tbody aria-label="Spread">
            <tr class="spread">
              <td colSpan={3}>
                {bestBid && bestAsk
                  ? `Spread ${readable(minus(bestAsk, bestBid), prices)} ${rules.quote_asset}`
                  : book && rows.asks.length + rows.bids.length === 0
                    ? 'No orders on the book'
                    : book
                      ? 'One side of the book is empty'
                      : ''}
              </td>
            </tr>
          </tbody>
          <tbody aria-label="Bids">{rows.bids.map(row('bid'))}</tbody>
        </table>
      </div>
    </section>
  )
}
