/**
 * One behaviour for every paged admin RPC: limit 0 takes the default, the maximum is served, and
 * one above the maximum is INVALID_ARGUMENT (never clamped silently) — the maxima are in the protos.
 */
import {status} from '@grpc/grpc-js'
import test from 'ava'
import {rpcError, startTestNode, uniqueEmail, type TestNode} from '../../helpers/node.js'

let node: TestNode
let email: string
let accountId: string
test.before(async () => {
  node = await startTestNode()
  email = uniqueEmail('paging')
  ;({id: accountId} = await node.admin.call('AccountsService', 'CreateAccount', {email, password: 'correct horse battery'}))
})
test.after.always(async () => {
  await node?.close()
})

type Paged = {name: string; max: number; call(limit: number): Promise<unknown>}

// The calls read `node`, `email` and `accountId` when a test runs, after test.before has set them.
const PAGED: Paged[] = [
  {
    name: 'AccountsService.ListTransactions',
    max: 1000,
    call: (limit) => node.admin.call('AccountsService', 'ListTransactions', {email, page: {limit}}),
  },
  {
    name: 'AccountsService.ListOrders',
    max: 1000,
    call: (limit) => node.admin.call('AccountsService', 'ListOrders', {email, limit: String(limit)}),
  },
  {
    name: 'AccountsService.ListAccounts',
    max: 1000,
    call: (limit) => node.admin.call('AccountsService', 'ListAccounts', {page: {limit}}),
  },
  {
    name: 'AdminsService.ListAuditLog',
    max: 1000,
    call: (limit) => node.admin.call('AdminsService', 'ListAuditLog', {page: {limit}}),
  },
  {
    name: 'BlockchainService.ListTopUps',
    max: 1000,
    call: (limit) => node.admin.call('BlockchainService', 'ListTopUps', {account_id: accountId, page: {limit}}),
  },
  {
    name: 'BlockchainService.ListAllTopUps',
    max: 1000,
    call: (limit) => node.admin.call('BlockchainService', 'ListAllTopUps', {page: {limit}}),
  },
  {
    name: 'BlockchainService.ListWithdrawals',
    max: 1000,
    call: (limit) => node.admin.call('BlockchainService', 'ListWithdrawals', {page: {limit}}),
  },
  {name: 'OutboxService.ListOutbox', max: 500, call: (limit) => node.admin.call('OutboxService', 'ListOutbox', {limit})},
  {name: 'P2PService.ListP2POrders', max: 200, call: (limit) => node.admin.call('P2PService', 'ListP2POrders', {limit})},
]

for (const rpc of PAGED) {
  test(`${rpc.name}: limit 0 and the maximum are served; one more is INVALID_ARGUMENT`, async (t) => {
    await t.notThrowsAsync(rpc.call(0))
    await t.notThrowsAsync(rpc.call(rpc.max))
    const refused = await rpcError(rpc.call(rpc.max + 1))
    t.is(refused.code, status.INVALID_ARGUMENT, refused.details)
    t.regex(refused.details, new RegExp(`at most ${rpc.max}`))
  })
}
