/**
 * `bench:rest -- --api v3`: signed order placement in the Binance form (`POST /api/v3/order`, form
 * body, X-MBX-APIKEY, `signature` over the parameters; docs/binance-compat.md "Keys, signing and permissions") next to `/api/v1`'s
 * (`POST /api/v1/orders/place/`, JSON, X-Signature) on the same node in the same run: the same mix
 * of orders from the same traders, in alternating slices (v1, v3, v1, ...), each answered only once
 * committed. Prints both req/s and their ratio (issue 23: v3 ≥ 90% of v1), and the p99s.
 */
import {fire, mergeResults, type CannonResult} from './cannon.js'
import {BinanceOrderFlow} from './binance-flow.js'
import {startNodeProcess, UNLIMITED_RATES} from './child.js'
import {OrderFlow} from './order-flow.js'
import {seedTraders} from './seed.js'
import {int, median, met, ms, runColumns, table} from './stats.js'

/** v3 req/s over v1 req/s, same node, same run. */
export const TARGET_V3_RATIO = 0.9

export type V3Options = {
  runs: number
  durationSec: number
  sliceSec: number
  connections: number
  accounts: number
  nodeFlags: string[]
}

type Run = {v1: CannonResult; v3: CannonResult; ratio: number}

type Flow = {next: () => {method: string; path: string; headers: Record<string, string>; body: string}}

const pct = (ratio: number): string => `${(100 * ratio).toFixed(1)}%`

export async function compareV3(options: V3Options): Promise<void> {
  const {runs, durationSec, sliceSec, connections, accounts, nodeFlags} = options
  const warmupSec = 2
  console.log(
    `POST /api/v1/orders/place/ (JSON, X-Signature) vs POST /api/v3/order (form, X-MBX-APIKEY, signature), durable ack; ` +
      `${connections} connections, ${durationSec} s each in alternating ${sliceSec} s slices (v1, v3, ...), ${runs} runs, ${accounts} accounts`,
  )
  const results: Run[] = []
  for (let i = 0; i < runs; i++) {
    const node = await startNodeProcess({rateLimits: UNLIMITED_RATES}, {nodeFlags})
    try {
      const traders = await seedTraders(node.grpcAddress, accounts, {USDT: '1000000000', BTC: '100000'})
      // One order stream for both: the same mix from the same traders, spelled for each API.
      const orders = new OrderFlow(traders, undefined, 1000 + i)
      const v1: Flow = orders
      const v3: Flow = new BinanceOrderFlow(orders)
      await preflight(node.httpUrl, v1)
      await preflight(node.httpUrl, v3)
      const shoot = (flow: Flow, seconds: number) =>
        fire({url: node.httpUrl, connections, durationSec: seconds, next: () => flow.next()})
      await shoot(v1, warmupSec)
      await shoot(v3, warmupSec)
      const v1Slices: CannonResult[] = []
      const v3Slices: CannonResult[] = []
      for (let left = durationSec; left > 0; left -= sliceSec) {
        const seconds = Math.min(sliceSec, left)
        // Which goes first alternates: the first of a pair meets a book the other has not grown yet.
        const [first, second] = v1Slices.length % 2 === 0 ? [v1, v3] : [v3, v1]
        const a = await shoot(first, seconds)
        const b = await shoot(second, seconds)
        v1Slices.push(first === v1 ? a : b)
        v3Slices.push(first === v1 ? b : a)
      }
      const run = {v1: mergeResults(v1Slices), v3: mergeResults(v3Slices), ratio: 0}
      run.ratio = run.v3.okRps / run.v1.okRps
      results.push(run)
      console.log(
        `run ${i + 1}: v1 ${int(run.v1.okRps)} req/s (2xx), p99 ${ms(run.v1.p99)}, non-2xx ${run.v1.non2xx}; ` +
          `v3 ${int(run.v3.okRps)} req/s (2xx), p99 ${ms(run.v3.p99)}, non-2xx ${run.v3.non2xx}; v3/v1 ${pct(run.ratio)}` +
          (run.v3.non2xx ? `; v3 statuses ${JSON.stringify(run.v3.statusCodes)}` : ''),
      )
    } finally {
      await node.close()
    }
  }
  const col = (pick: (r: Run) => number, higher: boolean, fmt: (n: number) => string) => runColumns(results, pick, higher, fmt)
  console.log()
  console.log(
    table(
      ['figure', 'best', 'median', 'runs'],
      [
        ['v1 req/s (2xx)', ...col((r) => r.v1.okRps, true, int)],
        ['v3 req/s (2xx)', ...col((r) => r.v3.okRps, true, int)],
        ['v3 / v1 req/s', ...col((r) => r.ratio, true, pct)],
        ['v1 p99', ...col((r) => r.v1.p99, false, ms)],
        ['v3 p99', ...col((r) => r.v3.p99, false, ms)],
        ['v1 non-2xx', ...col((r) => r.v1.non2xx, false, int)],
        ['v3 non-2xx', ...col((r) => r.v3.non2xx, false, int)],
      ],
    ),
  )
  const ratio = median(results.map((r) => r.ratio))
  console.log()
  console.log(`target v3 ≥ ${TARGET_V3_RATIO * 100}% of v1's req/s: ${met(ratio >= TARGET_V3_RATIO)} (median ${pct(ratio)})`)
}

/** A few orders one by one before measuring: each must be accepted, or the run would measure errors. */
async function preflight(baseUrl: string, flow: Flow): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const request = flow.next()
    const response = await fetch(`${baseUrl}${request.path}`, {method: 'POST', headers: request.headers, body: request.body})
    if (response.status !== 200) throw new Error(`preflight order refused: ${response.status} ${await response.text()}`)
  }
}
