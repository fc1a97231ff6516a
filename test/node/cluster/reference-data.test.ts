/**
 * The reference data edges answer from (cluster/sequencer/reference-data.ts → KV buckets → cluster/edge/replicas.ts),
 * with a real sequencer node and a real nats-server: the one signed-request check and the session
 * check run on an edge over its replicas and follow the sequencer's creates, deletes, status and
 * tier changes and revocations; secrets arrive sealed and are unsealed with the edge's
 * --secrets-file; the wrong secrets file is refused; an edge started before the sequencer waits.
 */
import path from 'node:path'
import {daemonTest} from '../../helpers/system-daemon.js'
import {startNatsServer, type NatsServer} from '../../helpers/nats.js'
import {startTestNode, tempDir, uniqueEmail, type TestNode} from '../../helpers/node.js'
import {connectTo, memoryLogger} from '../../helpers/cluster.js'
import {signature} from '../../helpers/rest.js'
import {waitFor} from '../../helpers/wait.js'
import {startEdgeSide, type EdgeSide} from '../../../src/node/cluster/edge/edge.js'
import {edgeServices} from '../../../src/node/cluster/edge/services.js'
import {EDGE_COMMANDS, serviceAt} from '../../../src/node/cluster/commands.js'
import {openBucket} from '../../../src/node/cluster/buckets.js'
import type {ClusterConnection} from '../../../src/node/cluster/connection.js'
import {encode} from '../../../src/node/cluster/codec.js'
import {BUCKETS} from '../../../src/node/cluster/subjects.js'
import {generateSecrets, readSecrets, SECRETS_FILE} from '../../../src/node/auth/secrets.js'
import {REST_V1_NAMES, type SignedCaller, type Refusal} from '../../../src/node/apikeys/signed-request.js'
import {verifyAccountSession, USER_ROLE} from '../../../src/node/accounts/account-token.js'
import {StartupRefused} from '../../../src/node/store/refusal.js'
import type {Account} from '../../../src/node/accounts/accounts.js'

type Context = {nats: NatsServer; node: TestNode; connection: ClusterConnection; edge: EdgeSide}
const test = daemonTest<Context>('nats-server', 'nats-server')

test.before(async (t) => {
  const nats = await startNatsServer()
  const node = await startTestNode({role: 'sequencer', nats: {servers: [nats.url]}})
  const connection = await connectTo(nats, 'edge')
  const secrets = readSecrets(path.join(node.dataDir, SECRETS_FILE))
  const edge = await startEdgeSide(connection, {logger: memoryLogger().logger, secrets})
  t.context = {nats, node, connection, edge}
})

test.after.always(async (t) => {
  await t.context.edge?.stop()
  await t.context.connection?.close()
  await t.context.node?.close()
  await t.context.nats?.close()
})

/** A signed GET as REST v1 spells it, checked on the edge. */
function checkOnEdge(
  edge: EdgeSide,
  key: {apiKey: string; apiSecret: string},
  permission: 'read' | 'trade' = 'read',
): SignedCaller | Refusal {
  const timestamp = String(Date.now())
  const target = `/api/v1/balances/?n=${Math.random()}`
  return edge.signedRequests.check({
    apiKey: key.apiKey,
    timestamp,
    recvWindow: '',
    signature: signature(key.apiSecret, timestamp, 'GET', target, ''),
    payload: `${timestamp}GET${target}`,
    peerIp: '127.0.0.1',
    permission,
    names: REST_V1_NAMES,
  })
}

const codeOf = (result: SignedCaller | Refusal) => (result.ok ? 'ok' : result.code)

async function account(node: TestNode): Promise<Account> {
  return node.services.accounts.create(uniqueEmail('kv'), 'password123')
}

test('a key created on the sequencer signs requests on the edge; deleted, it is unknown there', async (t) => {
  const {node, edge} = t.context
  const owner = await account(node)
  const key = node.services.apiKeys.create(owner.id, ['read'], 'edge key')
  // The key and its account arrive through two buckets, in either order.
  t.true(
    await waitFor(
      () => edge.apiKeys.findForSignature(key.apiKey) !== undefined && edge.accounts.cachedById(owner.id) !== undefined,
      5000,
    ),
  )
  // Unsealed on the edge with the --secrets-file: the same secret the owner was shown once.
  t.is(edge.apiKeys.findForSignature(key.apiKey)!.secret, key.apiSecret)
  const admitted = checkOnEdge(edge, key)
  t.true(admitted.ok)
  t.is(admitted.ok && admitted.account.id, owner.id)
  t.is(codeOf(checkOnEdge(edge, key, 'trade')), 'permission_denied')
  node.services.apiKeys.delete(node.services.apiKeys.list(owner.id)[0]!.id)
  t.true(await waitFor(() => edge.apiKeys.findForSignature(key.apiKey) === undefined, 5000))
  t.is(codeOf(checkOnEdge(edge, key)), 'invalid_api_key')
})

