/**
 * Entry of bench/cluster's edge child process: a cluster edge's public listener as far as the order
 * path and the WebSocket streams go — NATS, `startEdgeSide` (replicas: the signed check, tiers,
 * accounts), `startEdgeStreams` (the event-fed stream services) and the real public listener, with
 * `trading.place`/`cancel` forwarded to the sequencer (the CommandClient). It stands for
 * `exchange node start --role edge` until that role serves the whole listener; any other service a
 * request would need throws.
 *
 * Config in BENCH_EDGE_CONFIG (JSON: {nats, secretsFile, rateLimits}); logs `edge started` with its
 * ports; stops on SIGTERM.
 */
import type {NodeConfig} from '../../src/node/config.js'
import {product} from '../lib/product.js'

type EdgeConfig = {nats: string; secretsFile: string; rateLimits: NodeConfig['rateLimits']}

const {DEFAULT_CONFIG} = await product<typeof import('../../src/node/config.js')>('node/config.js')
const {createLogger} = await product<typeof import('../../src/node/logger.js')>('node/logger.js')
const {readSecrets} = await product<typeof import('../../src/node/auth/secrets.js')>('node/auth/secrets.js')
const {ListenKeys} = await product<typeof import('../../src/node/apikeys/listen-keys.js')>('node/apikeys/listen-keys.js')
const {openConnection} = await product<typeof import('../../src/node/cluster/connection.js')>('node/cluster/connection.js')
const {startEdgeSide} = await product<typeof import('../../src/node/cluster/edge.js')>('node/cluster/edge.js')
const {startEdgeStreams} = await product<typeof import('../../src/node/cluster/edge-streams.js')>('node/cluster/edge-streams.js')
const {openPublicListener} = await product<typeof import('../../src/node/listeners/public.js')>('node/listeners/public.js')

const config = JSON.parse(process.env['BENCH_EDGE_CONFIG'] ?? '{}') as EdgeConfig
const logger = createLogger(process.env['BENCH_NODE_LOG_LEVEL'] ?? 'info')
const connection = await openConnection({servers: config.nats.split(',')}, 'edge', logger)
const side = await startEdgeSide(connection, {logger, secrets: readSecrets(config.secretsFile)})
const forward =
  (service: string, method: string) =>
  (...args: unknown[]) =>
    side.commands.call(service, method, args)
const local: Record<string, unknown> = {
  signedRequests: side.signedRequests,
  tokens: side.tokens,
  tiers: side.tiers,
  apiKeys: side.apiKeys,
  accounts: side.accounts,
  listenKeys: new ListenKeys(),
  systemErrors: {report: (source: string, error: unknown) => (logger.error({err: error, source}, 'edge error'), 'edge')},
  health: () => undefined,
  trading: {place: forward('trading', 'place'), cancel: forward('trading', 'cancel'), cancelAll: forward('trading', 'cancelAll')},
}
const absent = (service: string) =>
  new Proxy(
    {},
    {
      get: (_object, key) =>
        typeof key === 'symbol' || key === 'then'
          ? undefined
          : () => {
              throw new Error(`${service}.${String(key)} is not served by the bench edge`)
            },
    },
  )
type Services = Parameters<typeof openPublicListener>[0]['services']
const base = new Proxy({} as Services, {get: (_o, key) => (typeof key === 'string' ? (local[key] ?? absent(key)) : undefined)})
const {streams, services} = await startEdgeStreams(connection, side, base, {logger})
const listener = await openPublicListener(
  {
    services: base,
    streams: services,
    logger,
    config: {
      ...DEFAULT_CONFIG,
      rateLimits: config.rateLimits,
      wsLimits: {maxConnections: 10_000, maxConnectionsPerIp: 10_000},
      shutdownGraceMs: 500,
    },
  },
  '127.0.0.1',
  0,
)
logger.info({ports: {http: listener.port}}, 'edge started')

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await listener.close(500)
  await streams.stop()
  await side.stop()
  await connection.close()
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
process.on('SIGINT', () => void stop())
process.on('disconnect', () => void stop())
