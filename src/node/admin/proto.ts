/**
 * Loads the admin protos once, with the same options the generated types in `generated/` were
 * made with (see the `proto:gen` npm script). Shared by the gRPC server and the CLI client.
 */
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import * as grpc from '@grpc/grpc-js'
import * as protoLoader from '@grpc/proto-loader'
import type {ProtoGrpcType as Accounts} from './generated/accounts.js'
import type {ProtoGrpcType as Admins} from './generated/admins.js'
import type {ProtoGrpcType as Outbox} from './generated/outbox.js'
import type {ProtoGrpcType as P2P} from './generated/p2p.js'
import type {ProtoGrpcType as Alerts} from './generated/alerts.js'
import type {ProtoGrpcType as ApiKeys} from './generated/apikeys.js'
import type {ProtoGrpcType as Assets} from './generated/assets.js'
import type {ProtoGrpcType as Blockchain} from './generated/blockchain.js'
import type {ProtoGrpcType as HotWallets} from './generated/hotwallets.js'
import type {ProtoGrpcType as Info} from './generated/info.js'
import type {ProtoGrpcType as Ledger} from './generated/ledger.js'
import type {ProtoGrpcType as Operations} from './generated/operations.js'
import type {ProtoGrpcType as Ping} from './generated/ping.js'
import type {ProtoGrpcType as Store} from './generated/store.js'
import type {ProtoGrpcType as Tickers} from './generated/tickers.js'
import type {ProtoGrpcType as Tiers} from './generated/tiers.js'
import type {ProtoGrpcType as Dev} from './generated/dev.js'

/** `proto/` at the package root (the same depth from `src/node/admin` and `dist/node/admin`). */
export const PROTO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../proto')

export const PROTO_FILES = [
  'ping',
  'accounts',
  'blockchain',
  'operations',
  'info',
  'alerts',
  'apikeys',
  'hotwallets',
  'tiers',
  'assets',
  'tickers',
  'ledger',
  'admins',
  'outbox',
  'p2p',
  'store',
  'dev',
].map((name) => `exchange/admin/v1/${name}.proto`)

export const LOADER_OPTIONS: protoLoader.Options = {
  keepCase: true,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
  includeDirs: [PROTO_ROOT],
}

type V1 = Accounts['exchange']['admin']['v1'] &
  Admins['exchange']['admin']['v1'] &
  Outbox['exchange']['admin']['v1'] &
  P2P['exchange']['admin']['v1'] &
  Alerts['exchange']['admin']['v1'] &
  ApiKeys['exchange']['admin']['v1'] &
  Assets['exchange']['admin']['v1'] &
  Blockchain['exchange']['admin']['v1'] &
  HotWallets['exchange']['admin']['v1'] &
  Info['exchange']['admin']['v1'] &
  Ledger['exchange']['admin']['v1'] &
  Operations['exchange']['admin']['v1'] &
  Ping['exchange']['admin']['v1'] &
  Store['exchange']['admin']['v1'] &
  Tickers['exchange']['admin']['v1'] &
  Tiers['exchange']['admin']['v1'] &
  Dev['exchange']['admin']['v1']

/** The names of the admin services, as in the protos. */
export const SERVICE_NAMES = [
  'PingService',
  'AccountsService',
  'BlockchainService',
  'OperationsService',
  'InfoService',
  'AlertsService',
  'APIKeysService',
  'HotWalletsService',
  'TiersService',
  'AssetsService',
  'TickersService',
  'LedgerService',
  'AdminsService',
  'OutboxService',
  'P2PService',
  'StoreService',
  'DevService',
] as const

export type ServiceName = (typeof SERVICE_NAMES)[number]

/** The proto file (under `exchange/admin/v1/`) that declares each service. */
export const SERVICE_FILES: Record<ServiceName, string> = {
  PingService: 'ping',
  AccountsService: 'accounts',
  BlockchainService: 'blockchain',
  OperationsService: 'operations',
  InfoService: 'info',
  AlertsService: 'alerts',
  APIKeysService: 'apikeys',
  HotWalletsService: 'hotwallets',
  TiersService: 'tiers',
  AssetsService: 'assets',
  TickersService: 'tickers',
  LedgerService: 'ledger',
  AdminsService: 'admins',
  OutboxService: 'outbox',
  P2PService: 'p2p',
  StoreService: 'store',
  DevService: 'dev',
}

let cached: {definition: protoLoader.PackageDefinition; v1: V1} | undefined
const services = new Map<ServiceName, unknown>()

/** The package definition (for reflection) and the typed `exchange.admin.v1` namespace. */
export function loadAdminProtos(): {definition: protoLoader.PackageDefinition; v1: V1} {
  if (!cached) {
    const definition = protoLoader.loadSync(PROTO_FILES, LOADER_OPTIONS)
    const root = grpc.loadPackageDefinition(definition) as unknown as {exchange: {admin: {v1: V1}}}
    cached = {definition, v1: root.exchange.admin.v1}
  }
  return cached
}

/**
 * The client constructor of one service, from its own proto file: a CLI command talks to one or two
 * services, and parsing all seventeen files cost each `exchange` process about 0.15 s of CPU (one
 * file: 0.02 s). Where every proto is loaded already (the server's process), that load is used.
 */
export function loadServiceProto<S extends ServiceName>(name: S): V1[S] {
  if (cached) return cached.v1[name]
  let service = services.get(name) as V1[S] | undefined
  if (!service) {
    const definition = protoLoader.loadSync(`exchange/admin/v1/${SERVICE_FILES[name]}.proto`, LOADER_OPTIONS)
    const root = grpc.loadPackageDefinition(definition) as unknown as {exchange: {admin: {v1: V1}}}
    service = root.exchange.admin.v1[name]
    services.set(name, service)
  }
  return service
}
