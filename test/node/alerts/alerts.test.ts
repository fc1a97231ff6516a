import type {EventEmitter} from 'node:events'
import {setTimeout as delay} from 'node:timers/promises'
import {status, type ClientReadableStream, type ServiceError} from '@grpc/grpc-js'
import test from 'ava'
import type {Alert__Output} from '../../../src/node/admin/generated/exchange/admin/v1/Alert.js'
import {rpcError, startTestNode, type TestNode} from '../../helpers/node.js'
import {collect, unknownUuid} from '../../helpers/admin-grpc.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const create = async (type: string, severity: string, payload = '{}') =>
  (await node.admin.call<{alert_id: string}>('AlertsService', 'Create', {type, severity, payload})).alert_id
const list = (request: {status?: string; severity?: string} = {}) =>
  collect(node.admin.stream<Alert__Output>('AlertsService', 'List', {...request, follow: false}))
const find = async (id: string) => (await list()).find((alert) => alert.id === id)
/** The alert as the node stored it (read in-process, so transition tests do not depend on List). */
const stored = (id: string) => node.services.alerts.require(id)
const acknowledge = (alert_id: string, comment = '') => node.admin.call('AlertsService', 'Acknowledge', {alert_id, comment})
const resolve = (alert_id: string, resolution = '') => node.admin.call('AlertsService', 'Resolve', {alert_id, resolution})

/** Subscribers of the node's alert events: a follower that went away must not stay subscribed. */
const subscribers = () => (node.services.alerts as unknown as {events: EventEmitter}).events.listenerCount('alert')

/** Reads a following stream into a list and lets a test wait for a given message. */
function follow(stream: ClientReadableStream<Alert__Output>) {
  const received: Alert__Output[] = []
  const waiters: {match: (a: Alert__Output) => boolean; resolve: (a: Alert__Output) => void}[] = []
  let error: ServiceError | undefined
  let ended = false
  stream.on('data', (alert: Alert__Output) => {
    received.push(alert)
    for (const waiter of [...waiters]) {
      if (waiter.match(alert)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(alert)
      }
    }
  })
  stream.on('error', (e: ServiceError) => (error = e))
  stream.on('end', () => (ended = true))
  return {
    received,
    get error() {
      return error
    },
    get ended() {
      return ended
    },
    next(match: (a: Alert__Output) => boolean, timeoutMs = 2000): Promise<Alert__Output> {
      const seen = received.find(match)
      if (seen) return Promise.resolve(seen)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('timed out waiting for an alert on the stream')), timeoutMs)
        waiters.push({
          match,
          resolve: (a) => {
            clearTimeout(timer)
            resolve(a)
          },
        })
      })
    },
  }
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) return false
    await delay(10)
  }
  return true
}

// --- Create and List ---
// List answers with the stored alerts, filtered by status and severity; a List that fails ends the
// stream with its status.

test('Create stores an open alert with the payload normalized to compact JSON', async (t) => {
  const id = await create('aml_hit', 'warning', '{ "account": "a-0",  "score": 51 }')
  t.regex(id, UUID)
  const alert = stored(id)
  t.regex(alert.createdAt, ISO_MS)
  t.deepEqual(alert, {
    id,
    type: 'aml_hit',
    severity: 'warning',
    payload: '{"account":"a-0","score":51}',
    status: 'open',
    comment: '',
    resolution: '',
    createdAt: alert.createdAt,
    updatedAt: alert.createdAt,
    resolvedAt: null,
  })
})

test('Create then List returns the open alert with every field', async (t) => {
  const id = await create('aml_hit', 'critical', '{ "account": "a-1",  "score": 97 }')
  t.regex(id, UUID)
  const alert = await find(id)
  t.truthy(alert)
  t.regex(alert!.created_at, ISO_MS)
  t.regex(alert!.updated_at, ISO_MS)
  t.deepEqual(alert, {
    id,
    type: 'aml_hit',
    severity: 'critical',
    payload: '{"account":"a-1","score":97}',
    status: 'open',
    created_at: alert!.created_at,
    resolved_at: '',
    comment: '',
    resolution: '',
    updated_at: alert!.updated_at,
  })
})

test('Create: an empty payload is stored as {}', async (t) => {
  const id = await create('system_error', 'info', '')
  t.is(stored(id).payload, '{}')
})

