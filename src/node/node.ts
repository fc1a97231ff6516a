/**
 * A running exchange node: one SQLite store, the admin gRPC server, the public HTTP listener and
 * the AdminGateway listener, in one process. `startNode` is what `exchange node start` and the
 * tests call; `stop` shuts down gracefully (stop accepting, finish in-flight work, close the store).
 *
 * With role `sequencer` (cluster mode, docs/cluster.md "Roles and flags") the same node also records its
 * events, publishes them to NATS, answers edges' commands and keeps their reference data; that part
 * (cluster/) is imported only then. Role `all`, the default, loads nothing of it. An edge (role
 * `edge`, `startEdgeNode`) opens no store: its public listener answers from replicas and by the
 * sequencer over NATS.
 */
import path from 'node:path'
import {readSecrets, type Secrets} from './auth/secrets.js'
import type {NodeConfig} from './ground/config.js'
import {startAdminServer} from './admin/server.js'
import {newRuntime} from './admin/runtime.js'
import {ownClientCredentials, serverCredentials} from './admin/tls.js'
import {openAdminGatewayListener} from './listeners/admin-gateway.js'
import {openPublicListener} from './listeners/public.js'
import type {Logger} from './ground/logger.js'
import {connect} from './chain/connections.js'
import {openDataDir} from './startup/data-dir.js'
import {checkPortsFree} from './startup/ports.js'
import {bootstrap, createServices, type Services} from './services.js'
import {startCheckpointer, type Checkpointer} from './store/checkpointer.js'
import type {Db} from './store/database.js'
import {lockDataDir} from './store/lock.js'
import {StartupRefused} from './store/refusal.js'
import {checkTlsFiles} from './startup/tls-files.js'
import {loadWeb, type WebContent} from './listeners/web-content.js'
import type {RunningSequencer} from './cluster/sequencer/sequencer.js'

export type RunningNode = {
  services: Services
  ports: {http: number; adminHttp: number; grpc: number}
  /** host:port of the admin gRPC server. */
  grpcAddress: string
  /** The WAL checkpoints run off the event loop (store/checkpointer.ts). */
  checkpointer: Checkpointer
  /** The cluster side of a sequencer (role `sequencer`); undefined in role `all`. */
  sequencer?: RunningSequencer
  /**
   * Re-reads the certificate files of the HTTPS listeners (`exchange node start` calls it on SIGHUP);
   * a listener whose files cannot be read or do not match keeps its certificate and logs an error.
   */
  reloadTls(): void
  stop(): Promise<void>
}

