/**
 * Events (cluster/sequencer/event-log.ts, event-publisher.ts, event-feed.ts) with a real sequencer node over a
 * temp store and a real nats-server: every committed trading change is in the event log (the same
 * transaction) and in the stream, in commit order; an edge's feed delivers each once, in order, and
 * resumes where it was after its own reconnect and after nats-server is SIGKILLed and restarted; a
 * sequencer restarted with events the stream lacks publishes exactly those, never one twice.
 */
import path from 'node:path'
import Database from 'better-sqlite3'
import {daemonTest} from '../../helpers/system-daemon.js'
import {startNatsServer, type NatsServer} from '../../helpers/nats.js'
import {startTestNode, uniqueEmail, type TestNode} from '../../helpers/node.js'
import {connectTo, memoryLogger} from '../../helpers/cluster.js'
import {waitFor} from '../../helpers/wait.js'
import {EventFeed, type FeedEvent} from '../../../src/node/cluster/edge/event-feed.js'
import {EventPublisher} from '../../../src/node/cluster/sequencer/event-publisher.js'
import type {ClusterConnection} from '../../../src/node/cluster/connection.js'
import type {Account} from '../../../src/node/accounts/accounts.js'

/** `nodes`: every node started, the first one being `node` (a test's own context is a copy: it pushes, never assigns). */
type Context = {nats: NatsServer; node: TestNode; nodes: TestNode[]; edge: ClusterConnection}
const test = daemonTest<Context>('nats-server', 'nats-server')

const startSequencer = (nats: NatsServer, dataDir?: string) =>
  startTestNode({role: 'sequencer', nats: {servers: [nats.url]}, ...(dataDir && {dataDir})})

test.before(async (t) => {
  const nats = await startNatsServer()
  const node = await startSequencer(nats)
  t.context = {nats, node, nodes: [node], edge: await connectTo(nats, 'edge')}
})

test.after.always(async (t) => {
  await t.context.edge?.close()
  for (const node of t.context.nodes ?? []) await node.stop()
  await t.context.node?.close()
  await t.context.nats?.close()
})

/** A feed collecting every event from `from` on. */
function collect(edge: ClusterConnection, from: ConstructorParameters<typeof EventFeed>[1]['from'] = 'first') {
  const events: FeedEvent[] = []
  const feed = new EventFeed(edge.nc, {logger: memoryLogger().logger, from, expiresMs: 1000})
  feed.start((event) => {
    events.push(event)
  })
  return {feed, events}
}

/** The sequences in the store's event log, in order. */
function logged(node: TestNode): number[] {
  const db = new Database(path.join(node.dataDir, 'exchange.db'), {readonly: true})
  try {
    return (db.prepare('SELECT seq FROM cluster_events ORDER BY seq').all() as {seq: number}[]).map((row) => row.seq)
  } finally {
    db.close()
  }
}

async function traders(node: TestNode): Promise<{seller: Account; buyer: Account}> {
  const make = async (asset: string, amount: string) => {
    const account = await node.services.accounts.create(uniqueEmail('ev'), 'password123')
    node.services.operations.topup(
      {balanceAccountId: account.tradingAccountId},
      {asset, amount, reason: 'test', operator: 'test'},
    )
    return account
  }
  return {seller: await make('BTC', '100'), buyer: await make('USDT', '10000000')}
}

/** One trade: a resting sell and a buy that takes it (orders, a trade and a book change). */
async function trade(node: TestNode, {seller, buyer}: {seller: Account; buyer: Account}, price = '30000') {
  await node.services.trading.place(seller.id, {ticker: 'BTC-USDT', side: 'sell', type: 'limit', price, qty: '0.01'})
  await node.services.trading.place(buyer.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price, qty: '0.01'})
}

/** The log sequences of the messages the events came in (a trading batch's events of one subject share one). */
const seqs = (events: FeedEvent[]) => [...new Set(events.map((event) => event.seq))]
/** Whether the messages' stream sequences follow on, without a gap. */
const gapless = (events: FeedEvent[]) =>
  [...new Set(events.map((event) => event.streamSeq))].every((seq, i, all) => i === 0 || seq === all[i - 1]! + 1)

