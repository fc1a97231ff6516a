/**
 * Commands by NATS request/reply (cluster/sequencer/command-server.ts, command-client.ts) against a real
 * nats-server and a real node's services over a temp store: the answer comes after the commit (the
 * order is already on disk when an edge hears of it), refusals cross as the same ExchangeError class
 * and code, only the allow-list is reachable, and a signed request's signature is accepted once
 * across edges. Without a sequencer an edge hears `unavailable` (503, Retry-After) within a second.
 */
import http from 'node:http'
import type {AddressInfo} from 'node:net'
import path from 'node:path'
import Database from 'better-sqlite3'
import {daemonTest} from '../../helpers/system-daemon.js'
import {startNatsServer, type NatsServer} from '../../helpers/nats.js'
import {startTestNode, uniqueEmail, type TestNode} from '../../helpers/node.js'
import {connectTo, memoryLogger} from '../../helpers/cluster.js'
import {waitFor} from '../../helpers/wait.js'
import {CommandServer} from '../../../src/node/cluster/sequencer/command-server.js'
import {CommandClient} from '../../../src/node/cluster/edge/command-client.js'
import {EDGE_COMMANDS, PLAIN_ANSWERS, type EdgeCallable} from '../../../src/node/cluster/commands.js'
import {referenceLookups} from '../../../src/node/cluster/sequencer/reference-data.js'
import {encode, decode, type Reply} from '../../../src/node/cluster/codec.js'
import type {ClusterConnection} from '../../../src/node/cluster/connection.js'
import {ExchangeError, RetryLater, Unavailable} from '../../../src/node/ground/errors.js'

type Context = {
  nats: NatsServer
  node: TestNode
  server: CommandServer
  sequencer: ClusterConnection
  edges: [ClusterConnection, ClusterConnection]
  clients: [CommandClient, CommandClient]
  /** The bodies the sequencer's SMS provider (an HTTP server of the test) received. */
  sms: {received: string[]; server: http.Server}
}
const test = daemonTest<Context>('nats-server', 'nats-server')

test.before(async (t) => {
  const nats = await startNatsServer()
  const received: string[] = []
  const smsServer = http.createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      received.push(body)
      response.end('{}')
    })
  })
  await new Promise<void>((resolve) => smsServer.listen(0, '127.0.0.1', resolve))
  const smsUrl = `http://127.0.0.1:${(smsServer.address() as AddressInfo).port}/sms`
  const node = await startTestNode({sms: {url: smsUrl}})
  const sequencer = await connectTo(nats, 'sequencer')
  const server = new CommandServer(sequencer.nc, {
    services: {...node.services, reference: referenceLookups(node.services)},
    allow: EDGE_COMMANDS,
    plainAnswers: PLAIN_ANSWERS,
    replayGuard: node.services.apiKeys,
    logger: memoryLogger().logger,
    report: (source, error) => node.services.systemErrors.report(source, error),
  })
  await server.start()
  const edges = [await connectTo(nats, 'edge-a'), await connectTo(nats, 'edge-b')] as [ClusterConnection, ClusterConnection]
  const clients = edges.map((edge) => new CommandClient(edge, {timeoutMs: 5000})) as [CommandClient, CommandClient]
  t.context = {nats, node, server, sequencer, edges, clients, sms: {received, server: smsServer}}
})

test.after.always(async (t) => {
  const {nats, node, server, sequencer, edges} = t.context
  await server?.stop()
  for (const connection of [sequencer, ...(edges ?? [])]) await connection?.close()
  await node?.close()
  await nats?.close()
  t.context.sms?.server.close()
})

async function funded(node: TestNode, usdt: string) {
  const account = await node.services.accounts.create(uniqueEmail('cluster'), 'password123')
  node.services.operations.topup(
    {balanceAccountId: account.tradingAccountId},
    {asset: 'USDT', amount: usdt, reason: 'test', operator: 'test'},
  )
  return account
}