test('List filters by status and by severity', async (t) => {
  const info = await create('filter_info', 'info')
  const warning = await create('filter_warning', 'warning')
  const critical = await create('filter_critical', 'critical')
  await acknowledge(warning, 'looking')
  await resolve(critical, 'done')

  const warnings = await list({severity: 'warning'})
  t.true(warnings.every((alert) => alert.severity === 'warning'))
  t.true(warnings.some((alert) => alert.id === warning))
  t.false(warnings.some((alert) => alert.id === info || alert.id === critical))

  const acknowledged = await list({status: 'acknowledged'})
  t.true(acknowledged.every((alert) => alert.status === 'acknowledged'))
  t.deepEqual(
    acknowledged.filter((alert) => [info, warning, critical].includes(alert.id)).map((alert) => alert.id),
    [warning],
  )

  const openInfo = await list({status: 'open', severity: 'info'})
  t.true(openInfo.every((alert) => alert.status === 'open' && alert.severity === 'info'))
  t.true(openInfo.some((alert) => alert.id === info))

  const resolvedCritical = await list({status: 'resolved', severity: 'critical'})
  t.true(resolvedCritical.some((alert) => alert.id === critical))
})

test('List returns the alerts in creation order', async (t) => {
  const first = await create('order_first', 'info')
  const second = await create('order_second', 'info')
  const ids = (await list()).map((alert) => alert.id)
  t.true(ids.indexOf(first) < ids.indexOf(second))
})

test('Create: bad severity, type or payload is INVALID_ARGUMENT', async (t) => {
  for (const severity of ['fatal', 'INFO', '', 'Warning']) {
    const error = await rpcError(create('aml_hit', severity))
    t.is(error.code, status.INVALID_ARGUMENT, `severity ${JSON.stringify(severity)}`)
    t.is(error.errorCode, 'invalid_argument')
  }
  for (const type of ['', 'Bad Type', '1abc', 'AML_HIT', 'a']) {
    t.is((await rpcError(create(type, 'info'))).code, status.INVALID_ARGUMENT, `type ${JSON.stringify(type)}`)
  }
  for (const payload of ['not json', '{"open": ', '[1, 2]', '[]', '"text"', '42', 'null', 'true']) {
    t.is((await rpcError(create('aml_hit', 'info', payload))).code, status.INVALID_ARGUMENT, `payload ${payload}`)
  }
})

// A refused filter ends the stream with INVALID_ARGUMENT, not a stream left open.
test('List: a bad status or severity filter is INVALID_ARGUMENT', async (t) => {
  for (const request of [{status: 'closed'}, {severity: 'fatal'}, {status: 'OPEN'}]) {
    const error = await t.throwsAsync<ServiceError>(list(request))
    t.is(error?.code, status.INVALID_ARGUMENT, JSON.stringify(request))
  }
})

// --- transitions ---

test('Acknowledge: open -> acknowledged with the comment; a second acknowledge is FAILED_PRECONDITION', async (t) => {
  const id = await create('large_withdrawal', 'warning', '{"amount": "12"}')
  t.deepEqual(await acknowledge(id, 'on it'), {success: true})
  const alert = stored(id)
  t.is(alert.status, 'acknowledged')
  t.is(alert.comment, 'on it')
  t.is(alert.resolvedAt, null)
  const again = await rpcError(acknowledge(id, 'again'))
  t.is(again.code, status.FAILED_PRECONDITION)
  t.is(again.errorCode, 'failed_precondition')
  t.is(stored(id).comment, 'on it')
})

test('Resolve: acknowledged -> resolved with resolved_at; a second resolve is FAILED_PRECONDITION', async (t) => {
  const id = await create('large_withdrawal', 'warning')
  await acknowledge(id, 'checking')
  t.deepEqual(await resolve(id, 'false positive'), {success: true})
  const alert = stored(id)
  t.is(alert.status, 'resolved')
  t.is(alert.resolution, 'false positive')
  t.is(alert.comment, 'checking')
  t.regex(alert.resolvedAt ?? '', ISO_MS)
  t.true(alert.resolvedAt! >= alert.createdAt)
  t.is(alert.updatedAt, alert.resolvedAt ?? '')
  const again = await rpcError(resolve(id, 'twice'))
  t.is(again.code, status.FAILED_PRECONDITION)
  t.is(again.errorCode, 'failed_precondition')
  t.is(stored(id).resolution, 'false positive')
  // A resolved alert cannot be acknowledged either.
  t.is((await rpcError(acknowledge(id))).code, status.FAILED_PRECONDITION)
})

