import test from 'ava'
import fc from 'fast-check'
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

test('a hundred thousand signatures within the span: each accepted once, every one refused again while the table grows', (t) => {
  const guard = new ReplayGuard()
  const signature = (i: number) => i.toString(16).padStart(64, '0')
  for (let i = 0; i < 100_000; i++) t.true(guard.accept('key', signature(i), T, T), `first ${i}`)
  t.is(guard.size, 100_000)
  let refused = 0
  for (let i = 0; i < 100_000; i++) if (!guard.accept('key', signature(i), T, T + 30_000)) refused++
  t.is(refused, 100_000)
  t.true(guard.accept('other-key', signature(1), T, T + 30_000), 'the same signature under another key is another request')
})

test('after a burst has expired, the entries accepted since are still refused and an expired signature is new again', (t) => {
  const guard = new ReplayGuard()
  for (let i = 0; i < 50_000; i++) guard.accept('key', `burst-${i}`, T, T)
  const later = T + REPLAY_MEMORY_MS + 2000
  for (let second = 0; second < 5; second++) {
    const now = later + second * 1000
    for (let i = 0; i < 10; i++) t.true(guard.accept('key', `calm-${second}-${i}`, now, now))
  }
  t.is(guard.size, 50)
  for (let second = 0; second < 5; second++) {
    for (let i = 0; i < 10; i++) t.false(guard.accept('key', `calm-${second}-${i}`, later, later + 5000))
  }
  // An expired signature is a new request again, once.
  t.true(guard.accept('key', 'burst-7', later + 5000, later + 5000))
  t.false(guard.accept('key', 'burst-7', later + 5000, later + 5001))
})

test('the same answers as a Set of `keyId signature` strings, over random requests and clocks', (t) => {
  /** The guard as it was: exact strings, filed by the second they expire in. */
  class Reference {
    private readonly seen = new Map<string, number>()
    accept(keyId: string, signature: string, timestamp: number, now: number): boolean {
      const second = Math.floor(now / 1000)
      for (const [entry, expiry] of this.seen) if (expiry <= second) this.seen.delete(entry)
      const entry = `${keyId} ${signature}`
      if (this.seen.has(entry)) return false
      this.seen.set(entry, Math.ceil((timestamp + REPLAY_MEMORY_MS) / 1000))
      return true
    }
    get size(): number {
      return this.seen.size
    }
  }
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          key: fc.constantFrom('key-a', 'key-b', 'key-c'),
          signature: fc.integer({min: 0, max: 40}).map((n) => `sig-${n}`),
          advanceMs: fc.integer({min: 0, max: 9000}),
          skewMs: fc.integer({min: -60_000, max: 1000}),
        }),
        {maxLength: 300},
      ),
      (requests) => {
        const guard = new ReplayGuard()
        const reference = new Reference()
        let now = T
        for (const {key, signature, advanceMs, skewMs} of requests) {
          now += advanceMs
          const expected = reference.accept(key, signature, now + skewMs, now)
          if (guard.accept(key, signature, now + skewMs, now) !== expected) return false
          if (guard.size !== reference.size) return false
        }
        return true
      },
    ),
    {numRuns: 300},
  )
  t.pass()
})
