import test from 'ava'
import fc from 'fast-check'
import {decodeText, encodePlainText} from '../../../src/node/cluster/codec.js'
import {ANSWER_FORMS, type AnswerForm} from '../../../src/node/cluster/commands.js'
import {
  ORDER_FIELDS,
  fromTheWire,
  onTheWire,
  orderFields,
  orderOfFields,
  type ClusterEvent,
} from '../../../src/node/cluster/events.js'
import type {Order} from '../../../src/node/trading/model.js'

const text = fc.string({maxLength: 40})
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, {nil: null})
const anOrder: fc.Arbitrary<Order> = fc.record({
  id: fc.uuid(),
  clientOrderId: maybe(text),
  seq: fc.integer({min: 1, max: Number.MAX_SAFE_INTEGER}),
  ticker: text,
  side: fc.constantFrom('buy' as const, 'sell' as const),
  type: fc.constantFrom('limit' as const, 'market' as const),
  timeInForce: fc.constantFrom('GTC', 'IOC', 'FOK'),
  postOnly: fc.boolean(),
  price: maybe(text),
  qty: text,
  filledQty: text,
  filledQuote: text,
  avgPrice: maybe(text),
  status: fc.constantFrom('open', 'partial', 'filled', 'cancelled'),
  endReason: fc.constantFrom(null, 'cancelled' as const, 'expired' as const, 'self_trade' as const),
  createdAt: text,
  updatedAt: text,
  stopPrice: maybe(text),
  stopDirection: fc.constantFrom(null, 'rise' as const, 'fall' as const),
  workingAt: maybe(text),
  quoteQty: maybe(text),
  selfTrade: fc.constantFrom('expire_taker' as const, 'expire_maker' as const, 'expire_both' as const, 'none' as const),
})

test('an order as fields: each field in its place, and back to the same order', (t) => {
  fc.assert(
    fc.property(anOrder, (order) => {
      const fields = orderFields(order)
      return (
        fields.length === ORDER_FIELDS.length &&
        ORDER_FIELDS.every((name, i) => Object.is(fields[i], order[name])) &&
        JSON.stringify(orderOfFields(fields)) === JSON.stringify(order)
      )
    }),
  )
  t.pass()
})

test('an order event crosses as fields and is read back as the order; the object form of an earlier sequencer is read as is', (t) => {
  fc.assert(
    fc.property(anOrder, fc.uuid(), fc.boolean(), fc.nat({max: 100}), (order, accountId, created, at) => {
      const event: ClusterEvent = {type: 'order', accountId, order, created, at}
      const trade: ClusterEvent = {type: 'balance', accountId, asset: 'USDT', reason: 'deposit'}
      const body = encodePlainText([event, trade].map(onTheWire))
      const read = decodeText<ClusterEvent[]>(body)
      if (!Array.isArray((read[0] as {order: unknown}).order)) return false
      const back = read.map(fromTheWire)
      const earlier = decodeText<ClusterEvent[]>(encodePlainText([event])).map(fromTheWire)
      return (
        JSON.stringify(back) === JSON.stringify([event, trade]) &&
        JSON.stringify(earlier) === JSON.stringify([event]) &&
        body.length < encodePlainText([event, trade]).length
      )
    }),
  )
  t.pass()
})

test('the order commands answer with their order as fields; an edge reads them, and the plain form, back as the same answer', (t) => {
  const place = ANSWER_FORMS.get('trading.place')!
  const cancel = ANSWER_FORMS.get('trading.cancel')!
  const fill = {tradeId: 'tr-1', tradeSeq: 7, price: '100', qty: '0.5', fee: '0.01', feeAsset: 'BTC'}
  fc.assert(
    fc.property(anOrder, fc.boolean(), (order, filled) => {
      const answer = {order, exchangeTime: '2026-11-27T23:00:00.000Z', fills: filled ? [fill] : []}
      const crossed = (form: AnswerForm, value: unknown) => decodeText(encodePlainText(form.write(value)))
      const onWire = crossed(place, answer) as {order: unknown}
      return (
        Array.isArray(onWire.order) &&
        JSON.stringify(place.read(onWire)) === JSON.stringify(answer) &&
        JSON.stringify(place.read(decodeText(encodePlainText(answer)))) === JSON.stringify(answer) &&
        Array.isArray(crossed(cancel, order)) &&
        JSON.stringify(cancel.read(crossed(cancel, order))) === JSON.stringify(order) &&
        JSON.stringify(cancel.read(decodeText(encodePlainText(order)))) === JSON.stringify(order)
      )
    }),
  )
  t.pass()
})
