/**
 * The primary's lease on a real nats-server (docs/cluster.md "The lease"): one holder at a time,
 * epochs that only grow, a renewal that keeps a standby from taking it, a holder that stops counting
 * itself valid before any standby may take it, a deposed holder that knows it, and NATS going away
 * leaving the holder to its clock.
 */
import type {KV} from '@nats-io/kv'
import {setTimeout as sleep} from 'node:timers/promises'
import {createBucket} from '../../../src/node/cluster/buckets.js'
import type {ClusterConnection} from '../../../src/node/cluster/connection.js'
import {LeaseWatch, takeLease} from '../../../src/node/cluster/sequencer/lease.js'
import {BUCKETS} from '../../../src/node/cluster/subjects.js'
import {connectTo} from '../../helpers/cluster.js'
import {startNatsServer, type NatsServer} from '../../helpers/nats.js'
import {daemonTest} from '../../helpers/system-daemon.js'
import {waitFor} from '../../helpers/wait.js'

type Context = {nats: NatsServer; connection: ClusterConnection}
const test = daemonTest<Context>('nats-server', 'nats-server')

test.before(async (t) => {
  const nats = await startNatsServer()
  t.context = {nats, connection: await connectTo(nats, 'lease-test')}
})

test.after.always(async (t) => {
  await t.context.connection?.close()
  await t.context.nats?.close()
})

let buckets = 0
/** A fresh bucket per test (the lease key is the same in each). */
async function bucket(t: {context: Context}): Promise<KV> {
  return createBucket(t.context.connection.nc, `${BUCKETS.sequencers}_${++buckets}` as typeof BUCKETS.sequencers, {})
}

test.serial('the first sequencer creates the lease at epoch 1; a second finds it taken', async (t) => {
  const kv = await bucket(t)
  const first = await takeLease(kv, 'seq-a', undefined, 1000)
  t.like(first?.value, {holder: 'seq-a', epoch: 1})
  t.true(first!.valid())
  t.is(await takeLease(kv, 'seq-b', undefined, 1000), undefined)
})

test.serial(
  'a renewing holder keeps its lease: a standby never sees it expire, and a taker with a stale revision loses',
  async (t) => {
    const kv = await bucket(t)
    const ttl = 600
    const holder = (await takeLease(kv, 'seq-a', undefined, ttl))!
    const watch = await LeaseWatch.start(kv, ttl)
    const seen = watch.current
    holder.start()
    for (let i = 0; i < 8; i++) {
      await sleep(100)
      t.false(watch.expired(), `expired after ${(i + 1) * 100} ms of renewals`)
      t.true(holder.valid())
    }
    t.true(watch.current!.revision > seen!.revision, 'the watch saw the renewals')
    t.is(await takeLease(kv, 'seq-b', seen, ttl), undefined, 'the revision it read has moved')
    holder.stop()
    watch.stop()
  },
)

test.serial(
  'a holder that stops renewing counts itself invalid before the standby sees the lease expire; the standby takes epoch 2 and the old holder is deposed',
  async (t) => {
    const kv = await bucket(t)
    const ttl = 800
    const holder = (await takeLease(kv, 'seq-a', undefined, ttl))!
    const watch = await LeaseWatch.start(kv, ttl)
    t.true(await holder.renew())
    // No more renewals from here (a paused or dead primary).
    let invalidAt: number | undefined
    let expiredAt: number | undefined
    const started = performance.now()
    while (expiredAt === undefined && performance.now() - started < 5000) {
      if (invalidAt === undefined && !holder.valid()) invalidAt = performance.now()
      if (watch.expired()) expiredAt = performance.now()
      await sleep(5)
    }
    t.truthy(invalidAt)
    t.truthy(expiredAt)
    t.true(
      invalidAt! < expiredAt!,
      `the holder stopped at ${invalidAt! - started} ms, the standby may take at ${expiredAt! - started} ms`,
    )
    t.true(expiredAt! - invalidAt! >= 100, 'with a margin')
    const taken = await takeLease(kv, 'seq-b', watch.current, ttl)
    t.like(taken?.value, {holder: 'seq-b', epoch: 2})
    t.true(await waitFor(() => watch.current?.value.epoch === 2, 2000))
    t.false(await holder.renew(), 'the old holder’s renewal is refused')
    t.true(holder.isDeposed)
    t.false(holder.valid())
    watch.stop()
  },
)

test.serial('two standbys taking at once: exactly one wins', async (t) => {
  const kv = await bucket(t)
  await takeLease(kv, 'seq-a', undefined, 500)
  const watch = await LeaseWatch.start(kv, 500)
  const seen = watch.current
  const results = await Promise.all([takeLease(kv, 'seq-b', seen, 500), takeLease(kv, 'seq-c', seen, 500)])
  t.is(results.filter(Boolean).length, 1)
  t.is(results.find(Boolean)!.epoch, 2)
  watch.stop()
})

test.serial('NATS away: renewals fail without deposing the holder, which stops counting itself valid by its clock', async (t) => {
  const {nats} = t.context
  const kv = await bucket(t)
  const ttl = 1000
  const holder = (await takeLease(kv, 'seq-a', undefined, ttl))!
  await nats.kill()
  try {
    t.false(await holder.renew())
    t.false(holder.isDeposed)
    t.true(await waitFor(() => !holder.valid(), 2000))
  } finally {
    await nats.restart()
  }
})
