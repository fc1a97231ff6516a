import test from 'ava'
import {validate, version} from 'uuid'

import {timeOrderedId} from '../../src/node/ids.js'

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
