/**
 * The trade screen's order form checks the pair's tick, lot and minimum notional before it sends
 * anything (web/src/screens/trade/order-check.ts), each refusal naming its rule. Loaded from source
 * through tsx, as test/web/live-state.test.ts loads the app's code.
 */
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import test from 'ava'
import {tsImport} from 'tsx/esm/api'
import {ROOT} from '../helpers/paths.js'

type Check = typeof import('../../web/src/screens/trade/order-check.js')

const {orderProblem} = (await tsImport(
  pathToFileURL(path.join(ROOT, 'web/src/screens/trade/order-check.ts')).href,
  import.meta.url,
)) as Check

const rules = {
  symbol: 'BTC-USDT',
  base_asset: 'BTC',
  quote_asset: 'USDT',
  status: 'trading' as const,
  tick_size: '0.01',
  lot_size: '0.00001',
  min_notional: '5',
}

test('order form: the tick, the lot and the minimum notional are checked before sending, each message naming its rule', (t) => {
  t.is(orderProblem({type: 'limit', price: '30000.01', qty: '0.001'}, rules), null)
  t.is(
    orderProblem({type: 'limit', price: '30000.001', qty: '0.001'}, rules),
    'The price must be a multiple of the tick size 0.01 USDT.',
  )
  t.is(
    orderProblem({type: 'limit', price: '30000', qty: '0.000001'}, rules),
    'The amount must be a multiple of the lot size 0.00001 BTC.',
  )
  t.is(
    orderProblem({type: 'limit', price: '4999.99', qty: '0.001'}, rules),
    'Price × amount must be at least the minimum notional 5 USDT.',
  )
  t.is(orderProblem({type: 'limit', price: '5000', qty: '0.001'}, rules), null)
  // A market order has no price and no minimum notional here (the API applies it to limit orders).
  t.is(orderProblem({type: 'market', price: '', qty: '0.00001'}, rules), null)
  t.is(
    orderProblem({type: 'market', price: '', qty: '0.000011'}, rules),
    'The amount must be a multiple of the lot size 0.00001 BTC.',
  )
  for (const typed of ['1e3', '-1', '+1', '1.', '.5', '01', '1,5', ' 1']) {
    t.regex(
      orderProblem({type: 'limit', price: typed, qty: '1'}, rules) ?? '',
      /^The price must be a plain decimal number/,
      typed,
    )
  }
  t.is(orderProblem({type: 'limit', price: '0', qty: '1'}, rules), 'The price must be above 0.')
  t.is(orderProblem({type: 'limit', price: '', qty: '1'}, rules), 'Enter a price.')
  t.is(orderProblem({type: 'limit', price: '1', qty: ''}, rules), 'Enter an amount.')
  t.is(
    orderProblem({type: 'limit', price: '30000', qty: '1'}, {...rules, status: 'halted'}),
    'BTC-USDT is halted: orders on it are refused.',
  )
})