test('a placed order is on disk when the edge hears the answer', async (t) => {
  const {node, clients} = t.context
  const account = await funded(node, '1000')
  const remote = clients[0].remote<EdgeCallable, typeof EDGE_COMMANDS>(EDGE_COMMANDS)
  const reader = new Database(path.join(node.dataDir, 'exchange.db'), {readonly: true})
  try {
    const placed = await remote.trading.place(account.id, {
      ticker: 'BTC-USDT',
      side: 'buy',
      type: 'limit',
      price: '20000',
      qty: '0.01',
    })
    // Another connection reads the file: what it sees was committed before the answer left the sequencer.
    const row = reader.prepare('SELECT status, held FROM orders WHERE id = ?').get(placed.order.id) as {
      status: string
      held: number
    }
    t.is(row.status, 'open')
    t.is(placed.order.price, '20000')
    // The answer (encoded without the tag walk: PLAIN_ANSWERS) is the order as the node holds it.
    t.deepEqual(placed.order, node.services.trading.orderOf(account.id, placed.order.id))
    t.deepEqual(placed.fills, [])
    const cancelled = await remote.trading.cancel(account.id, {orderId: placed.order.id})
    t.is(cancelled.status, 'cancelled')
    t.is((reader.prepare('SELECT status FROM orders WHERE id = ?').get(placed.order.id) as {status: string}).status, 'cancelled')
  } finally {
    reader.close()
  }
})

test('bigint minor units come back exact (balances.list)', async (t) => {
  const {node, clients} = t.context
  const account = await funded(node, '123456.789012')
  const remote = clients[1].remote<EdgeCallable, typeof EDGE_COMMANDS>(EDGE_COMMANDS)
  const balances = await remote.balances.list(account, account.tradingAccountId)
  const usdt = balances.find((balance) => balance.asset === 'USDT')!
  t.is(usdt.available, 123456789012n)
  t.deepEqual(balances, node.services.balances.list(account, account.tradingAccountId))
})

test('a refusal comes back as the same ExchangeError with the same code', async (t) => {
  const {node, clients} = t.context
  const account = await funded(node, '10')
  const remote = clients[0].remote<EdgeCallable, typeof EDGE_COMMANDS>(EDGE_COMMANDS)
  const poor = await t.throwsAsync(
    remote.trading.place(account.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '20000', qty: '1'}),
  )
  t.true(poor instanceof ExchangeError)
  t.is((poor as ExchangeError).code, 'insufficient_funds')
  const bad = await t.throwsAsync(
    remote.trading.place(account.id, {ticker: 'NOPE-USDT', side: 'buy', type: 'limit', price: '1', qty: '1'}),
  )
  t.is((bad as ExchangeError).code, 'not_found')
})

test('RetryLater comes back with its Retry-After (a sign-up resend inside the cool-down)', async (t) => {
  const {clients} = t.context
  const remote = clients[0].remote<EdgeCallable, typeof EDGE_COMMANDS>(EDGE_COMMANDS)
  const email = uniqueEmail('signup')
  const started = await remote['identity.signUps'].start({email, password: 'a-Str0ng-passphrase!', phone: '+15550001111'})
  t.is(started.signUp.email, email)
  const error = await t.throwsAsync(remote['identity.signUps'].resend({email}))
  t.true(error instanceof RetryLater)
  t.is((error as RetryLater).code, 'rate_limited')
  t.true((error as RetryLater).retryAfterSeconds >= 1 && (error as RetryLater).retryAfterSeconds <= 60)
})

test('only the allow-list is reachable, on its own subject', async (t) => {
  const {clients, edges} = t.context
  for (const [service, method] of [
    ['ledger', 'verify'],
    ['trading', 'recover'],
    ['apiKeys', 'findForSignature'],
    ['trading', 'constructor'],
    ['__proto__', 'toString'],
  ]) {
    const error = await t.throwsAsync(clients[0].call(service!, method!, []))
    t.is((error as ExchangeError).code, 'unimplemented', `${service}.${method}`)
  }
  // A body naming one command on another command's subject is refused (permissions are per subject).
  const raw = await edges[0].nc.request('ex.cmd.apiKeys.list', encode({service: 'trading', method: 'place', args: []}), {
    timeout: 5000,
  })
  const reply = decode<Reply>(raw.data)
  t.false(reply.ok)
  t.is(!reply.ok && reply.error.code, 'invalid_argument')
})