test.serial(
  'a trade reaches the stream in commit order, one message per subject of a batch: the orders and fill on their accounts, the trade and the book on the ticker',
  async (t) => {
    const {node, edge} = t.context
    const pair = await traders(node)
    const collected = collect(edge, 'first')
    await trade(node, pair)
    // (The top-ups before are the ledger's `posted` events.)
    const tradingOnly = () => collected.events.filter((event) => event.event.type !== 'posted')
    t.true(await waitFor(() => tradingOnly().length === 7, 10_000), `got ${tradingOnly().length} events`)
    await collected.feed.stop()
    t.deepEqual(
      collected.events.slice(0, 2).map((event) => event.event.type),
      ['posted', 'posted'],
      'each top-up is a posted event',
    )
    const events = tradingOnly()
    const kinds = events.map((event) => `${event.event.type}@${event.subject.split('.').slice(0, 3).join('.')}`)
    // The sell rests (its order, the book), the buy takes it (both orders, the trade, its fill, the book):
    // one message per subject of each batch — the taker's order and fill, the maker's order, the trade
    // and the book — each event numbered with its place in its batch.
    t.deepEqual(kinds, [
      'order@ex.ev.a',
      'book@ex.ev.t',
      'order@ex.ev.a',
      'fill@ex.ev.a',
      'order@ex.ev.a',
      'trade@ex.ev.t',
      'book@ex.ev.t',
    ])
    t.is(new Set(events.slice(0, 2).map((event) => event.seq)).size, 2, 'the sell: two messages')
    t.is(new Set(events.slice(2).map((event) => event.seq)).size, 3, 'the buy: three messages')
    const inBatch = (event: FeedEvent) => ('at' in event.event ? (event.event.at ?? -1) : -1)
    t.deepEqual(
      events
        .slice(2)
        .sort((x, y) => inBatch(x) - inBatch(y))
        .map((event) => event.event.type),
      ['order', 'order', 'trade', 'fill', 'book'],
      "the buy's events in the batch's order",
    )
    t.deepEqual(
      events.map((event) => 'end' in event.event && event.event.end !== undefined),
      [false, true, false, false, false, false, true],
      'the last event of each batch ends it',
    )
    const book = events.at(-1)!.event
    t.true(book.type === 'book' && book.asks.length === 1 && book.asks[0]![1] === 0, 'the level taken is gone')
    const traded = events.find((event) => event.event.type === 'trade')!
    t.is(traded.subject, 'ex.ev.t.BTC-USDT')
    t.true(traded.event.type === 'trade' && traded.event.trade.price === '30000' && traded.event.trade.qty === '0.01')
    const order = events.find((event) => event.event.type === 'order' && event.event.accountId === pair.buyer.id)!
    t.is(order.subject, `ex.ev.a.${pair.buyer.id}`)
    t.true(order.event.type === 'order' && order.event.order.status === 'filled')
    t.deepEqual(seqs(collected.events), logged(node), 'the stream carries the log, in its order')
    t.true(gapless(events))
  },
)

test.serial('a feed that stops and resumes after its last stream sequence misses nothing and repeats nothing', async (t) => {
  const {node, edge} = t.context
  const pair = await traders(node)
  await trade(node, pair)
  const first = collect(edge, 'first')
  t.true(await waitFor(() => first.events.length > 0 && first.events.at(-1)!.seq === logged(node).at(-1), 10_000))
  await first.feed.stop()
  const position = first.feed.position
  for (let i = 0; i < 5; i++) await trade(node, pair, String(30000 + i))
  const second = collect(edge, {afterStreamSeq: position.streamSeq})
  t.true(await waitFor(() => second.events.at(-1)?.seq === logged(node).at(-1), 10_000))
  await second.feed.stop()
  t.deepEqual([...seqs(first.events), ...seqs(second.events)], logged(node))
})

