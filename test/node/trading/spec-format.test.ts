import test from 'ava'
import fc from 'fast-check'
import {formatAmount} from '../../../src/node/ground/money.js'
import {TickerSpec} from '../../../src/node/trading/spec.js'

const spec = () =>
  new TickerSpec(
    {
      symbol: 'BTC-USDT',
      baseAsset: 'BTC',
      quoteAsset: 'USDT',
      active: true,
      tickSize: '0.01',
      lotSize: '0.0001',
      minNotional: '1',
    },
    {code: 'BTC', name: 'Bitcoin', decimals: 8, active: true},
    {code: 'USDT', name: 'Tether', decimals: 6, active: true},
  )

test('prices and quantities read the same from the cache as formatted afresh, also past its bound', (t) => {
  const ticker = spec()
  const fresh = {
    price: (ticks: number) => formatAmount(BigInt(ticks) * ticker.tick, ticker.quoteDecimals),
    qty: (lots: number) => formatAmount(BigInt(lots) * ticker.lot, ticker.baseDecimals),
  }
  // Past the bound (4,096) and back: every count formatted twice, the second time maybe cached.
  for (let round = 0; round < 2; round++) {
    for (let count = 0; count < 10_000; count += 1 + (count % 3)) {
      if (ticker.formatPrice(count) !== fresh.price(count)) return t.fail(`price ${count}`)
      if (ticker.formatQty(count) !== fresh.qty(count)) return t.fail(`qty ${count}`)
    }
  }
  fc.assert(
    fc.property(fc.array(fc.integer({min: 0, max: Number.MAX_SAFE_INTEGER}), {maxLength: 50}), (counts) =>
      counts.every((count) => ticker.formatPrice(count) === fresh.price(count) && ticker.formatQty(count) === fresh.qty(count)),
    ),
  )
  t.is(ticker.formatPrice(1), '0.01')
  t.is(ticker.formatQty(12_345), '1.2345')
  t.is(ticker.formatPrice(0), '0')
})
