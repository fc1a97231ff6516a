/**
 * autocannon (no type declarations ship with it) behind a small typed wrapper: one request
 * template whose `setupRequest` builds every request afresh (body and signed headers), a latency
 * histogram of our own at 10 µs resolution (autocannon's own is in whole ms), and the status
 * counts.
 */
import {createRequire} from 'node:module'
import {Buckets} from './stats.js'

type RequestTemplate = {
  method: string
  path: string
  headers?: Record<string, string>
  body?: string | Buffer
  setupRequest?: (req: RequestTemplate, context: object) => RequestTemplate
}

type AutocannonResult = {
  duration: number
  errors: number
  timeouts: number
  non2xx: number
  resets: number
  '2xx': number
  statusCodeStats: Record<string, {count: number}>
  latency: {p50: number; p99: number; average: number; max: number}
  requests: {average: number; total: number; sent: number}
}

type Tracker = {
  on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): void
  on(event: 'done', listener: (result: AutocannonResult) => void): void
}

type Autocannon = (options: Record<string, unknown>, callback: (error: Error | null, result: AutocannonResult) => void) => Tracker

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

export type CannonOptions = {
  url: string
  connections: number
  durationSec: number
  /** Requests per second over all connections (open-loop pacing); unpaced when absent. */
  rate?: number
  /** Builds one request: path, body and headers (signed with a fresh timestamp). */
  next: () => {method: string; path: string; headers: Record<string, string>; body: string}
}

export type CannonResult = {
  durationSec: number
  /** Completed requests per second (any status). */
  rps: number
  /** 2xx answers per second. */
  okRps: number
  completed: number
  ok: number
  non2xx: number
  errors: number
  timeouts: number
  statusCodes: Record<string, number>
  /** From our own histogram (10 µs buckets), in ms. */
  p50: number
  p99: number
  p999: number
  max: number
  mean: number
  /** The latency histogram (10 µs buckets), to merge slices (`mergeResults`). */
  histogram: Buckets
}

const UNIT = 100 // buckets per ms: 10 µs

export function fire(options: CannonOptions): Promise<CannonResult> {
  const histogram = new Buckets(UNIT * 10_000)
  let sum = 0
  let completed = 0
  return new Promise((resolve, reject) => {
    const tracker = autocannon(
      {
        url: options.url,
        connections: options.connections,
        pipelining: 1,
        duration: options.durationSec,
        ...(options.rate ? {overallRate: options.rate} : {}),
        timeout: 10,
        requests: [
          {
            method: 'POST',
            path: '/',
            setupRequest: (req: RequestTemplate) => {
              const built = options.next()
              return {...req, method: built.method, path: built.path, headers: built.headers, body: built.body}
            },
          },
        ],
      },
      (error, result) => {
        if (error) {
          reject(error)
          return
        }
        const statusCodes: Record<string, number> = {}
        for (const [code, {count}] of Object.entries(result.statusCodeStats)) statusCodes[code] = count
        resolve(
          toResult(
            {
              durationSec: result.duration,
              completed,
              ok: result['2xx'],
              non2xx: result.non2xx,
              errors: result.errors,
              timeouts: result.timeouts,
              statusCodes,
              latencySum: sum,
            },
            histogram,
          ),
        )
      },
    )
    tracker.on('response', (_client, _status, _bytes, responseTime) => {
      completed++
      sum += responseTime
      histogram.record(responseTime * UNIT)
    })
  })
}

/** What a measurement counted; `latencySum` in ms, for the mean. */
type Totals = Pick<CannonResult, 'durationSec' | 'completed' | 'ok' | 'non2xx' | 'errors' | 'timeouts' | 'statusCodes'> & {
  latencySum: number
}

function toResult(totals: Totals, histogram: Buckets): CannonResult {
  const {latencySum, ...counts} = totals
  return {
    ...counts,
    rps: counts.completed / counts.durationSec,
    okRps: counts.ok / counts.durationSec,
    p50: histogram.percentile(50) / UNIT,
    p99: histogram.percentile(99) / UNIT,
    p999: histogram.percentile(99.9) / UNIT,
    max: histogram.max / UNIT,
    mean: counts.completed ? latencySum / counts.completed : 0,
    histogram,
  }
}

/** One result from several measurements (slices) of the same target: counts and time added, latencies merged. */
export function mergeResults(slices: CannonResult[]): CannonResult {
  const histogram = new Buckets(UNIT * 10_000)
  const totals: Totals = {durationSec: 0, completed: 0, ok: 0, non2xx: 0, errors: 0, timeouts: 0, statusCodes: {}, latencySum: 0}
  for (const slice of slices) {
    const {counts, max} = slice.histogram.snapshot()
    histogram.merge(counts, max)
    for (const [code, count] of Object.entries(slice.statusCodes))
      totals.statusCodes[code] = (totals.statusCodes[code] ?? 0) + count
    totals.durationSec += slice.durationSec
    totals.completed += slice.completed
    totals.ok += slice.ok
    totals.non2xx += slice.non2xx
    totals.errors += slice.errors
    totals.timeouts += slice.timeouts
    totals.latencySum += slice.mean * slice.completed
  }
  return toResult(totals, histogram)
}
