/**
 * The codec of what crosses NATS (cluster/codec.ts): JSON that keeps bigint minor units exact, bytes,
 * and the undefined arguments of a call; and refusals that come back as the same ExchangeError class
 * with the same code (and the Retry-After of RetryLater and Unavailable).
 */
import test from 'ava'
import {
  decode,
  decodeText,
  encode,
  encodePlainText,
  encodeText,
  fromWireError,
  wireError,
} from '../../../src/node/cluster/codec.js'
import {ExchangeError, RetryLater, Unavailable} from '../../../src/node/ground/errors.js'

test('bigint minor units cross exactly, beyond 2^53 and negative', (t) => {
  const value = {available: 2n ** 80n + 1n, locked: -123456789012345678901234567890n, zero: 0n, list: [1n, 2n]}
  const back = decode<typeof value>(encode(value))
  t.deepEqual(back, value)
  t.is(typeof back.available, 'bigint')
})

test('an omitted argument stays undefined, so defaults still apply; an undefined property is left out', (t) => {
  const args = ['account', undefined, 'label', undefined]
  const back = decode<unknown[]>(encode(args))
  t.is(back.length, 4)
  t.is(back[1], undefined)
  t.is(back[3], undefined)
  const withDefault = (a: string, b = 'default') => b
  t.is(withDefault(...(back as [string, undefined])), 'default')
  t.deepEqual(decodeText(encodeText({a: 1, b: undefined})), {a: 1})
})

test('bytes cross as bytes', (t) => {
  const file = Buffer.from([0, 1, 2, 250, 255])
  const back = decode<{file: Buffer; view: Buffer}>(encode({file, view: new Uint8Array([9, 8])}))
  t.true(Buffer.isBuffer(back.file))
  t.deepEqual([...back.file], [0, 1, 2, 250, 255])
  t.deepEqual([...back.view], [9, 8])
})

test('plain JSON stays plain: strings, nulls, nested objects, a $-named key among others', (t) => {
  const value = {s: '0.5', n: 3, nil: null, nested: {deep: [true, 'x']}, odd: {$bigint: '1', other: 2}}
  t.deepEqual(decode(encode(value)), value)
})

test('tags deep in arrays and objects, a Date, and the value sent left as it was', (t) => {
  const at = new Date('2026-11-27T15:00:00.000Z')
  const value = {
    at,
    rows: [
      {id: 'a', amounts: [1n, undefined, 3n]},
      {id: 'b', file: Buffer.from('hi')},
    ],
    tail: 'x',
  }
  const text = encodeText(value)
  t.is(
    text,
    '{"at":"2026-11-27T15:00:00.000Z","rows":[{"id":"a","amounts":[{"$bigint":"1"},{"$undefined":true},{"$bigint":"3"}]},' +
      '{"id":"b","file":{"$bytes":"aGk="}}],"tail":"x"}',
  )
  t.is((value.rows[0] as {amounts: unknown[]}).amounts[0], 1n, 'only copies are tagged')
  const back = decodeText<{at: string; rows: [{amounts: unknown[]}, {file: Buffer}]}>(text)
  t.is(back.at, '2026-11-27T15:00:00.000Z')
  t.deepEqual(back.rows[0].amounts, [1n, undefined, 3n])
  t.false(1 in back.rows[0].amounts, 'an undefined element comes back as a hole')
  t.deepEqual([...back.rows[1].file], [...Buffer.from('hi')])
  t.is(decodeText<{__proto__: unknown}>('{"__proto__": {"$bigint": "1"}}').constructor, Object, 'no prototype set from the wire')
})

test('a plain value (an order answer, trading events) encodes to the same text without the walk, and one holding a bigint still gets its tags', (t) => {
  const order = {
    id: 'o1',
    clientOrderId: null,
    seq: 7,
    price: '30000.00',
    postOnly: false,
    endReason: undefined,
    fills: [{qty: '0.1'}],
  }
  t.is(encodePlainText(order), encodeText(order))
  t.is(
    encodePlainText({ok: true, value: order}),
    '{"ok":true,"value":{"id":"o1","clientOrderId":null,"seq":7,"price":"30000.00","postOnly":false,"fills":[{"qty":"0.1"}]}}',
  )
  const events = [
    {type: 'order', at: 0},
    {type: 'book', at: 1, end: {balances: [{available: 2n ** 70n, locked: 0n}]}},
  ]
  t.is(encodePlainText(events), encodeText(events))
  t.deepEqual(decodeText(encodePlainText(events)), events)
  t.is(encodePlainText(undefined), 'null')
})

test('an ExchangeError comes back with its class and code', (t) => {
  const back = fromWireError(wireError(new ExchangeError('insufficient_funds', 'not enough USDT')))
  t.true(back instanceof ExchangeError)
  t.is(back.code, 'insufficient_funds')
  t.is(back.message, 'not enough USDT')
})

test('RetryLater and Unavailable come back with their Retry-After', (t) => {
  const later = fromWireError(decode(encode(wireError(new RetryLater('codes were just sent', 42)))))
  t.true(later instanceof RetryLater)
  t.is(later.code, 'rate_limited')
  t.is((later as RetryLater).retryAfterSeconds, 42)
  const away = fromWireError(decode(encode(wireError(new Unavailable('no sequencer', 1)))))
  t.true(away instanceof Unavailable)
  t.is(away.code, 'unavailable')
  t.is((away as Unavailable).retryAfterSeconds, 1)
  const plain = fromWireError(wireError(new ExchangeError('unavailable', 'shutting down')))
  t.false(plain instanceof Unavailable)
  t.is(plain.code, 'unavailable')
})
