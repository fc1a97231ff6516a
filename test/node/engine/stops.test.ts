import test from 'ava'
import fc from 'fast-check'
import {StopBook, type StopDirection} from '../../../src/node/engine/stops.js'

const drain = (stops: StopBook, last: number): number[] => {
  const out: number[] = []
  for (let id = stops.next(last); id !== undefined; id = stops.next(last)) out.push(id)
  return out
}

test('stops trigger in the order the price meets them: rising lowest first, falling highest first, then oldest', (t) => {
  const stops = new StopBook()
  stops.add(1, 1, 'rise', 105)
  stops.add(2, 1, 'rise', 103)
  stops.add(3, 2, 'rise', 103)
  stops.add(4, 1, 'rise', 110)
  stops.add(5, 1, 'fall', 95)
  stops.add(6, 1, 'fall', 97)
  t.deepEqual(drain(stops, 100), [])
  t.deepEqual(drain(stops, 105), [2, 3, 1])
  t.deepEqual(drain(stops, 96), [6])
  t.deepEqual(drain(stops, 90), [5])
  t.is(stops.size, 1)
  t.true(stops.has(4))
})

test('a removed stop never triggers; removing twice says so', (t) => {
  const stops = new StopBook()
  stops.add(1, 1, 'fall', 95)
  stops.add(2, 1, 'fall', 96)
  t.true(stops.remove(2))
  t.false(stops.remove(2))
  t.deepEqual(drain(stops, 90), [1])
})

test('when both directions are due, the older stop comes first', (t) => {
  const stops = new StopBook()
  stops.add(8, 1, 'rise', 100)
  stops.add(3, 1, 'fall', 100)
  t.deepEqual(drain(stops, 100), [3, 8])
})

test("an account's waiting stops, oldest first", (t) => {
  const stops = new StopBook()
  stops.add(9, 7, 'rise', 100)
  stops.add(4, 7, 'fall', 90)
  stops.add(5, 8, 'fall', 90)
  t.deepEqual(
    stops.ofAccount(7).map((stop) => stop.orderId),
    [4, 9],
  )
})

test('property: after any adds and removes, the stops a price triggers are exactly the due ones, in price-then-id order', (t) => {
  const op = fc.oneof(
    fc.record({
      kind: fc.constant('add' as const),
      direction: fc.constantFrom<StopDirection>('rise', 'fall'),
      price: fc.integer({min: 1, max: 40}),
    }),
    fc.record({kind: fc.constant('remove' as const), pick: fc.nat()}),
  )
  fc.assert(
    fc.property(fc.array(op, {maxLength: 200}), fc.integer({min: 0, max: 41}), (ops, last) => {
      const stops = new StopBook()
      const model = new Map<number, {direction: StopDirection; price: number}>()
      let id = 0
      for (const step of ops) {
        if (step.kind === 'add') {
          stops.add(++id, 1, step.direction, step.price)
          model.set(id, {direction: step.direction, price: step.price})
        } else if (model.size) {
          const victim = [...model.keys()][step.pick % model.size]!
          model.delete(victim)
          if (!stops.remove(victim)) return false
        }
      }
      const due = [...model].filter(([, stop]) => StopBook.due(stop.direction, stop.price, last))
      const rising = due.filter(([, s]) => s.direction === 'rise').sort(([a, x], [b, y]) => x.price - y.price || a - b)
      const falling = due.filter(([, s]) => s.direction === 'fall').sort(([a, x], [b, y]) => y.price - x.price || a - b)
      // Merge the two queues as the book does: the older head first.
      const expected: number[] = []
      while (rising.length || falling.length) {
        const up = rising[0]
        const down = falling[0]
        if (up && (!down || up[0] < down[0])) expected.push(rising.shift()![0])
        else expected.push(falling.shift()![0])
      }
      const got = drain(stops, last)
      return JSON.stringify(got) === JSON.stringify(expected) && stops.size === model.size - due.length
    }),
    {numRuns: 500},
  )
  t.pass()
})
