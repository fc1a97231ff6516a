/**
 * The admin gRPC server: the 11 services of the spec plus the extensions, gRPC server reflection
 * and grpc.health.v1.Health. Bound to loopback by default; see docs/admin-grpc.md.
 */
import * as grpc from '@grpc/grpc-js'
import {ReflectionService} from '@grpc/reflection'
import * as protoLoader from '@grpc/proto-loader'
import {HealthImplementation, protoPath as healthProtoPath} from 'grpc-health-check'
import type {Logger} from '../ground/logger.js'
import type {TransportServices} from '../services.js'
import {AdminContext, unreadableMarked, unreadableRefused} from './context.js'
import {withValidDescriptors} from './descriptors.js'
import {LOADER_OPTIONS, loadAdminProtos, SERVICE_NAMES} from './proto.js'
import {toServiceError} from './status.js'
import type {NodeRuntime} from './runtime.js'
import {accountsHandlers} from './services/accounts.js'
import {adminsHandlers} from './services/admins.js'
import {outboxHandlers} from './services/outbox.js'
import {p2pHandlers} from './services/p2p.js'
import {alertsHandlers} from './services/alerts.js'
import {apiKeysHandlers} from './services/apikeys.js'
import {assetsHandlers} from './services/assets.js'
import {infoHandlers} from './services/info.js'
import {ledgerHandlers} from './services/ledger.js'
import {operationsHandlers} from './services/operations.js'
import {pingHandlers} from './services/ping.js'
import {storeHandlers} from './services/store.js'
import {tickersHandlers} from './services/tickers.js'
import {tiersHandlers} from './services/tiers.js'
import {blockchainHandlers} from './services/blockchain.js'
import {hotWalletsHandlers} from './services/hot-wallets.js'
import {devHandlers} from './services/dev.js'

export type AdminServer = {port: number; shutdown(graceMs: number): Promise<void>}

export async function startAdminServer(options: {
  services: TransportServices
  logger: Logger
  host: string
  port: number
  adminToken?: string
  /** Version, dev mode and listeners, for GetStatus and DevService. */
  runtime?: NodeRuntime
  /** TLS (and client certificates) of the server, from tls.ts; plaintext by default. */
  credentials?: grpc.ServerCredentials
}): Promise<AdminServer> {
  const {definition, v1} = loadAdminProtos()
  const ctx = new AdminContext(options.services, options.logger, options.adminToken, options.runtime)
  const server = new grpc.Server()
  server.addService(unreadableMarked(v1.PingService.service), pingHandlers(ctx))
  server.addService(unreadableMarked(v1.AccountsService.service), accountsHandlers(ctx))
  server.addService(unreadableMarked(v1.BlockchainService.service), blockchainHandlers(ctx))
  server.addService(unreadableMarked(v1.OperationsService.service), operationsHandlers(ctx))
  server.addService(unreadableMarked(v1.InfoService.service), infoHandlers(ctx))
  server.addService(unreadableMarked(v1.AlertsService.service), alertsHandlers(ctx))
  server.addService(unreadableMarked(v1.APIKeysService.service), apiKeysHandlers(ctx))
  server.addService(unreadableMarked(v1.HotWalletsService.service), hotWalletsHandlers(ctx))
  server.addService(unreadableMarked(v1.TiersService.service), tiersHandlers(ctx))
  server.addService(unreadableMarked(v1.AssetsService.service), assetsHandlers(ctx))
  server.addService(unreadableMarked(v1.TickersService.service), tickersHandlers(ctx))
  server.addService(unreadableMarked(v1.LedgerService.service), ledgerHandlers(ctx))
  server.addService(unreadableMarked(v1.AdminsService.service), adminsHandlers(ctx))
  server.addService(unreadableMarked(v1.OutboxService.service), outboxHandlers(ctx))
  server.addService(unreadableMarked(v1.P2PService.service), p2pHandlers(ctx))
  server.addService(unreadableMarked(v1.StoreService.service), storeHandlers(ctx))
  server.addService(unreadableMarked(v1.DevService.service), devHandlers(ctx))

  // Reflection describes the admin services and the health service; like them it needs the admin
  // token when one is set (health stays open, for probes).
  // The descriptors are fixed for strict clients first (descriptors.ts: map entry names).
  // Both answer a request that does not decode INVALID_ARGUMENT, like the admin services.
  lazyReflection(() =>
    withValidDescriptors({...definition, ...protoLoader.loadSync(healthProtoPath, LOADER_OPTIONS)}),
  ).addToServer(admitted(unreadableRefused(server), ctx))
  const health = new HealthImplementation({'': 'SERVING'})
  for (const name of SERVICE_NAMES) health.setStatus(`exchange.admin.v1.${name}`, 'SERVING')
  health.addToServer(unreadableRefused(server))

  const address = `${options.host.includes(':') ? `[${options.host}]` : options.host}:${options.port}`
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(address, options.credentials ?? grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  )

  return {
    port,
    async shutdown(graceMs) {
      ctx.beginShutdown()
      health.setStatus('', 'NOT_SERVING')
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          server.forceShutdown()
          resolve()
        }, graceMs)
        server.tryShutdown(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    },
  }
}