test.serial(
  'commands of one method made in one turn leave as one request, dispatched in order into one trading batch, each answered alone',
  async (t) => {
    const {node, clients, edges} = t.context
    const rich = await funded(node, '100000')
    const poor = await funded(node, '10')
    const remote = clients[0].remote<EdgeCallable, typeof EDGE_COMMANDS>(EDGE_COMMANDS)
    // A plain subscriber sees every request on the subject (the sequencer answers in its queue group).
    const seen: string[] = []
    const spy = edges[1].nc.subscribe('ex.cmd.trading.place', {
      callback: (_error, msg) => {
        seen.push(msg.string())
      },
    })
    await edges[1].nc.flush()
    const batches: number[] = []
    const count = (events: {orders: unknown[]}) => batches.push(events.orders.length)
    node.services.trading.events.on('committed', count)
    try {
      const order = (account: {id: string}, price: string, qty = '0.01') =>
        remote.trading.place(account.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price, qty})
      const outcomes = await Promise.allSettled([
        order(rich, '10001'),
        order(poor, '10002', '1'),
        order(rich, '10003'),
        remote.trading.place(rich.id, {ticker: 'NOPE-USDT', side: 'buy', type: 'limit', price: '1', qty: '1'}),
        order(rich, '10004'),
      ])
      t.deepEqual(
        outcomes.map((outcome) =>
          outcome.status === 'fulfilled' ? `ok ${outcome.value.order.price}` : (outcome.reason as ExchangeError).code,
        ),
        ['ok 10001', 'insufficient_funds', 'ok 10003', 'not_found', 'ok 10004'],
      )
      const seqs = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.order.seq] : []))
      t.deepEqual(
        seqs,
        [...seqs].sort((a, b) => a - b),
        'placed in the order they were asked',
      )
      t.true(await waitFor(() => seen.length >= 1, 2000))
      await edges[1].nc.flush()
      t.is(seen.length, 1, 'one request for the five commands')
      const sent = JSON.parse(seen[0]!) as {commands: unknown[][]}
      t.is(sent.commands.length, 5)
      t.deepEqual(sent.commands[0], [[rich.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '10001', qty: '0.01'}]])
      t.deepEqual(batches, [3], 'one trading batch with the three placed orders')
      // A lone command is sent as itself.
      await order(rich, '10005')
      t.true(await waitFor(() => seen.length === 2, 2000))
      t.like(JSON.parse(seen[1]!) as object, {service: 'trading', method: 'place'})
      for (const outcome of outcomes)
        if (outcome.status === 'fulfilled') await remote.trading.cancel(rich.id, {orderId: outcome.value.order.id})
    } finally {
      spy.unsubscribe()
      node.services.trading.events.off('committed', count)
    }
  },
)

test.serial('300 orders of one turn leave as batches of at most 128; reads are never batched', async (t) => {
  const {node, clients, edges} = t.context
  const account = await funded(node, '1000000')
  const remote = clients[0].remote<EdgeCallable, typeof EDGE_COMMANDS>(EDGE_COMMANDS)
  const sizes: number[] = []
  const spy = edges[1].nc.subscribe('ex.cmd.>', {
    callback: (_error, msg) => {
      const body = JSON.parse(msg.string()) as {commands?: unknown[]}
      sizes.push(body.commands?.length ?? 1)
    },
  })
  await edges[1].nc.flush()
  try {
    const placed = await Promise.all(
      Array.from({length: 300}, (_, i) =>
        remote.trading.place(account.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: String(1000 + i), qty: '0.001'}),
      ),
    )
    t.is(placed.length, 300)
    t.is(new Set(placed.map((each) => each.order.id)).size, 300)
    await Promise.all([1, 2, 3].map(() => remote.balances.list(account, account.tradingAccountId)))
    await edges[1].nc.flush()
    t.true(await waitFor(() => sizes.length >= 6, 2000))
    t.deepEqual(sizes, [128, 128, 44, 1, 1, 1])
    await remote.trading.cancelAll(account.id, 'BTC-USDT')
  } finally {
    spy.unsubscribe()
  }
})