test('a blocked account is refused on the edge, its sub-accounts too; active again, admitted', async (t) => {
  const {node, edge} = t.context
  const master = await account(node)
  const sub = node.services.accounts.createSub(master, uniqueEmail('sub'))
  const key = node.services.apiKeys.create(sub.id, ['read'], 'sub key')
  t.true(await waitFor(() => checkOnEdge(edge, key).ok, 5000))
  node.services.accounts.changeStatus(master.email, 'blocked', 'test')
  t.true(await waitFor(() => codeOf(checkOnEdge(edge, key)) === 'account_blocked', 5000), 'the sub-account follows its master')
  t.is(edge.accounts.cachedById(master.id)?.status, 'blocked')
  node.services.accounts.changeStatus(master.email, 'active', 'test')
  t.true(await waitFor(() => checkOnEdge(edge, key).ok, 5000))
})

test("a tier's order rate and an account's tier reach the edge", async (t) => {
  const {node, edge} = t.context
  const tierId = node.services.tiers.create(`fast-${process.pid}`, JSON.stringify({orders_per_second: 50}))
  t.true(await waitFor(() => safeRate(edge, tierId) === 50, 5000))
  node.services.tiers.update(tierId, '', JSON.stringify({orders_per_second: 70}))
  t.true(await waitFor(() => safeRate(edge, tierId) === 70, 5000))
  const trader = await account(node)
  node.services.accounts.setTier(trader.email, tierId)
  t.true(await waitFor(() => edge.accounts.cachedById(trader.id)?.tierId === tierId, 5000))
  node.services.accounts.setTier(trader.email, node.services.tiers.getDefault().id)
  node.services.tiers.delete(tierId)
  t.true(await waitFor(() => safeRate(edge, tierId) === undefined, 5000))
  t.throws(() => edge.tiers.limitsOf(tierId), {message: /not found/})
})

function safeRate(edge: EdgeSide, tierId: string): number | undefined {
  try {
    return edge.tiers.limitsOf(tierId).ordersPerSecond
  } catch {
    return undefined
  }
}

test('a session token verifies on the edge until it is revoked; an admin session never reaches edges', async (t) => {
  const {node, edge} = t.context
  const owner = await account(node)
  const issued = await node.services.tokens.issue(owner.id, USER_ROLE)
  const services = {tokens: edge.sessions, accounts: edge.accounts}
  t.true(
    await waitFor(
      () =>
        verifyAccountSession(services, issued.token).then(
          () => true,
          () => false,
        ),
      5000,
    ),
  )
  t.is((await verifyAccountSession(services, issued.token)).account.id, owner.id)
  node.services.tokens.revoke(issued.jti)
  t.true(
    await waitFor(
      () =>
        verifyAccountSession(services, issued.token).then(
          () => false,
          () => true,
        ),
      5000,
    ),
  )
  await t.throwsAsync(verifyAccountSession(services, issued.token), {message: 'session revoked'})
  const admin = await node.services.tokens.issue(owner.id, 'superadmin')
  const user = await node.services.tokens.issue(owner.id, USER_ROLE)
  t.true(await waitFor(() => edge.replicas.sessions.get(user.jti) !== undefined, 5000))
  t.is(edge.replicas.sessions.get(admin.jti), undefined)
})

test('a key deleted while the buckets are copied whole stays deleted', async (t) => {
  const {node, edge} = t.context
  const owner = await account(node)
  const made = Array.from({length: 50}, (_, i) => node.services.apiKeys.create(owner.id, ['read'], `copy ${i}`))
  const doomed = made.at(-1)!
  t.true(await waitFor(() => edge.apiKeys.findForSignature(doomed.apiKey) !== undefined, 5000))
  const copying = node.sequencer!.reference.copyAll()
  // Deleted while the copy has yet to reach it: the copy reads each key when it writes it.
  node.services.apiKeys.delete(node.services.apiKeys.list(owner.id).find((key) => key.apiKey === doomed.apiKey)!.id)
  await copying
  await node.sequencer!.reference.flushed()
  const keys = await openBucket(t.context.connection.nc, BUCKETS.apiKeys)
  t.not((await keys.get(doomed.apiKey))?.operation, 'PUT')
  t.true(await waitFor(() => edge.apiKeys.findForSignature(doomed.apiKey) === undefined, 5000))
  t.is(codeOf(checkOnEdge(edge, doomed)), 'invalid_api_key')
})

