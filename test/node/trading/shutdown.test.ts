import test from 'ava'
import {ExchangeError} from '../../../src/node/ground/errors.js'
import {trader} from '../../helpers/market.js'
import {startTestNode} from '../../helpers/node.js'

test('orders that arrive while the node stops are refused as unavailable, never half-done; every acknowledged one is there after a restart', async (t) => {
  const node = await startTestNode()
  const alice = await trader(node, {USDT: '1000000'})
  const placed: string[] = []
  const refusals: unknown[] = []
  const settled: Promise<void>[] = []
  const placeOne = (i: number) =>
    settled.push(
      node.services.trading
        .place(alice.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '100', qty: '0.02', clientOrderId: `s${i}`})
        .then(
          (result) => void placed.push(result.order.id),
          (error: unknown) => void refusals.push(error),
        ),
    )
  for (let i = 0; i < 200; i++) placeOne(i)
  let stopped = false
  const stopping = node.stop().then(() => (stopped = true))
  // Orders keep coming, one batch per loop turn, until the node has stopped.
  for (let i = 200; !stopped; i++) {
    placeOne(i)
    await new Promise((resolve) => setImmediate(resolve))
  }
  await stopping
  await Promise.all(settled)
  t.log(`${placed.length} acknowledged, ${refusals.length} refused`)
  t.true(placed.length >= 200, `the orders placed before stop() are committed (${placed.length})`)
  t.true(refusals.length > 0, 'some orders arrived after the writer stopped')
  for (const error of refusals) {
    t.true(error instanceof ExchangeError && error.code === 'unavailable', `refused as unavailable: ${String(error)}`)
  }
  const again = await startTestNode({dataDir: node.dataDir})
  try {
    // Every order, however many were acknowledged while the listeners closed (a loaded machine can take seconds).
    const limit = placed.length + refusals.length
    const stored = new Set(again.services.trading.store.list({accountId: alice.id, limit, offset: 0}).orders.map((o) => o.id))
    t.is(placed.filter((id) => !stored.has(id)).length, 0, 'every acknowledged order is in the store')
    t.is(stored.size, placed.length, 'no refused order left a row')
    t.is(again.services.ledger.verify().ok, true)
  } finally {
    await again.close()
  }
})