test.serial('nats-server SIGKILLed and restarted under trading: the feed resumes with no gap and no duplicate', async (t) => {
  const {nats, node, edge} = t.context
  const pair = await traders(node)
  const {feed, events} = collect(edge, 'first')
  let trading = true
  const load = (async () => {
    for (let i = 0; trading; i++) {
      await trade(node, pair, String(31000 + (i % 50)))
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  })()
  t.true(await waitFor(() => events.length > 20, 10_000))
  await nats.kill()
  // The sequencer goes on committing while NATS is away: its events wait in the log.
  const during = logged(node).length
  t.true(await waitFor(() => logged(node).length > during + 20, 10_000), 'trading goes on without NATS')
  await nats.restart()
  await new Promise((resolve) => setTimeout(resolve, 500))
  trading = false
  await load
  const last = logged(node).at(-1)!
  t.true(await node.sequencer!.publisher.flushed(20_000), 'the publisher catches up')
  t.true(await waitFor(() => events.at(-1)?.seq === last, 20_000), `feed at ${events.at(-1)?.seq}, log at ${last}`)
  await feed.stop()
  t.deepEqual(seqs(events), logged(node), 'every event of the log, once, in order')
  t.true(gapless(events), 'the stream has no gap')
})

test.serial(
  'ledger posts between trading batches (the publisher takes batches from memory, posts from the table): every event once, in order',
  async (t) => {
    const {node, edge} = t.context
    const pair = await traders(node)
    const placed: Promise<unknown>[] = []
    for (let i = 0; i < 40; i++) {
      const price = String(34000 + (i % 5))
      placed.push(
        node.services.trading.place(pair.seller.id, {ticker: 'BTC-USDT', side: 'sell', type: 'limit', price, qty: '0.01'}),
        node.services.trading.place(pair.buyer.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price, qty: '0.01'}),
      )
      // A post on the main connection waits for the batches in flight, then commits its own event.
      if (i % 3 === 0) {
        node.services.operations.topup(
          {balanceAccountId: pair.buyer.tradingAccountId},
          {asset: 'USDT', amount: '1', reason: 'test', operator: 'test'},
        )
      }
      if (i % 4 === 0) await new Promise((resolve) => setImmediate(resolve))
    }
    await Promise.all(placed)
    t.true(await node.sequencer!.publisher.flushed(10_000))
    const {feed, events} = collect(edge, 'first')
    const last = logged(node).at(-1)
    t.true(await waitFor(() => events.at(-1)?.seq === last, 10_000))
    await feed.stop()
    t.deepEqual(seqs(events), logged(node), 'every event of the log, once, in order')
    t.true(gapless(events), 'the stream has no gap')
  },
)

test.serial('a second publisher on the same log (a zombie sequencer) publishes nothing twice', async (t) => {
  const {node, edge} = t.context
  const zombie = new EventPublisher(edge.nc, node.sequencer!.log, {logger: memoryLogger().logger})
  await zombie.start()
  const pair = await traders(node)
  for (let i = 0; i < 10; i++) await trade(node, pair, String(32000 + i))
  zombie.poke()
  t.true(await node.sequencer!.publisher.flushed(10_000))
  t.true(await zombie.flushed(10_000))
  await zombie.stop()
  const {feed, events} = collect(edge, 'first')
  const last = logged(node).at(-1)
  t.true(await waitFor(() => events.at(-1)?.seq === last, 10_000))
  await feed.stop()
  t.deepEqual(seqs(events), logged(node))
})

test.serial('a sequencer restarted with events the stream lacks publishes exactly those', async (t) => {
  const {nats, node, nodes, edge} = t.context
  const pair = await traders(node)
  await trade(node, pair)
  t.true(await node.sequencer!.publisher.flushed(10_000))
  await nats.kill()
  for (let i = 0; i < 5; i++) await trade(node, pair, String(33000 + i))
  const lacking = logged(node)
  // Stopped while NATS is away: these events are only in the store.
  await node.stop()
  await nats.restart()
  t.true(await waitFor(() => edge.connected, 10_000))
  const restarted = await startSequencer(nats, node.dataDir)
  nodes.push(restarted)
  t.true(await restarted.sequencer!.publisher.flushed(10_000))
  const {feed, events} = collect(edge, 'first')
  t.true(await waitFor(() => events.at(-1)?.seq === lacking.at(-1), 10_000))
  await feed.stop()
  t.deepEqual(seqs(events), lacking, 'each event once, none lost')
  // Restarted once more with nothing lacking: the stream does not grow.
  const streamLast = events.at(-1)!.streamSeq
  await restarted.stop()
  const again = await startSequencer(nats, node.dataDir)
  nodes.push(again)
  t.true(await again.sequencer!.publisher.flushed(10_000))
  const check = collect(edge, {afterStreamSeq: streamLast})
  await new Promise((resolve) => setTimeout(resolve, 1000))
  await check.feed.stop()
  t.deepEqual(check.events, [])
})
