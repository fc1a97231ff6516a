import {randomUUID} from 'node:crypto'
import test from 'ava'
import {followJson, runCli, runJson, type CliResult} from '../helpers/cli.js'
import {startTestNode, type TestNode} from '../helpers/node.js'

type Alert = {
  id: string
  type: string
  severity: string
  status: string
  payload: string
  comment: string
  resolution: string
  resolved_at: string
}

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

// The CLI runs for what is under test; setup and checks go straight to gRPC (each subprocess costs ~1 s).
const cli = (args: string[]): Promise<CliResult> => runCli([...args, '--admin-url', node.grpcAddress])
const json = <T = Record<string, unknown>>(args: string[]): Promise<T> => runJson<T>(args, node.grpcAddress)
const createAlert = async (type = 'large_withdrawal', severity = 'warning'): Promise<string> =>
  (await node.admin.call<{alert_id: string}>('AlertsService', 'Create', {type, severity, payload: '{"asset": "BTC"}'})).alert_id
/** The alert as the node has it now (AlertsService.List is a stream; read it to its end, within 10 s). */
const alertById = async (id: string): Promise<Alert | undefined> => {
  const stream = node.admin.stream<Alert>('AlertsService', 'List', {})
  const timer = setTimeout(() => stream.destroy(new Error('AlertsService.List did not end within 10 s')), 10_000)
  const alerts: Alert[] = []
  try {
    for await (const alert of stream) alerts.push(alert)
  } finally {
    clearTimeout(timer)
  }
  return alerts.find((alert) => alert.id === id)
}

test('alerts create: the new alert is listed open with its type, severity and payload', async (t) => {
  const {alert_id: id} = await json<{alert_id: string}>([
    'alerts',
    'create',
    '--type',
    'aml_hit',
    '--severity',
    'critical',
    '--payload',
    '{"account": "a1", "score": 97}',
  ])
  const {alerts} = await json<{alerts: Alert[]}>(['alerts', 'list', '--status', 'open'])
  const alert = alerts.find((candidate) => candidate.id === id)
  t.like(alert, {type: 'aml_hit', severity: 'critical', status: 'open'})
  t.deepEqual(JSON.parse(alert!.payload), {account: 'a1', score: 97})
})

// Serial: a long-running subprocess with deadlines; it runs alone before the concurrent tests.
test.serial(
  'alerts list --follow --json: streams the existing alerts, then new and changed ones as JSON lines, until SIGINT',
  async (t) => {
    const existing = await createAlert('login_lockout', 'info')
    const follow = followJson<Alert>(['alerts', 'list', '--follow', '--json', '--admin-url', node.grpcAddress])
    const {received, waitFor} = follow
    try {
      await waitFor('existing alert', (alert) => alert.id === existing && alert.status === 'open')

      const {alert_id: created} = await json<{alert_id: string}>([
        'alerts',
        'create',
        '--type',
        'system_error',
        '--severity',
        'warning',
      ])
      await waitFor('new alert', (alert) => alert.id === created && alert.status === 'open')
      await node.admin.call('AlertsService', 'Acknowledge', {alert_id: created, comment: 'on it'})
      await waitFor('acknowledged change', (alert) => alert.id === created && alert.status === 'acknowledged')
      t.like(
        received.findLast((alert) => alert.id === created),
        {type: 'system_error', status: 'acknowledged', comment: 'on it'},
      )
      t.true(received.findIndex((alert) => alert.id === existing) < received.findIndex((alert) => alert.id === created))
    } finally {
      follow.child.kill('SIGINT')
    }
    const started = Date.now()
    const [code, signal] = await Promise.race([
      follow.exited,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('alerts list --follow did not exit within 5 s of SIGINT')), 5000),
      ),
    ])
    t.true(code === 0 || signal === 'SIGINT', `exit code ${code}, signal ${signal}, stderr: ${follow.stderr()}`)
    t.true(Date.now() - started < 5000)
    t.is(follow.rest().trim(), '', 'nothing but complete JSON lines on stdout')
  },
)

test('alerts ack: an open alert becomes acknowledged; acknowledging it again is FAILED_PRECONDITION (exit 6)', async (t) => {
  const id = await createAlert()
  t.deepEqual(await json(['alerts', 'ack', '--alert-id', id, '--comment', 'checking the wallet']), {success: true})
  t.like(await alertById(id), {status: 'acknowledged', comment: 'checking the wallet'})
  const again = await cli(['alerts', 'ack', '--alert-id', id])
  t.is(again.code, 6)
  t.regex(again.stderr, /FAILED_PRECONDITION \(failed_precondition\)/)
})

test('alerts resolve: an open alert becomes resolved; resolving it again is FAILED_PRECONDITION (exit 6)', async (t) => {
  const id = await createAlert()
  t.deepEqual(await json(['alerts', 'resolve', '--alert-id', id, '--resolution', 'false positive']), {success: true})
  const alert = await alertById(id)
  t.like(alert, {status: 'resolved', resolution: 'false positive'})
  t.truthy(alert?.resolved_at)
  const again = await cli(['alerts', 'resolve', '--alert-id', id, '--resolution', 'twice'])
  t.is(again.code, 6)
  t.regex(again.stderr, /FAILED_PRECONDITION \(failed_precondition\)/)
})

test('alerts create: a severity outside info|warning|critical is a usage error (exit 2); a payload that is not a JSON object is INVALID_ARGUMENT (exit 3)', async (t) => {
  const [severity, payload] = await Promise.all([
    cli(['alerts', 'create', '--type', 'aml_hit', '--severity', 'fatal']),
    cli(['alerts', 'create', '--type', 'aml_hit', '--severity', 'info', '--payload', '[1, 2]']),
  ])
  t.is(severity.code, 2, severity.stderr)
  t.regex(severity.stderr, /severity/)
  t.is(payload.code, 3, payload.stderr)
  t.regex(payload.stderr, /INVALID_ARGUMENT \(invalid_argument\): payload/)
})

test('alerts ack and resolve: an unknown alert id is NOT_FOUND (exit 4)', async (t) => {
  const unknown = randomUUID()
  const results = await Promise.all([
    cli(['alerts', 'ack', '--alert-id', unknown]),
    cli(['alerts', 'resolve', '--alert-id', unknown]),
  ])
  for (const result of results) {
    t.is(result.code, 4, result.stderr)
    t.regex(result.stderr, /NOT_FOUND \(not_found\)/)
  }
})
