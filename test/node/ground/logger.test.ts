/** Log format (pretty on a terminal, JSON otherwise) and the writer's commit meter. */
import test from 'ava'
import {isPretty} from '../../../src/node/ground/logger.js'
import {RateMeter} from '../../../src/node/store/rate-meter.js'

test('auto log format: pretty on a terminal, JSON otherwise; explicit formats win', (t) => {
  t.true(isPretty('auto', {isTTY: true}))
  t.false(isPretty('auto', {isTTY: false}))
  t.false(isPretty('auto', {}))
  t.true(isPretty('pretty', {isTTY: false}))
  t.false(isPretty('json', {isTTY: true}))
})

test('commits per second: counted over the last 10 whole seconds, older ones forgotten', (t) => {
  let now = 1_000_000
  const meter = new RateMeter(10, () => now)
  for (let i = 0; i < 25; i++) meter.mark()
  now += 3000
  for (let i = 0; i < 5; i++) meter.mark()
  t.is(meter.perSecond(), '3.0')
  now += 8000
  t.is(meter.perSecond(), '0.5')
  now += 20_000
  t.is(meter.perSecond(), '0.0')
})