type AddedService = [grpc.ServiceDefinition, grpc.UntypedServiceImplementation]

/** What a third-party `addToServer` adds, without a server. */
function servicesAddedBy(addToServer: (server: grpc.Server) => void): AddedService[] {
  const added: AddedService[] = []
  addToServer({
    addService: (service: grpc.ServiceDefinition, handlers: grpc.UntypedServiceImplementation) => added.push([service, handlers]),
  } as never)
  return added
}

let reflectionShapes: AddedService[] | undefined

/**
 * Server reflection (v1 and v1alpha) whose index of the protos is built on the first reflection
 * call, not at start: decoding and indexing every file descriptor was a third of a node's start-up
 * CPU, paid by every node and test although few clients ever reflect. The services it adds are the
 * ones ReflectionService adds (taken from one made over no protos); each handler hands its call to
 * the real one.
 */
function lazyReflection(definition: () => protoLoader.PackageDefinition): {addToServer(server: grpc.Server): void} {
  let real: AddedService[] | undefined
  return {
    addToServer(server) {
      reflectionShapes ??= servicesAddedBy((target) => new ReflectionService({}).addToServer(target))
      reflectionShapes.forEach(([service, handlers], index) => {
        const delegates = Object.keys(handlers).map((name) => [
          name,
          (call: unknown) => {
            real ??= servicesAddedBy((target) => new ReflectionService(definition()).addToServer(target))
            ;(real[index]![1][name] as (call: unknown) => void)(call)
          },
        ])
        server.addService(service, Object.fromEntries(delegates) as grpc.UntypedServiceImplementation)
      })
    },
  }
}

/** `server` for a third-party `addToServer`: each handler it adds first passes `ctx.admit`. */
function admitted(server: grpc.Server, ctx: AdminContext): grpc.Server {
  const guard =
    (handler: grpc.UntypedHandleCall): grpc.UntypedHandleCall =>
    (call: grpc.ServerDuplexStream<unknown, unknown>) => {
      try {
        ctx.admit(call.metadata)
      } catch (error) {
        // emit('error') sends the status and trailers (as AlertsService.List does).
        call.emit('error', toServiceError(error))
        return
      }
      ;(handler as (call: grpc.ServerDuplexStream<unknown, unknown>) => void)(call)
    }
  const guarded = {
    addService: (service: grpc.ServiceDefinition, handlers: grpc.UntypedServiceImplementation) =>
      server.addService(service, Object.fromEntries(Object.entries(handlers).map(([name, handler]) => [name, guard(handler)]))),
  }
  return guarded as unknown as grpc.Server
}
