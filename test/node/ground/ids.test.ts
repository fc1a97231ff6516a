import {randomBytes} from 'node:crypto'
import test from 'ava'
import {v7, validate, version} from 'uuid'

import {timeOrderedId, uuidText} from '../../../src/node/ground/ids.js'

test('ids made in a burst are valid v7 UUIDs that sort in the order they were made', (t) => {
  // 20 000 ids take a few milliseconds, so many share one: their order then comes from the counter.
  const ids = Array.from({length: 20_000}, () => timeOrderedId())
  t.true(ids.every((id) => validate(id) && version(id) === 7))
  t.deepEqual([...ids].sort(), ids)
  t.is(new Set(ids).size, ids.length)
})

test('the first bytes of an id are its millisecond clock', (t) => {
  const before = Date.now()
  const id = timeOrderedId()
  const msecs = Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16)
  t.true(msecs >= before && msecs <= Date.now() + 1)
})

test("an id's text is uuid's own for the same bytes", (t) => {
  for (let i = 0; i < 2000; i++) {
    const random = randomBytes(16)
    const msecs = Date.now() - i * 7919
    const seq = random.readUInt32BE(0) >>> (i % 3)
    const bytes = new Uint8Array(16)
    v7({random, msecs, seq}, bytes, 0)
    t.is(uuidText(bytes), v7({random, msecs, seq}))
  }
  t.is(uuidText(new Uint8Array(16).fill(0xff)), 'ffffffff-ffff-ffff-ffff-ffffffffffff')
  t.is(uuidText(new Uint8Array(16)), '00000000-0000-0000-0000-000000000000')
})
