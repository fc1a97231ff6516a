/**
 * Entry of bench/cluster's edge child process: `exchange node start --role edge` as the CLI runs it
 * (`startEdgeNode`: NATS, the replicas, the public listener over the edge's services, its WebSocket
 * streams on the event stream), with the config in BENCH_EDGE_CONFIG (JSON: {nats, secretsFile,
 * rateLimits}) and the WebSocket caps raised for the bench's sockets. Logs JSON lines to stdout
 * ("node started" carries the ports) and stops on SIGTERM.
 */
import type {NodeConfig} from '../../src/node/ground/config.js'
import {product} from '../lib/product.js'

type EdgeConfig = {nats: string; secretsFile: string; rateLimits: NodeConfig['rateLimits']}

const {DEFAULT_CONFIG} = await product<typeof import('../../src/node/ground/config.js')>('node/ground/config.js')
const {createLogger} = await product<typeof import('../../src/node/ground/logger.js')>('node/ground/logger.js')
const {startEdgeNode} = await product<typeof import('../../src/node/node.js')>('node/node.js')

const config = JSON.parse(process.env['BENCH_EDGE_CONFIG'] ?? '{}') as EdgeConfig
const logger = createLogger(process.env['BENCH_NODE_LOG_LEVEL'] ?? 'info')
const edge = await startEdgeNode(
  {
    ...DEFAULT_CONFIG,
    role: 'edge',
    nats: {servers: config.nats.split(',')},
    secretsFile: config.secretsFile,
    httpHost: '127.0.0.1',
    httpPort: 0,
    rateLimits: config.rateLimits,
    wsLimits: {maxConnections: 10_000, maxConnectionsPerIp: 10_000},
    shutdownGraceMs: 500,
  },
  logger,
)

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await edge.stop()
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
process.on('SIGINT', () => void stop())
process.on('disconnect', () => void stop())