test('Resolve: an open alert can be resolved directly', async (t) => {
  const id = await create('login_lockout', 'info')
  t.deepEqual(await resolve(id, 'user unlocked'), {success: true})
  const alert = stored(id)
  t.is(alert.status, 'resolved')
  t.is(alert.resolution, 'user unlocked')
  t.regex(alert.resolvedAt ?? '', ISO_MS)
})

test('Acknowledge and Resolve: unknown id is NOT_FOUND, malformed id INVALID_ARGUMENT', async (t) => {
  t.is((await rpcError(acknowledge(unknownUuid()))).code, status.NOT_FOUND)
  t.is((await rpcError(resolve(unknownUuid()))).code, status.NOT_FOUND)
  for (const bad of ['', 'alert-1', '12345']) {
    t.is((await rpcError(acknowledge(bad))).code, status.INVALID_ARGUMENT, bad)
    t.is((await rpcError(resolve(bad))).code, status.INVALID_ARGUMENT, bad)
  }
})

// --- follow ---
// Serial: they count the node's subscribers, which a concurrent follower would change.

test.serial('List with follow: the backlog, then new and changed alerts, filtered by severity', async (t) => {
  const backlog = await create('follow_backlog', 'critical')
  const before = subscribers()
  const stream = node.admin.stream<Alert__Output>('AlertsService', 'List', {severity: 'critical', follow: true})
  const follower = follow(stream)
  try {
    t.is((await follower.next((a) => a.id === backlog)).status, 'open')
    t.is(subscribers(), before + 1)

    const ignored = await create('follow_ignored', 'info')
    const fresh = await create('follow_new', 'critical', '{"n": 1}')
    const created = await follower.next((a) => a.id === fresh)
    t.is(created.status, 'open')
    t.is(created.payload, '{"n":1}')

    await acknowledge(fresh, 'seen')
    const changed = await follower.next((a) => a.id === fresh && a.status === 'acknowledged')
    t.is(changed.comment, 'seen')
    await resolve(fresh, 'fixed')
    const resolved = await follower.next((a) => a.id === fresh && a.status === 'resolved')
    t.regex(resolved.resolved_at, ISO_MS)

    t.true(follower.received.every((alert) => alert.severity === 'critical'))
    t.false(follower.received.some((alert) => alert.id === ignored))
    const order = follower.received.map((alert) => alert.id)
    t.true(order.indexOf(backlog) < order.indexOf(fresh))
    t.false(follower.ended)
    t.is(follower.error, undefined)
  } finally {
    stream.cancel()
    await until(() => subscribers() === before, 2000)
  }
})

test.serial('List with follow: cancelling the client stream ends it and unsubscribes on the node', async (t) => {
  const before = subscribers()
  const stream = node.admin.stream<Alert__Output>('AlertsService', 'List', {follow: true})
  const follower = follow(stream)
  const marker = await create('follow_cancel', 'warning')
  try {
    await follower.next((a) => a.id === marker)
  } catch (error) {
    stream.cancel()
    throw error
  }
  t.is(subscribers(), before + 1)

  stream.cancel()
  t.true(await until(() => follower.error !== undefined || follower.ended), 'the client stream did not finish')
  t.is(follower.error?.code, status.CANCELLED)
  t.true(await until(() => subscribers() === before), 'the node kept the cancelled follower subscribed')

  // The node goes on serving: new alerts are created and listed, with no error logged.
  const after = await create('follow_after_cancel', 'warning')
  t.is((await find(after))?.status, 'open')
  const count = follower.received.length
  await delay(50)
  t.is(follower.received.length, count)
  t.false(
    node.logs.some((line) => (JSON.parse(line) as {level: number}).level >= 50),
    'an error was logged',
  )
})

test.serial('List with follow: a bad filter is INVALID_ARGUMENT and nothing stays subscribed', async (t) => {
  const before = subscribers()
  const error = await t.throwsAsync<ServiceError>(
    collect(node.admin.stream<Alert__Output>('AlertsService', 'List', {severity: 'loud', follow: true})),
  )
  t.is(error?.code, status.INVALID_ARGUMENT)
  t.is(subscribers(), before)
})