test.serial('a command whose arguments cannot be encoded fails alone; the others of its turn are answered', async (t) => {
  const {node, clients} = t.context
  const account = await funded(node, '1000')
  const remote = clients[0].remote<EdgeCallable, typeof EDGE_COMMANDS>(EDGE_COMMANDS)
  const circular: Record<string, unknown> = {ticker: 'BTC-USDT'}
  circular['self'] = circular
  const [good, bad] = await Promise.allSettled([
    remote.trading.place(account.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '900', qty: '0.01'}),
    remote.trading.place(account.id, circular as never),
  ])
  t.is(good.status, 'fulfilled', good.status === 'rejected' ? String(good.reason) : '')
  t.is(bad.status, 'rejected')
  if (good.status === 'fulfilled') await remote.trading.cancel(account.id, {orderId: good.value.order.id})
})

test('the two forms only: a batch as `{batch: [...]}` (an unreleased earlier form) is one malformed command; an unknown method in a batch is refused in every place, its multi-byte name laid out by bytes', async (t) => {
  const {node, edges} = t.context
  const account = await funded(node, '10')
  const old = await edges[0].nc.request(
    'ex.cmd.balances.list',
    encode({batch: [{service: 'balances', method: 'list', args: [account, account.tradingAccountId]}]}),
    {timeout: 5000},
  )
  const refused = decode<Reply>(old.data)
  t.deepEqual(!refused.ok && refused.error, {code: 'invalid_argument', message: 'a command is {service, method, args: []}'})
  // An answer of more bytes than characters: the batch's bytes are laid out by bytes.
  const raw = await edges[0].nc.request('ex.cmd.balances.lïst→∅', encode({commands: [[[]], [[]]]}), {timeout: 5000})
  const {batch} = decode<{batch: Reply[]}>(raw.data)
  t.is(batch.length, 2)
  for (const reply of batch) {
    t.deepEqual(!reply.ok && reply.error, {code: 'unimplemented', message: 'balances.lïst→∅ is not a command of the sequencer'})
  }
})

test('a batch of commands as its edges send it: each is its arguments and replay proof, refused alone when malformed', async (t) => {
  const {node, edges} = t.context
  const account = await funded(node, '10')
  const key = node.services.apiKeys.create(account.id, ['read'], 'cluster')
  t.truthy(key.apiKey)
  const {id: keyId} = node.services.apiKeys.list(account.id)[0]!
  const proof = [keyId, 'ef'.repeat(32), Date.now()]
  const ask = async (subject: string, commands: unknown[]) =>
    decode<{batch: Reply[]}>((await edges[0].nc.request(subject, encode({commands}), {timeout: 5000})).data).batch
  const listed = node.services.balances.list(account, account.tradingAccountId)
  const batch = await ask('ex.cmd.balances.list', [
    [[account, account.tradingAccountId]],
    [[account, account.tradingAccountId], ...proof],
    // The same proof again: accepted once.
    [[account, account.tradingAccountId], ...proof],
    [[account], keyId],
    'not a command',
    [{not: 'arguments'}],
  ])
  t.deepEqual(
    batch.map((reply) => (reply.ok ? 'ok' : reply.error.code)),
    ['ok', 'ok', 'replayed_request', 'invalid_argument', 'invalid_argument', 'invalid_argument'],
  )
  t.deepEqual(batch[1]!.ok && batch[1]!.value, listed)
  const unknown = await ask('ex.cmd.balances.nope', [[[]]])
  t.deepEqual(!unknown[0]!.ok && unknown[0]!.error, {
    code: 'unimplemented',
    message: 'balances.nope is not a command of the sequencer',
  })
})

