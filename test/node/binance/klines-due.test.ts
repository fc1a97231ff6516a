/**
 * Which candles a tick of a `<s>@kline_<i>` stream sends (binance/activity-streams.ts `klinesDue`).
 * The case that failed in CI: a trade stamped just before a minute ended, the stream's tick just
 * after; the candle it touched must still go out (closed), not be skipped for the new minute.
 */
import test from 'ava'
import {klinesDue} from '../../../src/node/binance/activity-streams.js'

const MINUTE = 60_000
const t0 = 1_795_825_920_000 // a minute's start
const t1 = t0 + MINUTE

test('a trade in the minute that just ended, read after it: its candle goes out closed', (t) => {
  t.deepEqual(klinesDue(undefined, [t0], t1 + 463, MINUTE), [{openMs: t0, closed: true}])
})

test('a candle still trading goes out open, as often as it trades', (t) => {
  t.deepEqual(klinesDue(undefined, [t1], t1 + 10, MINUTE), [{openMs: t1, closed: false}])
  t.deepEqual(klinesDue(t1, [t1], t1 + 1010, MINUTE), [{openMs: t1, closed: false}])
})

test('the candle last sent open goes out once more, closed, after it ends: with or without a new trade', (t) => {
  t.deepEqual(klinesDue(t0, [], t1, MINUTE), [{openMs: t0, closed: true}])
  t.deepEqual(klinesDue(t0, [t1], t1 + 5, MINUTE), [
    {openMs: t0, closed: true},
    {openMs: t1, closed: false},
  ])
  t.deepEqual(klinesDue(t0, [t0, t1], t1 + 5, MINUTE), [
    {openMs: t0, closed: true},
    {openMs: t1, closed: false},
  ])
})

test('nothing touched and nothing open that ended: nothing to send', (t) => {
  t.deepEqual(klinesDue(undefined, [], t1, MINUTE), [])
  t.deepEqual(klinesDue(t1, [], t1 + MINUTE - 1, MINUTE), [])
})

test('a trade stamped ahead of this clock (another machine): sent open, not closed', (t) => {
  t.deepEqual(klinesDue(undefined, [t1], t1 - 20, MINUTE), [{openMs: t1, closed: false}])
})