export async function startNode(config: NodeConfig, logger: Logger): Promise<RunningNode> {
  const role = config.role ?? 'all'
  if (role === 'edge') throw new StartupRefused('--role edge: an edge has no store; start it with startEdgeNode')
  if ((role === 'sequencer') !== (config.nats !== undefined)) {
    throw new StartupRefused(
      role === 'sequencer' ? '--role sequencer needs --nats <url>' : '--nats needs --role sequencer or edge',
    )
  }
  const dataDir = path.resolve(config.dataDir)
  // Before the store is opened or any port bound: a second node on this dir is refused here, then
  // TLS files that cannot serve, a branding file that does not pass (listeners/web-content.ts), a port
  // another process holds, then a store and secrets that do not belong together (startup/data-dir.ts).
  const lock = lockDataDir(dataDir)
  // A sequencer leaves the public API to its edges unless told to keep it (--sequencer-public).
  const servesPublic = role !== 'sequencer' || config.sequencerPublic === true
  let db: Db
  let secrets: Secrets
  let web: WebContent | undefined
  try {
    checkTlsFiles(config)
    web = servesPublic ? loadWeb(config, logger, dataDir) : undefined
    await checkPortsFree(config)
    ;({db, secrets} = openDataDir(dataDir))
  } catch (error) {
    lock.release()
    throw error
  }
  const chain = config.chain ?? {network: 'mainnet'}
  const services = createServices(db, secrets, logger, {
    dataDir,
    chain,
    p2p: config.p2p,
    messages: {smtp: config.smtp, sms: config.sms},
  })
  bootstrap(services)
  // Before the writer starts: trading batches record their events in the event log (cluster/sequencer/event-log.ts).
  const sequencing =
    role === 'sequencer' ? (await import('./cluster/sequencer/sequencer.js')).prepareSequencer(services, secrets) : undefined
  const firstAdmin = await services.admins.bootstrap(config.bootstrapAdmin).catch((error: unknown) => {
    db.close()
    lock.release()
    throw error
  })
  if (firstAdmin)
    logger.info({admin_id: firstAdmin.id, email: firstAdmin.email, role: firstAdmin.role}, 'bootstrap admin created')
  const started = Date.now()
  const resting = await services.trading.recoverInParallel()
  logger.info({resting_orders: resting, ms: Date.now() - started}, 'order books rebuilt')

  await services.writer.start()
  const checkpointer = startCheckpointer(db, logger)
  services.p2p.start()
  const closers: (() => Promise<void>)[] = []
  let sequencer: RunningSequencer | undefined
  try {
    if (sequencing) {
      sequencer = await sequencing.start(config, logger)
      closers.push(() => sequencer!.stopCommands())
    }
    await services.blockchains.start(await connect(chain))
    closers.push(() => services.blockchains.stop())
    const runtime = newRuntime(config.dev ?? false)
    const grpc = await startAdminServer({
      services,
      logger,
      host: config.grpcHost,
      port: config.grpcPort,
      adminToken: config.adminToken,
      runtime,
      credentials: serverCredentials(config.grpcTls),
    })
    closers.push(() => grpc.shutdown(config.shutdownGraceMs))
    const http = servesPublic
      ? await openPublicListener({services, streams: services, logger, config, web}, config.httpHost, config.httpPort)
      : undefined
    if (http) closers.push(() => http.close(config.shutdownGraceMs))
    const grpcAddress = `${dialHost(config.grpcHost)}:${grpc.port}`
    const adminDeps = {services, logger, config, grpcAddress, grpcCredentials: ownClientCredentials(config.grpcTls)}
    const adminHttp = await openAdminGatewayListener(adminDeps, config.adminHttpHost, config.adminHttpPort)
    closers.push(() => adminHttp.close(config.shutdownGraceMs))

    const ports = {http: http?.port ?? 0, adminHttp: adminHttp.port, grpc: grpc.port}
    if (http) runtime.listeners.set('http', `${config.httpHost}:${ports.http}`)
    runtime.listeners.set('admin_http', `${config.adminHttpHost}:${ports.adminHttp}`)
    runtime.listeners.set('grpc', `${config.grpcHost}:${ports.grpc}`)
    logger.info(
      {
        data_dir: dataDir,
        http: http ? `${config.httpHost}:${ports.http}` : 'off',
        admin_http: `${config.adminHttpHost}:${ports.adminHttp}`,
        grpc: `${config.grpcHost}:${ports.grpc}`,
        ports,
        tls: {
          grpc: config.grpcTls ? (config.grpcTls.clientCaFile ? 'mtls' : 'tls') : 'off',
          http: http?.tls ?? 'off',
          admin_http: adminHttp.tls,
        },
      },
      'node started',
    )
    if (runtime.dev) logger.warn('dev mode: `exchange dev seed` may create funded demo users (never use --dev in production)')
    let stopping: Promise<void> | undefined
    return {
      services,
      ports,
      grpcAddress,
      checkpointer,
      sequencer,
      reloadTls: () => {
        for (const [name, listener] of [
          ['http', http],
          ['admin_http', adminHttp],
        ] as const) {
          if (!listener?.tls) continue
          try {
            logger.info({listener: name, serial: listener.reloadTls()}, 'tls certificate reloaded')
          } catch (error) {
            logger.error({err: error, listener: name}, 'tls reload failed; the previous certificate stays')
          }
        }
      },
      stop: () =>
        (stopping ??= (async () => {
          logger.info('node stopping')
          await Promise.all(closers.map((close) => close()))
          services.p2p.stop()
          await services.trading.drain()
          await services.writer.stop()
          // What was committed is published before the store closes.
          await sequencer?.stop()
          await checkpointer.stop()
          db.close()
          lock.release()
          logger.info('node stopped')
        })()),
    }
  } catch (error) {
    services.p2p.stop()
    await Promise.allSettled(closers.map((close) => close()))
    await services.writer.stop()
    await sequencer?.stop().catch(() => undefined)
    await checkpointer.stop()
    db.close()
    lock.release()
    throw error
  }
}