test('a signed request is accepted once across edges: the replay to the other edge is refused', async (t) => {
  const {node, clients} = t.context
  const account = await funded(node, '1')
  const key = node.services.apiKeys.create(account.id, ['read'], 'cluster')
  const {id: keyId} = node.services.apiKeys.list(account.id)[0]!
  t.truthy(key.apiKey)
  const replay = {keyId, signature: 'ab'.repeat(32), timestamp: Date.now()}
  const first = await clients[0].call('apiKeys', 'list', [account.id], {replay})
  t.is((first as unknown[]).length, 1)
  const again = await t.throwsAsync(clients[1].call('apiKeys', 'list', [account.id], {replay}))
  t.is((again as ExchangeError).code, 'replayed_request')
  const sameEdge = await t.throwsAsync(clients[0].call('apiKeys', 'list', [account.id], {replay}))
  t.is((sameEdge as ExchangeError).code, 'replayed_request')
  // Another signature of the same key is another request.
  await t.notThrowsAsync(clients[1].call('apiKeys', 'list', [account.id], {replay: {...replay, signature: 'cd'.repeat(32)}}))
})

test('no sequencer subscribed: unavailable with Retry-After within a second', async (t) => {
  const {edges} = t.context
  const lonely = new CommandClient(edges[0], {prefix: 'ex.nobody'})
  const started = Date.now()
  const error = await t.throwsAsync(lonely.call('trading', 'place', []))
  t.true(Date.now() - started < 1000, `took ${Date.now() - started} ms`)
  t.true(error instanceof Unavailable)
  t.is((error as Unavailable).code, 'unavailable')
  t.is((error as Unavailable).retryAfterSeconds, 1)
})

test('an answer that does not come in time is unavailable, saying the command may have been done', async (t) => {
  const {sequencer, edges} = t.context
  const silent = sequencer.nc.subscribe('ex.silent.>', {callback: () => undefined})
  await sequencer.nc.flush()
  try {
    const client = new CommandClient(edges[1], {prefix: 'ex.silent', timeoutMs: 200})
    const error = await t.throwsAsync(client.call('trading', 'place', []))
    t.true(error instanceof Unavailable)
    t.regex((error as Error).message, /may have been done/)
  } finally {
    silent.unsubscribe()
  }
})

test.serial('a stopped sequencer answers no more: unavailable at once; started again, it answers', async (t) => {
  const {node, server, clients} = t.context
  const account = await funded(node, '1')
  await server.stop()
  const started = Date.now()
  const error = await t.throwsAsync(clients[0].call('apiKeys', 'list', [account.id]))
  t.true(Date.now() - started < 1000)
  t.is((error as ExchangeError).code, 'unavailable')
  await server.start()
  t.deepEqual(await clients[0].call('apiKeys', 'list', [account.id]), [])
})

test.serial('while NATS is away an edge answers unavailable at once; after its restart commands flow again', async (t) => {
  const {nats, node, edges, clients} = t.context
  const account = await funded(node, '1')
  await nats.kill()
  t.true(await waitFor(() => !edges[0].connected, 5000), 'the edge notices the server is gone')
  const started = Date.now()
  const error = await t.throwsAsync(clients[0].call('apiKeys', 'list', [account.id]))
  t.true(Date.now() - started < 1000)
  t.true(error instanceof Unavailable)
  await nats.restart()
  // Both edges: the concurrent tests after this one use edges[1].
  t.true(await waitFor(() => edges.every((edge) => edge.connected) && t.context.sequencer.connected, 10_000), 'all reconnect')
  // The sequencer's queue subscription is renewed by the client on reconnect.
  t.true(
    await waitFor(async () => {
      try {
        await clients[0].call('apiKeys', 'list', [account.id])
        return true
      } catch {
        return false
      }
    }, 10_000),
  )
})

test("an edge's message is sent by the sequencer, through the sequencer's SMS provider, and recorded sent", async (t) => {
  const {node, clients, sms} = t.context
  const remote = clients[0].remote<EdgeCallable, typeof EDGE_COMMANDS>(EDGE_COMMANDS)
  const to = `+1555${Date.now() % 10_000_000}`
  const record = await remote.notifier.send('sms', to, 'code', 'your code is 424242')
  t.is(record.status, 'sent')
  t.true(sms.received.some((body) => body.includes(to) && body.includes('424242')))
  t.like(node.services.outbox.list({channel: 'sms', to, limit: 5})[0], {status: 'sent'})
})
