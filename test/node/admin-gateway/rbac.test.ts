/**
 * The RBAC table against the loaded protos: every RPC of every admin service is classified, no
 * pattern is stale, the auditor only ever reads, and the roles' representative rights hold.
 * Pure: no node is started.
 */
import test from 'ava'
import {ADMIN_ROLES} from '../../../src/node/admins/roles.js'
import {rpcCatalog} from '../../../src/node/admin-gateway/catalog.js'
import {RBAC, SUPERADMIN_ONLY, isAllowed, matches} from '../../../src/node/admin-gateway/rbac.js'
import {SERVICE_NAMES} from '../../../src/node/admin/proto.js'

const catalog = rpcCatalog()
const rpcs = [...catalog.keys()]
const others = ADMIN_ROLES.filter((role) => role !== 'superadmin')

test('the catalog holds every RPC of every admin service, and only AlertsService/List streams', (t) => {
  t.deepEqual([...new Set(rpcs.map((name) => name.split('/')[0]))].sort(), [...SERVICE_NAMES].sort())
  t.true(catalog.has('AccountsService/CreateAccount'))
  t.true(catalog.has('AdminsService/ListAuditLog'))
  t.false(catalog.has('AccountsService/createAccount'), 'no lower-camel aliases')
  t.deepEqual(
    rpcs.filter((name) => catalog.get(name)!.serverStream),
    ['AlertsService/List'],
  )
})

test('every RPC is classified: allowed to some role besides superadmin, or listed superadmin-only (not both)', (t) => {
  const unclassified: string[] = []
  const both: string[] = []
  for (const rpc of rpcs) {
    const toOthers = others.some((role) => isAllowed(role, rpc))
    const superOnly = rpc in SUPERADMIN_ONLY
    if (!toOthers && !superOnly) unclassified.push(rpc)
    if (toOthers && superOnly) both.push(rpc)
  }
  t.deepEqual(unclassified, [], 'add these to a role in rbac.ts or to SUPERADMIN_ONLY')
  t.deepEqual(both, [])
  for (const rpc of Object.keys(SUPERADMIN_ONLY)) t.true(catalog.has(rpc), `${rpc} of SUPERADMIN_ONLY is not an RPC`)
})

test('superadmin may call everything; every other pattern names a real RPC or service', (t) => {
  t.true(rpcs.every((rpc) => isAllowed('superadmin', rpc)))
  for (const role of others) {
    for (const pattern of RBAC[role]) {
      t.true(
        rpcs.some((rpc) => matches(pattern, rpc)),
        `${role}: ${pattern} matches no RPC`,
      )
      t.not(pattern, '*', `${role} must not have everything`)
    }
  }
})

test('the auditor only reads: Get*/List*/Ping/VerifyLedger, never a state change', (t) => {
  const allowed = rpcs.filter((rpc) => isAllowed('auditor', rpc))
  for (const rpc of allowed) {
    t.regex(rpc.split('/')[1]!, /^(Get|List|Ping$|VerifyLedger$)/, `${rpc} is not a read`)
  }
  for (const rpc of rpcs) {
    if (/\/(Create|Update|Delete|Set|Manual|Transfer|Acknowledge|Resolve|Login|Withdraw|Add|Disable)/.test(rpc)) {
      t.false(isAllowed('auditor', rpc), rpc)
    }
  }
  t.true(isAllowed('auditor', 'AdminsService/ListAuditLog'))
  t.false(isAllowed('auditor', 'AdminsService/ListAdmins'))
  t.false(isAllowed('auditor', 'OutboxService/ListOutbox'))
})

test('managing admins is superadmin-only; the audit log is superadmin and auditor', (t) => {
  for (const rpc of rpcs.filter((name) => name.startsWith('AdminsService/'))) {
    const readers = ADMIN_ROLES.filter((role) => isAllowed(role, rpc))
    t.deepEqual(readers, rpc === 'AdminsService/ListAuditLog' ? ['superadmin', 'auditor'] : ['superadmin'], rpc)
  }
})

test('representative rights of each role', (t) => {
  const cases: [string, string, boolean][] = [
    ['operator', 'AccountsService/CreateAccount', true],
    ['operator', 'TiersService/CreateTier', true],
    ['operator', 'AlertsService/Resolve', true],
    ['operator', 'APIKeysService/CreateAPIKey', true],
    ['operator', 'OperationsService/ManualTopup', false],
    ['operator', 'HotWalletsService/TransferAsset', false],
    ['operator', 'AccountsService/LoginAccount', false],
    ['finance', 'OperationsService/ManualTopup', true],
    ['finance', 'BlockchainService/WithdrawToBlockchain', true],
    ['finance', 'HotWalletsService/TransferAsset', true],
    ['finance', 'BlockchainService/ApproveWithdrawal', true],
    ['finance', 'BlockchainService/RejectWithdrawal', true],
    ['finance', 'BlockchainService/ImportWallet', false],
    ['operator', 'BlockchainService/ApproveWithdrawal', false],
    ['auditor', 'BlockchainService/ApproveWithdrawal', false],
    ['auditor', 'BlockchainService/GetWallet', true],
    ['finance', 'AccountsService/GetBalances', true],
    ['finance', 'TiersService/CreateTier', false],
    ['finance', 'AccountsService/ChangeAccountStatus', false],
    ['arbitrator', 'PingService/Ping', true],
    ['arbitrator', 'AccountsService/GetAccountDetails', true],
    ['arbitrator', 'AccountsService/CreateAccount', false],
    ['arbitrator', 'OperationsService/ManualTopup', false],
    ['auditor', 'AccountsService/GetAccountDetails', true],
    ['auditor', 'LedgerService/VerifyLedger', true],
    ['auditor', 'AccountsService/ChangeAccountStatus', false],
    ['nobody', 'PingService/Ping', false],
  ]
  for (const [role, rpc, expected] of cases) t.is(isAllowed(role, rpc), expected, `${role} ${rpc}`)
})