test('an edge with another secrets file is refused in one line', async (t) => {
  const {nats} = t.context
  const connection = await connectTo(nats, 'wrong-edge')
  try {
    const error = await t.throwsAsync(startEdgeSide(connection, {logger: memoryLogger().logger, secrets: generateSecrets()}))
    t.true(error instanceof StartupRefused)
    t.regex(error!.message, /^--secrets-file: its key id \w+ is not the sequencer's \(\w+\)/)
  } finally {
    await connection.close()
  }
})

test.serial(
  'a stale bucket entry is removed and keys made before the cluster reach edges (the full copy at start)',
  async (t) => {
    const {nats} = t.context
    const dataDir = tempDir()
    const single = await startTestNode({dataDir})
    const owner = await single.services.accounts.create(uniqueEmail('moved'), 'password123')
    const key = single.services.apiKeys.create(owner.id, ['read'], 'made in role all')
    await single.stop()
    const connection = await connectTo(nats, 'copy-check')
    const keys = await openBucket(connection.nc, BUCKETS.apiKeys)
    await keys.put('stale-key-nobody-has', encode({id: 'x'}))
    // The same data dir, now a sequencer (on the same NATS as the file's sequencer: a second one, briefly).
    const sequencer = await startTestNode({dataDir, role: 'sequencer', nats: {servers: [nats.url]}})
    try {
      t.is((await keys.get(key.apiKey))?.operation, 'PUT')
      t.not((await keys.get('stale-key-nobody-has'))?.operation, 'PUT')
    } finally {
      await sequencer.close()
      await connection.close()
    }
  },
)

test.serial('after nats-server is SIGKILLed and restarted, the replicas follow new changes', async (t) => {
  const {nats, node, edge} = t.context
  await nats.kill()
  await nats.restart()
  t.true(await waitFor(() => t.context.connection.connected && node.sequencer!.connection.connected, 10_000))
  const owner = await account(node)
  const key = node.services.apiKeys.create(owner.id, ['read'], 'after restart')
  t.true(await waitFor(() => checkOnEdge(edge, key).ok, 15_000))
})

test.serial('an edge waiting for the sequencer stops waiting when its connection closes', async (t) => {
  const nats = await startNatsServer()
  const connection = await connectTo(nats, 'stopping-edge')
  const dataDir = tempDir()
  try {
    const first = await startTestNode({dataDir})
    await first.stop()
    const secrets = readSecrets(path.join(dataDir, SECRETS_FILE))
    const edging = startEdgeSide(connection, {logger: memoryLogger().logger, secrets, retryMs: 50})
    await new Promise((resolve) => setTimeout(resolve, 200))
    await connection.close()
    const error = await t.throwsAsync(edging)
    t.regex(error?.message ?? '', /closed while waiting for the sequencer/)
  } finally {
    await nats.close()
  }
})

test.serial('an edge started before the sequencer waits for it', async (t) => {
  const nats = await startNatsServer()
  const connection = await connectTo(nats, 'early-edge')
  const dataDir = tempDir()
  try {
    let started: EdgeSide | undefined
    const secretsFile = path.join(dataDir, SECRETS_FILE)
    // The sequencer's data dir and secrets exist first (an operator copies secrets.json to the edge).
    const first = await startTestNode({dataDir})
    await first.stop()
    const edging = startEdgeSide(connection, {logger: memoryLogger().logger, secrets: readSecrets(secretsFile), retryMs: 100})
    // Should the test fail first, closing the connection ends the edge's wait (a rejection, ignored here).
    void edging.then(
      (side) => (started = side),
      () => undefined,
    )
    await new Promise((resolve) => setTimeout(resolve, 500))
    t.is(started, undefined, 'no sequencer yet: the edge waits')
    const sequencer = await startTestNode({dataDir, role: 'sequencer', nats: {servers: [nats.url]}})
    try {
      t.true(await waitFor(() => started !== undefined, 10_000))
      await started!.stop()
    } finally {
      await sequencer.close()
    }
  } finally {
    await connection.close()
    await nats.close()
  }
})

test.serial("every command of the allow-list is at its path on an edge's services, and answers there", async (t) => {
  const {node, connection, edge} = t.context
  const {services, stop} = await edgeServices(connection, edge, memoryLogger().logger)
  try {
    for (const [at, methods] of Object.entries(EDGE_COMMANDS)) {
      if (at === 'reference') continue
      const service = serviceAt(services, at) as Record<string, unknown>
      for (const method of methods) t.is(typeof service[method], 'function', `${at}.${method}`)
    }
    // Nested services answer by the sequencer (P2P's registry was missing on edges once).
    t.deepEqual(await services.p2p.registry.methods(), node.services.p2p.registry.methods())
    // Listen keys: the sequencer's, in the edge's replica once `open` has answered, gone once closed.
    const owner = await account(node)
    const key = node.services.apiKeys.create(owner.id, ['read'], 'listen key')
    const signing = {id: key.id, apiKey: key.apiKey, accountId: owner.id}
    const listenKey = await services.listenKeys.open(signing)
    t.is(node.services.listenKeys.resolve(listenKey)?.accountId, owner.id)
    t.like(services.listenKeys.resolve(listenKey), {listenKey, apiKeyId: key.id, accountId: owner.id})
    const ended: string[] = []
    const off = services.listenKeys.onEnd((closed) => ended.push(closed))
    t.false(await services.listenKeys.close(listenKey, 'another key id'))
    t.true(await services.listenKeys.close(listenKey, key.id))
    t.true(await waitFor(() => ended.includes(listenKey), 5000))
    t.is(services.listenKeys.resolve(listenKey), undefined)
    off()
  } finally {
    stop()
  }
})
