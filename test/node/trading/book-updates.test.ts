/**
 * The books' update ids and level changes (trading/book-updates.ts, docs/binance-compat.md "Market streams"): a client that
 * takes a snapshot with its update id and applies the committed events' depth updates after it holds
 * the exact book — also when a batch that was in the snapshot failed and never committed.
 */
import test from 'ava'
import type {LevelView} from '../../../src/node/engine/types.js'
import type {CommittedEvents, DepthUpdate} from '../../../src/node/trading/trading.js'
import {freshPair, trader} from '../../helpers/market.js'
import {startTestNode, type TestNode} from '../../helpers/node.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const flushed = () => new Promise((resolve) => setImmediate(resolve))

/** A client's copy of one book: a snapshot, then the updates after it, checked to chain. */
class LocalBook {
  readonly bids = new Map<number, number>()
  readonly asks = new Map<number, number>()
  updateId: number
  applied = 0

  constructor(snapshot: {updateId: number; bids: LevelView[]; asks: LevelView[]}) {
    this.updateId = snapshot.updateId
    for (const [price, qty] of snapshot.bids) this.bids.set(price, qty)
    for (const [price, qty] of snapshot.asks) this.asks.set(price, qty)
  }

  apply(update: DepthUpdate): void {
    if (update.lastUpdateId <= this.updateId) return
    if (update.firstUpdateId > this.updateId + 1)
      throw new Error(`gap: at ${this.updateId}, next starts at ${update.firstUpdateId}`)
    for (const [side, levels] of [
      [this.bids, update.bids],
      [this.asks, update.asks],
    ] as const) {
      for (const [price, qty] of levels) {
        if (qty === 0) side.delete(price)
        else side.set(price, qty)
      }
    }
    this.updateId = update.lastUpdateId
    this.applied++
  }

  levels(): {bids: LevelView[]; asks: LevelView[]} {
    return {
      bids: [...this.bids].sort((a, b) => b[0] - a[0]),
      asks: [...this.asks].sort((a, b) => a[0] - b[0]),
    }
  }
}

/** Collects the depth updates of one ticker, in the order published. */
function collect(symbol: string): {updates: DepthUpdate[]; stop(): void} {
  const updates: DepthUpdate[] = []
  const listener = (events: CommittedEvents) => updates.push(...events.depth.filter((update) => update.symbol === symbol))
  node.services.trading.events.on('committed', listener)
  return {updates, stop: () => node.services.trading.events.off('committed', listener)}
}

test('updates chain onto a snapshot taken mid-burst: the client ends with the exact book', async (t) => {
  const {trading} = node.services
  const symbol = freshPair(node, 'BU')
  const base = symbol.split('-')[0]!
  const makers = await Promise.all([0, 1, 2].map(() => trader(node, {[base]: '1000', USDT: '1000000'})))
  const collected = collect(symbol)
  const placed: Promise<unknown>[] = []
  let snapshot: ReturnType<typeof trading.depth> | undefined
  for (let i = 0; i < 300; i++) {
    const maker = makers[i % makers.length]!
    const side = i % 3 === 0 ? 'sell' : 'buy'
    // Prices around 100 so that buys and sells cross often; some IOCs and market orders.
    const price = (95 + ((i * 7) % 11)).toFixed(2)
    const type = i % 17 === 0 ? 'market' : 'limit'
    const order = {ticker: symbol, side, type, price: type === 'limit' ? price : undefined, qty: '0.5'} as const
    placed.push(trading.place(maker.id, {...order, timeInForce: i % 13 === 0 ? 'IOC' : undefined}).catch(() => undefined))
    if (i % 25 === 24) await flushed()
    if (i === 150) snapshot = trading.depth(symbol, 10_000)
  }
  await Promise.all(placed)
  // Cancels change levels too.
  for (const maker of makers) await trading.cancelAll(maker.id, symbol)
  await trader(node, {}) // one more turn of the event loop: every batch answered has published
  collected.stop()
  const local = new LocalBook(snapshot!)
  for (const update of collected.updates) local.apply(update)
  t.true(local.applied > 0)
  const {updateId, bids, asks} = trading.depth(symbol, 10_000)
  t.is(local.updateId, updateId)
  t.deepEqual(local.levels(), {bids, asks})
  // Published in order, each starting right after the one before.
  for (let i = 1; i < collected.updates.length; i++) {
    t.is(collected.updates[i]!.firstUpdateId, collected.updates[i - 1]!.lastUpdateId + 1)
  }
})

test.serial('a snapshot that held a batch which then failed on disk is put right by the repair update', async (t) => {
  const {db, trading} = node.services
  const symbol = freshPair(node, 'BR')
  const base = symbol.split('-')[0]!
  db.exec(`CREATE TRIGGER test_depth_boom BEFORE INSERT ON orders WHEN NEW.client_order_id = 'depth-boom'
           BEGIN SELECT RAISE(ABORT, 'injected failure'); END`)
  try {
    const maker = await trader(node, {[base]: '10'})
    const buyer = await trader(node, {USDT: '100000'})
    await trading.place(maker.id, {ticker: symbol, side: 'sell', type: 'limit', price: '101', qty: '2'})
    const collected = collect(symbol)
    const boom = trading.place(buyer.id, {
      ticker: symbol,
      side: 'buy',
      type: 'limit',
      price: '99',
      qty: '1',
      clientOrderId: 'depth-boom',
    })
    await flushed()
    // The failing batch has run (its bid rests in memory) but is not on disk: the snapshot holds it.
    const snapshot = trading.depth(symbol, 100)
    t.deepEqual(snapshot.bids, [[9900, 1000]])
    await t.throwsAsync(boom)
    await trading.place(buyer.id, {ticker: symbol, side: 'buy', type: 'limit', price: '100', qty: '1'})
    collected.stop()
    const local = new LocalBook(snapshot)
    for (const update of collected.updates) local.apply(update)
    const now = trading.depth(symbol, 100)
    t.deepEqual(now.bids, [[10000, 1000]], 'the failed bid is gone')
    t.is(local.updateId, now.updateId)
    t.deepEqual(local.levels(), {bids: now.bids, asks: now.asks})
  } finally {
    db.exec('DROP TRIGGER test_depth_boom')
  }
})
