/**
 * Entry of the benchmark node child process: boots the real node (`startNode`) with the config in
 * BENCH_NODE_CONFIG (JSON, merged over DEFAULT_CONFIG), logs JSON lines to stdout (the parent reads
 * the "node started" line for the ports), and stops gracefully on SIGTERM/SIGINT or an IPC
 * `{type: 'stop'}` — a normal exit, so `--cpu-prof` writes its profile.
 *
 * With an IPC channel it also runs the in-node trade generator of bench/ws (`{type: 'load', ...}`,
 * see trade-load.ts): orders go straight to `services.trading`, so the node spends its CPU on
 * matching, committing and fanning out rather than on parsing HTTP.
 */
import type {NodeConfig} from '../../src/node/ground/config.js'
import {product} from '../lib/product.js'
import {nameSqliteFrames} from './sql-frames.js'
import {startHeapSampling} from './heap-sampling.js'
import {TradeLoad, type LoadSpec} from './trade-load.js'
import {recordWorkerTids} from './worker-tids.js'

type ParentMessage = {type: 'stop'} | {type: 'load'; spec: LoadSpec} | {type: 'load-stats'} | {type: 'load-stop'}

// bench/attribute.ts: SQLite statements as frames of their own in the CPU profile, before the store opens.
if (process.env['BENCH_NODE_SQL_FRAMES'] === '1') nameSqliteFrames()
// bench/attribute.ts: each worker thread's kernel id and module, for its CPU from /proc.
if (process.env['BENCH_WORKER_TIDS']) recordWorkerTids(process.env['BENCH_WORKER_TIDS'])
// bench/cluster.ts --allocations: every allocation sampled, the profile written at stop.
const stopHeapSampling = process.env['BENCH_HEAP_SAMPLING']
  ? await startHeapSampling(process.env['BENCH_HEAP_SAMPLING'])
  : undefined
const {DEFAULT_CONFIG} = await product<typeof import('../../src/node/ground/config.js')>('node/ground/config.js')
const {createLogger} = await product<typeof import('../../src/node/ground/logger.js')>('node/ground/logger.js')
const {startNode} = await product<typeof import('../../src/node/node.js')>('node/node.js')
const overrides = JSON.parse(process.env['BENCH_NODE_CONFIG'] ?? '{}') as Partial<NodeConfig>
const logger = createLogger(process.env['BENCH_NODE_LOG_LEVEL'] ?? 'info')
const node = await startNode({...DEFAULT_CONFIG, ...overrides}, logger)
if (process.env['BENCH_NODE_STUB_TRADING'] === '1') stubTradingPlace(node.services.trading)

let load: TradeLoad | undefined
let stopping = false
const stop = async (): Promise<void> => {
  if (stopping) return
  stopping = true
  const stats = load?.stop()
  if (stats) logger.info({...stats}, 'bench load stopped')
  await node.stop()
  await stopHeapSampling?.()
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
process.on('SIGINT', () => void stop())
process.on('message', (message: ParentMessage) => {
  switch (message.type) {
    case 'stop':
      void stop()
      break
    case 'load':
      load?.stop()
      load = new TradeLoad(node.services.trading, message.spec, logger)
      load.start()
      break
    case 'load-stats':
      process.send?.({type: 'load-stats', stats: load?.stats(), cpu: process.cpuUsage(), elu: performance.eventLoopUtilization()})
      break
    case 'load-stop': {
      const stats = load?.stop()
      load = undefined
      process.send?.({type: 'load-stopped', stats})
      break
    }
  }
})
process.on('disconnect', () => void stop())

/**
 * BENCH_NODE_STUB_TRADING=1 (bench/attribute.ts --stub-trading): `trading.place` places the
 * first order for real and answers every later one with that result one event-loop turn later, as
 * the group commit would, without matching or committing. What is left of the node's CPU per order
 * is then everything around the trading path: HTTP, Koa, routing, authentication, rate limits.
 */
function stubTradingPlace(trading: typeof node.services.trading): void {
  const real = trading.place.bind(trading)
  let first: ReturnType<typeof real> | undefined
  trading.place = (accountId, input) => {
    if (!first) return (first = real(accountId, input))
    return first.then((result) => new Promise((resolve) => setImmediate(() => resolve(result))))
  }
}
