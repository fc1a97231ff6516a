import test from 'ava'
import {REPLAY_MEMORY_MS, ReplayGuard} from '../../../src/node/apikeys/replay-guard.js'

const T = 1_800_000_000_000

test('a signature is accepted once per key for the largest window, then forgotten', (t) => {
  const guard = new ReplayGuard()
  t.true(guard.accept('key-a', 'sig', T, T))
  t.false(guard.accept('key-a', 'sig', T, T + 10))
  t.true(guard.accept('key-b', 'sig', T, T + 10), 'another key')
  // 60 s later a request claiming X-Recv-Window: 60000 would still be inside its window.
  t.false(guard.accept('key-a', 'sig', T, T + 60_000))
  // Once no window can admit the timestamp any more, the entry is gone.
  t.true(guard.accept('key-c', 'other', T + REPLAY_MEMORY_MS + 1000, T + REPLAY_MEMORY_MS + 1000))
  t.is(guard.size, 1)
})

test('a timestamp ahead of the clock is kept until its own window closes', (t) => {
  const guard = new ReplayGuard()
  t.true(guard.accept('key', 'ahead', T + 1000, T))
  t.false(guard.accept('key', 'ahead', T + 1000, T + 61_000))
})

test('memory stays bounded by the span: old seconds are swept as time passes', (t) => {
  const guard = new ReplayGuard()
  for (let second = 0; second < 300; second++) {
    for (let i = 0; i < 10; i++) guard.accept('key', `${second}-${i}`, T + second * 1000, T + second * 1000)
  }
  t.true(guard.size <= 10 * (REPLAY_MEMORY_MS / 1000 + 2), `${guard.size} entries`)
})
