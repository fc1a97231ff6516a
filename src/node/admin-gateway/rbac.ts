/**
 * Role-based access control of the AdminGateway: one table from role to the RPCs it may call,
 * checked before every proxied call. Patterns are `Service/Method`, `Service/*` (every RPC of the
 * service, including ones added later) or `*` (everything). Anything not matched is denied.
 *
 * Every RPC of every admin service is classified: allowed to at least one role besides
 * superadmin, or listed in SUPERADMIN_ONLY (test/node/admin-gateway/rbac.test.ts checks both against
 * the loaded protos, so a new RPC cannot slip in unclassified). See docs/admin-gateway.md.
 */
import type {AdminRole} from '../admins/roles.js'

export const RBAC: Readonly<Record<AdminRole, readonly string[]>> = {
  superadmin: ['*'],
  // Customer support and listings: accounts, tiers, assets, tickers, alerts, API keys.
  operator: [
    'PingService/*',
    'InfoService/*',
    'AccountsService/CreateAccount',
    'AccountsService/CreateSubAccount',
    'AccountsService/ListAccounts',
    'AccountsService/GetBalances',
    'AccountsService/GetAccountDetails',
    'AccountsService/SetTier',
    'AccountsService/ListOrders',
    'AccountsService/ChangeAccountStatus',
    'AccountsService/SetAccountVIP',
    'AccountsService/ListTransactions',
    'TiersService/*',
    'AssetsService/*',
    'TickersService/*',
    'AlertsService/*',
    'APIKeysService/*',
    'P2PService/ListP2POrders',
    'P2PService/GetP2POrder',
    'P2PService/SetReferenceRate',
    'P2PService/ListReferenceRates',
    'P2PService/AddPaymentMethod',
    'P2PService/ListPaymentMethods',
  ],
  // Money: manual operations, deposits and withdrawals, hot wallets, and the reads they need.
  finance: [
    'PingService/*',
    'InfoService/*',
    'OperationsService/*',
    'BlockchainService/GetDepositAddress',
    'BlockchainService/WithdrawToBlockchain',
    'BlockchainService/GetWithdrawRequestStatus',
    'BlockchainService/ListTopUps',
    'BlockchainService/ListAllTopUps',
    'BlockchainService/ListWithdrawals',
    'BlockchainService/ApproveWithdrawal',
    'BlockchainService/RejectWithdrawal',
    'BlockchainService/ReleaseTopUp',
    'BlockchainService/AddDenyListAddress',
    'BlockchainService/RemoveDenyListAddress',
    'BlockchainService/ListDenyList',
    'BlockchainService/GetWallet',
    'BlockchainService/Reconcile',
    'BlockchainService/RescanDeposits',
    'HotWalletsService/*',
    'AccountsService/ListAccounts',
    'AccountsService/GetBalances',
    'AccountsService/GetAccountDetails',
    'AccountsService/ListTransactions',
    'AssetsService/ListAssets',
    'AlertsService/List',
    'LedgerService/VerifyLedger',
  ],
  // P2P disputes (decided on the AdminGateway's /p2p/disputes/ endpoints), P2P reads, account lookups.
  arbitrator: [
    'PingService/Ping',
    'AccountsService/ListAccounts',
    'AccountsService/GetAccountDetails',
    'AccountsService/GetBalances',
    'AccountsService/ListTransactions',
    'P2PService/ListP2POrders',
    'P2PService/GetP2POrder',
    'P2PService/ListDisputes',
    'P2PService/GetDispute',
    'P2PService/ListReferenceRates',
    'P2PService/ListPaymentMethods',
  ],
  // Read-only: Get*/List*/Ping/VerifyLedger and the audit log. Never a call that changes state;
  // so not BlockchainService/GetDepositAddress either (it may allocate an address).
  auditor: [
    'PingService/Ping',
    'InfoService/ListTiers',
    'InfoService/ListNetworks',
    'InfoService/GetStatus',
    'AccountsService/ListAccounts',
    'AccountsService/GetBalances',
    'AccountsService/GetAccountDetails',
    'AccountsService/ListOrders',
    'AccountsService/ListTransactions',
    'BlockchainService/GetWithdrawRequestStatus',
    'BlockchainService/ListTopUps',
    'BlockchainService/ListAllTopUps',
    'BlockchainService/ListWithdrawals',
    'BlockchainService/ListDenyList',
    'BlockchainService/GetWallet',
    'AlertsService/List',
    'APIKeysService/ListAPIKeys',
    'HotWalletsService/ListHotWallets',
    'HotWalletsService/GetTransferAssetStatus',
    'TiersService/GetDefaultTier',
    'AssetsService/ListAssets',
    'TickersService/ListTickers',
    'LedgerService/VerifyLedger',
    'AdminsService/ListAuditLog',
    'P2PService/ListP2POrders',
    'P2PService/ListDisputes',
    'P2PService/ListReferenceRates',
    'P2PService/ListPaymentMethods',
  ],
}

/**
 * RPCs no role but superadmin may call, each with the reason. Managing admins; LoginAccount
 * (hands out a user's session token); the outbox (holds live sign-up verification codes).
 */
export const SUPERADMIN_ONLY: Readonly<Record<string, string>> = {
  'AdminsService/CreateAdmin': 'manages admins',
  'AdminsService/ListAdmins': 'manages admins',
  'AdminsService/SetAdminRole': 'manages admins',
  'AdminsService/DisableAdmin': 'manages admins',
  'AccountsService/LoginAccount': "returns a user's session token",
  'OutboxService/ListOutbox': 'holds live verification codes',
  'DevService/Seed': 'creates funded demo users with passwords and API keys (a --dev node only)',
  'BlockchainService/ImportWallet': 'replaces the key material every address derives from',
  'P2PService/DecideDispute': 'decides any dispute; arbitrators decide their own through /p2p/disputes/{id}/decide',
  'StoreService/Backup': 'copies the whole store and its secrets to a file on the node',
}

/** Whether `pattern` covers the RPC `Service/Method`. */
export function matches(pattern: string, rpc: string): boolean {
  if (pattern === '*') return true
  if (pattern.endsWith('/*')) return rpc.startsWith(pattern.slice(0, -1))
  return pattern === rpc
}

/** Whether `role` may call `rpc` (`Service/Method`). Unknown roles may call nothing. */
export function isAllowed(role: string, rpc: string): boolean {
  const patterns = (RBAC as Record<string, readonly string[] | undefined>)[role] ?? []
  return patterns.some((pattern) => matches(pattern, rpc))
}
