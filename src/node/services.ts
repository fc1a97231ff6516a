/**
 * The node's modules, wired once over one store. Transports (admin gRPC, REST, WebSocket,
 * gateways) receive this object without the store (`TransportServices`) and call its services; they
 * never run SQL or open a transaction themselves.
 */
import {statSync} from 'node:fs'
import path from 'node:path'
import type {Db} from './store/database.js'
import {Writer} from './store/writer.js'
import {Accounts} from './accounts/accounts.js'
import {Admins} from './admins/admins.js'
import {AuditLog} from './admins/audit.js'
import {Alerts} from './alerts/alerts.js'
import {SystemErrors} from './alerts/system-errors.js'
import {ApiKeys} from './apikeys/apikeys.js'
import {ListenKeys} from './apikeys/listen-keys.js'
import {SignedRequests} from './apikeys/signed-request.js'
import {Assets} from './assets/assets.js'
import {Backups} from './backups/backup.js'
import {Blockchains} from './chain/blockchain.js'
import type {ChainConfig} from './chain/connections.js'
import type {Secrets} from './auth/secrets.js'
import {Tokens} from './auth/tokens.js'
import {Identity} from './identity/identity.js'
import {Ledger} from './ledger/ledger.js'
import {Notifier} from './notify/notifier.js'
import {Outbox} from './notify/outbox.js'
import {transportsFrom} from './notify/transports.js'
import {Klines} from './orders/klines.js'
import {TradeHistory} from './orders/trade-history.js'
import {P2P} from './p2p/p2p.js'
import {Operations} from './operations/operations.js'
import {AccountBalances} from './operations/account-balances.js'
import {Tickers} from './tickers/tickers.js'
import {Tiers} from './tiers/tiers.js'
import {Trading} from './trading/trading.js'
import type {Logger} from './ground/logger.js'
import type {NodeConfig, P2PConfig} from './ground/config.js'

export type Services = {
  db: Db
  /** The writer thread of the trading path; other writes wait for its batches (store/writer.ts). */
  writer: Writer
  /** Answers when the store does (`SELECT 1`); throws otherwise. GET /healthz on both listeners. */
  health(): void
  /** Bytes of the store's file and its WAL on disk (0 in memory): `exchange status`. */
  storeBytes(): number
  ledger: Ledger
  assets: Assets
  tiers: Tiers
  tickers: Tickers
  accounts: Accounts
  tokens: Tokens
  apiKeys: ApiKeys
  /** The one check of requests signed with an API key, for every signed surface (apikeys/signed-request.ts). */
  signedRequests: SignedRequests
  /** Listen keys of the Binance form's user data stream (in memory). */
  listenKeys: ListenKeys
  alerts: Alerts
  /** Unexpected internal errors: logged with an id and raised as `system_error` alerts. */
  systemErrors: SystemErrors
  operations: Operations
  /** An account's own balances and transfers within its sub-account family (GET /balances/, POST /balances/transfer/). */
  balances: AccountBalances
  trading: Trading
  /** Read-only trade history for the public market data (latest trades, klines, 24 h stats). */
  tradeHistory: TradeHistory
  /** Candles over the trade history, settled ones cached (shared by every market-data transport). */
  klines: Klines
  /** E-mail and SMS kept for the operator, and the delivery record (account flows). */
  outbox: Outbox
  /**
   * Sends the account flows' e-mail and SMS through the node's SMTP server and SMS provider (kept in
   * the outbox when none is configured). On a cluster's edge it is a command: the sequencer sends.
   */
  notifier: Notifier
  /** Gateway users: sign-up, sign-in, two-factor, the brute-force lock (account flows). */
  identity: Identity
  /** Administrator users of the AdminGateway. */
  admins: Admins
  /** The AdminGateway's audit log. */
  audit: AuditLog
  /** Deposits, withdrawals, hot wallets and the wallet seed (docs/blockchain.md "Blockchain: deposits, withdrawals and hot wallets"). */
  blockchains: Blockchains
  /** P2P trading: ads, orders with escrow, chat, disputes, feedback, timers. */
  p2p: P2P
  /** Backups of the store and its secrets while the node runs (docs/operations.md). */
  backups: Backups
}

/**
 * What a transport may use: every service but the store itself. A transport asks a service; it
 * never runs SQL or opens a transaction (the service that owns the change does).
 */
export type TransportServices = Omit<Services, 'db'>

/** What the services need beyond the store and the secrets: the data dir (P2P chat files) and module settings. */
export type ServiceOptions = {dataDir?: string; chain?: ChainConfig; p2p?: P2PConfig; messages?: Pick<NodeConfig, 'smtp' | 'sms'>}

export function createServices(db: Db, secrets: Secrets, logger: Logger, options: ServiceOptions = {}): Services {
  const writer = new Writer(db, logger)
  const ledger = new Ledger(db)
  const assets = new Assets(db)
  const tiers = new Tiers(db)
  const tickers = new Tickers(db, assets)
  const tradeHistory = new TradeHistory(db)
  const accounts = new Accounts(db, ledger, tiers)
  const tokens = new Tokens(db, secrets.jwtKey)
  const alerts = new Alerts(db)
  const admins = new Admins(db, secrets.encryptionKey)
  const apiKeys = new ApiKeys(db, secrets.encryptionKey)
  const outbox = new Outbox(db)
  return {
    trading: new Trading(db, ledger, accounts, assets, tickers, tiers, writer, logger),
    db,
    writer,
    health: () => {
      db.prepare('SELECT 1').get()
    },
    storeBytes: () => (db.memory ? 0 : fileSize(db.name) + fileSize(`${db.name}-wal`)),
    ledger,
    assets,
    tiers,
    tickers,
    accounts,
    tokens,
    apiKeys,
    signedRequests: new SignedRequests(apiKeys, accounts),
    listenKeys: new ListenKeys(),
    alerts,
    systemErrors: new SystemErrors(alerts, logger),
    operations: new Operations(ledger, accounts, assets),
    balances: new AccountBalances(ledger, accounts, assets),
    tradeHistory,
    klines: new Klines(tradeHistory),
    outbox,
    notifier: new Notifier(outbox, transportsFrom(options.messages ?? {}), logger),
    identity: new Identity({db, accounts, alerts, tokens, logger, secret: secrets.encryptionKey}),
    admins,
    audit: new AuditLog(db),
    blockchains: new Blockchains({
      db,
      ledger,
      accounts,
      assets,
      tiers,
      alerts,
      logger,
      sealKey: secrets.encryptionKey,
      config: options.chain ?? {network: 'mainnet'},
    }),
    p2p: new P2P({db, ledger, accounts, assets, alerts, admins, logger, dataDir: options.dataDir ?? '.', config: options.p2p}),
    backups: new Backups(options.dataDir ?? path.dirname(db.name)),
  }
}

/**
 * Seeds a fresh store, all in one transaction: the default tier, BTC/ETH/TRX/USDT with their
 * networks, the tickers BTC-USDT, ETH-USDT and TRX-USDT, and the system balance accounts.
 * Each part is skipped when it already exists, so this is safe on every start.
 */
export function bootstrap(services: Services): void {
  services.db.transaction(() => {
    services.tiers.bootstrap()
    services.assets.bootstrap(services.blockchains.wallet.network)
    services.tickers.bootstrap()
    services.ledger.systemAccount('external')
    services.ledger.systemAccount('fee')
    services.p2p.registry.bootstrap()
  })()
}

/** Bytes of a file, 0 when it is not there (no WAL yet). */
function fileSize(file: string): number {
  try {
    return statSync(file).size
  } catch {
    return 0
  }
}
