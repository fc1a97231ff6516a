/**
 * What-if for bench/ws's hot spot: how many trade messages per second can one Node process fan out
 * to 500 WebSocket subscribers on this machine, depending on how the frames are written (see
 * fanout-server.ts: `send` = today's per-message ws.send, `cork` = per-socket coalescing of each
 * batch, `preframed` = coalescing + frames encoded once for all sockets, `stream:I/S` = the node's
 * own TradesStream with a throttle interval of I ms over S slots)? No trading, no SQLite: only the
 * fan-out, so the figures are the ceiling the streams could reach, and the server's CPU is the
 * fan-out's alone.
 *
 *   node --import tsx bench/lib-net/fanout-whatif.ts [--subscribers 500 --rates 1000,2000,4000 --batch-ms 5,20 --duration 5
 *                                                     --modes send,cork,preframed,stream:10/1,stream:20/8 --client raw --client-threads 1]
 *
 * Subscribers are the same client pool as bench/ws (ws-clients.ts in worker threads, `--client raw`
 * or `ws`); the client process's CPU and its CPU per delivered message are printed beside the server's.
 */
import {startChild} from './child.js'
import {flag, int, machine, ms, table} from './stats.js'
import type {ClientKind} from './ws-protocol.js'
import {SubscriberPool} from './ws-pool.js'

type Stats = {published: number; cpu: {user: number; system: number}; elu: {active: number; idle: number}}

const subscribers = Number(flag('subscribers', '500'))
const rates = flag('rates', '1000,2000,4000').split(',').map(Number)
const batchList = flag('batch-ms', '5,20').split(',').map(Number)
const modes = flag('modes', 'send,cork,preframed').split(',')
const durationSec = Number(flag('duration', '5'))
const threads = Number(flag('client-threads', '1'))
const client = flag('client', 'raw') as ClientKind

console.log(`fan-out what-if — ${machine()}`)
console.log(`${subscribers} trades subscribers, ${durationSec} s per cell`)
const server = await startChild({entry: 'fanout-server.ts', readyMsg: 'fanout started'})
const pool = await SubscriberPool.open({
  httpPort: server.ports.http,
  ticker: 'BTC-USDT',
  orderbook: 0,
  trades: subscribers,
  depth: 20,
  threads,
  client,
})
const rows: string[][] = []
try {
  for (const mode of modes) {
    // `stream:20/8`: the node's TradesStream with a 20 ms interval over 8 slots.
    const [kind, config = ''] = mode.split(':')
    const [intervalMs, slots] = config.split('/').map(Number)
    for (const batchMs of batchList) {
      for (const rate of rates) {
        server.send({type: 'run', mode: kind, rate, batchMs, intervalMs, slots})
        await sleep(1000)
        const before = await stats()
        const t0 = performance.now()
        const clientBefore = process.cpuUsage()
        pool.reset()
        await sleep(durationSec * 1000)
        const report = await pool.report()
        const clientUsage = process.cpuUsage(clientBefore)
        const after = await stats()
        const sec = (performance.now() - t0) / 1000
        const clientCpu = (clientUsage.user + clientUsage.system) / 1e6 / sec
        const delivered = report.tradeMessages / report.windowSec
        server.send({type: 'stop-run'})
        await sleep(1500) // drain
        const cpu = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1e6 / sec
        const busy =
          (after.elu.active - before.elu.active) / (after.elu.active - before.elu.active + after.elu.idle - before.elu.idle)
        const row = [
          mode,
          `${batchMs} ms`,
          int(rate * subscribers),
          int(((after.published - before.published) / sec) * subscribers),
          int(delivered),
          ms(report.trades.percentile(50)),
          ms(report.trades.percentile(99)),
          `${(100 * cpu).toFixed(0)}%`,
          `${((1e6 * cpu) / ((after.published - before.published) / sec)).toFixed(0)} µs`,
          `${(100 * busy).toFixed(0)}%`,
          `${(100 * clientCpu).toFixed(0)}% (sys ${((100 * clientUsage.system) / 1e6 / sec).toFixed(0)}%)`,
          `${((1e6 * clientCpu) / delivered).toFixed(2)} µs`,
        ]
        rows.push(row)
        console.log(row.join('  '))
      }
    }
  }
} finally {
  await server.stop()
  await pool.close()
}
console.log()
console.log(
  table(
    [
      'mode',
      'batch',
      'offered msg/s',
      'published msg/s',
      'delivered msg/s',
      'p50',
      'p99',
      'server CPU',
      'server CPU per trade',
      'loop busy',
      'client CPU',
      'client CPU per msg',
    ],
    rows,
  ),
)

async function stats(): Promise<Stats> {
  server.send({type: 'stats'})
  return server.receive<Stats>('stats')
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
