/**
 * An unexpected internal error (here a real SQLite failure injected with a trigger) answers 500 /
 * INTERNAL with only an error id — never the error's message — and raises one `system_error` alert
 * naming the id, the source, the error's class and its message (alerts reach admins only); more
 * errors from the same source within a minute are counted, not alerted again.
 */
import test from 'ava'
import {bearer, trader} from '../../helpers/rest.js'
import {collect} from '../../helpers/admin-grpc.js'
import {rpcError, startTestNode, type TestNode} from '../../helpers/node.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const SECRET_LOOKING = 'do-not-leak-7f3a'

async function systemErrors(): Promise<{payload: Record<string, unknown>; severity: string}[]> {
  const alerts = await collect(node.admin.stream('AlertsService', 'List', {}))
  return alerts
    .filter((alert) => alert.type === 'system_error')
    .map((alert) => ({payload: JSON.parse(alert.payload) as Record<string, unknown>, severity: alert.severity}))
}

test.serial('REST and admin gRPC internal errors answer an id and raise one system_error alert per source', async (t) => {
  const alice = await trader(node, {USDT: '100'})
  node.services.db.exec(`CREATE TRIGGER test_system_error BEFORE INSERT ON ledger_transactions
                         BEGIN SELECT RAISE(ABORT, '${SECRET_LOOKING}'); END`)
  try {
    const body = {
      from_balance_account_id: alice.account.tradingAccountId,
      to_balance_account_id: alice.account.fundingAccountId,
      asset: 'USDT',
      amount: '1',
    }
    const first = await bearer(node, alice.token, 'POST', '/balances/transfer/', body)
    t.is(first.status, 500)
    const message = (first.body as {error: {code: string; message: string}}).error
    t.is(message.code, 'internal')
    const id = /^internal error \(id ([0-9a-f-]{36})\)$/.exec(message.message)?.[1]
    t.truthy(id, message.message)
    t.false(JSON.stringify(first.body).includes(SECRET_LOOKING))

    const second = await bearer(node, alice.token, 'POST', '/balances/transfer/', body)
    t.is(second.status, 500)

    const grpc = await rpcError(
      node.admin.call('OperationsService', 'ManualTopup', {
        account_id: alice.account.id,
        asset: 'USDT',
        amount: '1',
        reason: 'test',
      }),
    )
    t.is(grpc.code, 13) // INTERNAL
    t.false(grpc.details.includes(SECRET_LOOKING))

    const alerts = await systemErrors()
    const http = alerts.filter((alert) => alert.payload['source'] === 'http')
    t.is(http.length, 1, 'the second REST error within the minute is counted, not alerted')
    t.like(http[0], {
      severity: 'critical',
      payload: {error_id: id, source: 'http', error: 'SqliteError', message: SECRET_LOOKING},
    })
    t.is(alerts.filter((alert) => alert.payload['source'] === 'admin-grpc').length, 1)
  } finally {
    node.services.db.exec('DROP TRIGGER test_system_error')
  }
})
