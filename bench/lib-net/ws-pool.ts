/**
 * The subscriber side of bench/ws in this process: `threads` worker threads running ws-clients.ts,
 * each with its share of the sockets; measurement windows and merged reports. A window is this
 * thread's: `reset` copies the threads' shared counters (ws-clients.ts) and `report` differences
 * them, on this thread's clock — however far behind its sockets a client thread is.
 */
import type {EventLoopUtilization} from 'node:perf_hooks'
import {Worker} from 'node:worker_threads'
import {Buckets} from './stats.js'
import {COUNTER_SLOTS, LATENCY_BUCKETS, type ClientKind, type OpenRequest, type WorkerReport} from './ws-protocol.js'

export type PoolOptions = {
  httpPort: number
  ticker: string
  orderbook: number
  trades: number
  depth: number
  threads: number
  /** Which client reads the frames (ws-clients.ts); default 'raw'. */
  client?: ClientKind
}

export type PoolReport = {
  windowSec: number
  tradeMessages: number
  bookMessages: number
  trades: Buckets
  book: Buckets
  all: Buckets
  /** Sockets the server closed or dropped during the run (any close code but 1000). */
  dropped: number
  errors: number
  /** Sockets still open at the report. */
  open: number
  /** Event-loop utilisation of each client thread over the window. */
  elu: number[]
}

type Thread = {worker: Worker; orderbook: Float64Array; trades: Float64Array}
type Mark = {at: number; counts: {orderbook: Float64Array; trades: Float64Array}[]; elu: EventLoopUtilization[]}

export class SubscriberPool {
  private mark: Mark

  private constructor(private readonly threads: Thread[]) {
    this.mark = this.take()
  }

  private get workers(): Worker[] {
    return this.threads.map((thread) => thread.worker)
  }

  static async open(options: PoolOptions): Promise<SubscriberPool> {
    const threads: Thread[] = []
    const opened: Promise<unknown>[] = []
    for (let w = 0; w < options.threads; w++) {
      const worker = tsWorker(new URL('./ws-clients.ts', import.meta.url).href)
      const counters = {
        orderbook: new SharedArrayBuffer(COUNTER_SLOTS * 8),
        trades: new SharedArrayBuffer(COUNTER_SLOTS * 8),
      }
      threads.push({worker, orderbook: new Float64Array(counters.orderbook), trades: new Float64Array(counters.trades)})
      const share = (n: number) => Math.floor(n / options.threads) + (w < n % options.threads ? 1 : 0)
      const open: OpenRequest = {
        type: 'open',
        httpPort: options.httpPort,
        tickers: [options.ticker],
        orderbook: share(options.orderbook),
        trades: share(options.trades),
        depth: options.depth,
        client: options.client ?? 'raw',
        counters,
      }
      opened.push(request(worker, open, 'opened'))
    }
    const pool = new SubscriberPool(threads)
    try {
      await Promise.all(opened)
    } catch (error) {
      await pool.close()
      throw error
    }
    return pool
  }

  /** Starts a measurement window (now, on this thread's clock). */
  reset(): void {
    this.mark = this.take()
  }

  /** What the threads counted since `reset`. */
  async report(): Promise<PoolReport> {
    const end = this.take()
    const start = this.mark
    const reports = await Promise.all(this.workers.map((worker) => request<WorkerReport>(worker, {type: 'report'}, 'report')))
    const merged: PoolReport = {
      windowSec: (end.at - start.at) / 1000,
      tradeMessages: 0,
      bookMessages: 0,
      trades: new Buckets(LATENCY_BUCKETS),
      book: new Buckets(LATENCY_BUCKETS),
      all: new Buckets(LATENCY_BUCKETS),
      dropped: 0,
      errors: 0,
      open: reports.reduce((sum, r) => sum + r.open, 0),
      elu: this.threads.map(
        (thread, i) => thread.worker.performance.eventLoopUtilization(end.elu[i]!, start.elu[i]!).utilization,
      ),
    }
    end.counts.forEach((counts, i) => {
      const trades = window(start.counts[i]!.trades, counts.trades)
      const book = window(start.counts[i]!.orderbook, counts.orderbook)
      merged.trades.merge(trades.latencies, trades.max)
      merged.book.merge(book.latencies, book.max)
      merged.all.merge(trades.latencies, trades.max)
      merged.all.merge(book.latencies, book.max)
      merged.tradeMessages += trades.messages
      merged.bookMessages += book.messages
    })
    for (const report of reports) {
      merged.errors += report.errors
      for (const [code, count] of Object.entries(report.closed)) if (code !== '1000') merged.dropped += count
    }
    return merged
  }

  /** The threads' counters now (copies) and their event-loop use so far. */
  private take(): Mark {
    return {
      at: performance.now(),
      counts: this.threads.map((thread) => ({orderbook: thread.orderbook.slice(), trades: thread.trades.slice()})),
      elu: this.threads.map((thread) => thread.worker.performance.eventLoopUtilization()),
    }
  }

  async close(): Promise<void> {
    await Promise.all(
      this.workers.map(async (worker) => {
        const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
        worker.postMessage({type: 'close'})
        const timer = setTimeout(() => void worker.terminate(), 5000)
        await exited
        clearTimeout(timer)
      }),
    )
  }
}

/** A worker thread running a TypeScript module: workers do not inherit tsx's loader, so it is registered in the worker. */
function tsWorker(moduleUrl: string): Worker {
  const api = import.meta.resolve('tsx/esm/api')
  const code = `import(${JSON.stringify(api)}).then(({tsImport}) => tsImport(${JSON.stringify(moduleUrl)}, ${JSON.stringify(moduleUrl)}))`
  return new Worker(code, {eval: true})
}

function request<T>(worker: Worker, message: object, reply: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: {type: string; error?: string}) => {
      if (m.type === reply) {
        worker.off('message', onMessage)
        resolve(m as T)
      } else if (m.type === 'failed') {
        worker.off('message', onMessage)
        reject(new Error(m.error))
      }
    }
    worker.on('message', onMessage)
    worker.once('error', reject)
    worker.postMessage(message)
  })
}

/** One stream's counts between two copies of its shared counters; the max is the highest non-empty 1 ms bucket. */
function window(before: Float64Array, after: Float64Array): {messages: number; latencies: number[]; max: number} {
  const latencies: number[] = []
  let max = 0
  for (let i = 1; i < after.length; i++) {
    const n = after[i]! - before[i]!
    latencies.push(n)
    if (n > 0) max = i - 1
  }
  return {messages: after[0]! - before[0]!, latencies, max}
}