/** The address to dial a server bound to `host`: loopback for the wildcard binds, brackets for IPv6. */
function dialHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1'
  if (host === '::') return '[::1]'
  return host.includes(':') ? `[${host}]` : host
}

/** A running edge (role `edge`): the public listener over the cluster, no store (docs/cluster.md "The edge"). */
export type RunningEdge = {
  ports: {http: number}
  reloadTls(): void
  stop(): Promise<void>
}

/**
 * Starts an edge: NATS, the replicas of the reference data (waiting for a sequencer to publish them,
 * so an edge started first waits), the market's reference data, the event stream its WebSockets are
 * fed from, then the public listener over the edge's services (cluster/edge/services.ts) and stream
 * services (cluster/edge/streams.ts). Everything of cluster/ is imported here, on demand.
 */
export async function startEdgeNode(config: NodeConfig, logger: Logger): Promise<RunningEdge> {
  if (!config.nats) throw new StartupRefused('--role edge needs --nats <url>')
  if (!config.secretsFile) throw new StartupRefused("--role edge needs --secrets-file <the sequencer's secrets.json>")
  checkTlsFiles({...config, grpcTls: undefined, adminHttpTls: undefined})
  // No data dir: the branding is --branding-file's, or the defaults.
  const web = loadWeb(config, logger)
  await checkPortsFree({...config, adminHttpPort: 0, grpcPort: 0})
  let secrets: Secrets
  try {
    secrets = readSecrets(config.secretsFile)
  } catch (error) {
    throw new StartupRefused(`--secrets-file ${config.secretsFile}: ${(error as Error).message}`)
  }
  const [{openConnection}, {startEdgeSide}, {edgeServices}, {startEdgeStreams}] = await Promise.all([
    import('./cluster/connection.js'),
    import('./cluster/edge/edge.js'),
    import('./cluster/edge/services.js'),
    import('./cluster/edge/streams.js'),
  ])
  const connection = await openConnection(config.nats, 'edge', logger)
  const closers: (() => Promise<void> | void)[] = [() => connection.close()]
  try {
    const edge = await startEdgeSide(connection, {logger, secrets})
    closers.unshift(() => edge.stop())
    const served = await edgeServices(connection, edge, logger)
    closers.unshift(() => served.stop())
    // The WebSocket streams read the event stream (books, trades, balances, P2P) instead of the services.
    const streams = await startEdgeStreams(connection, edge, served.services, {logger, market: served.market})
    closers.unshift(() => streams.streams.stop())
    const http = await openPublicListener(
      {services: served.services, logger, config, requestScope: served.scope, streams: streams.services, web},
      config.httpHost,
      config.httpPort,
    )
    closers.unshift(() => http.close(config.shutdownGraceMs))
    const ports = {http: http.port}
    logger.info(
      {role: 'edge', http: `${config.httpHost}:${ports.http}`, ports, tls: {http: http.tls}, event_log: edge.meta.eventLogId},
      'node started',
    )
    let stopping: Promise<void> | undefined
    return {
      ports,
      reloadTls: () => {
        if (!http.tls) return
        try {
          logger.info({listener: 'http', serial: http.reloadTls()}, 'tls certificate reloaded')
        } catch (error) {
          logger.error({err: error, listener: 'http'}, 'tls reload failed; the previous certificate stays')
        }
      },
      stop: () =>
        (stopping ??= (async () => {
          logger.info('node stopping')
          for (const close of closers) await close()
          logger.info('node stopped')
        })()),
    }
  } catch (error) {
    for (const close of closers) await Promise.resolve(close()).catch(() => undefined)
    throw error
  }
}
