/**
 * The subscriber side of bench/ws in this process: `threads` worker threads running ws-clients.ts,
 * each with its share of the sockets; measurement windows and merged reports.
 */
import {Worker} from 'node:worker_threads'
import {Buckets} from './stats.js'
import type {ClientKind, OpenRequest, WorkerReport} from './ws-clients.js'

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

export class SubscriberPool {
  private constructor(private readonly workers: Worker[]) {}

  static async open(options: PoolOptions): Promise<SubscriberPool> {
    const workers: Worker[] = []
    const opened: Promise<unknown>[] = []
    for (let w = 0; w < options.threads; w++) {
      const worker = tsWorker(new URL('./ws-clients.ts', import.meta.url).href)
      workers.push(worker)
      const share = (n: number) => Math.floor(n / options.threads) + (w < n % options.threads ? 1 : 0)
      const open: OpenRequest = {
        type: 'open',
        httpPort: options.httpPort,
        tickers: [options.ticker],
        orderbook: share(options.orderbook),
        trades: share(options.trades),
        depth: options.depth,
        client: options.client ?? 'raw',
      }
      opened.push(request(worker, open, 'opened'))
    }
    const pool = new SubscriberPool(workers)
    try {
      await Promise.all(opened)
    } catch (error) {
      await pool.close()
      throw error
    }
    return pool
  }

  /** Starts a measurement window: counters and histograms back to zero. */
  reset(): void {
    for (const worker of this.workers) worker.postMessage({type: 'reset'})
  }

  async report(): Promise<PoolReport> {
    const reports = await Promise.all(this.workers.map((worker) => request<WorkerReport>(worker, {type: 'report'}, 'report')))
    const merged: PoolReport = {
      windowSec: Math.max(...reports.map((r) => r.windowMs)) / 1000,
      tradeMessages: 0,
      bookMessages: 0,
      trades: new Buckets(60_000),
      book: new Buckets(60_000),
      all: new Buckets(60_000),
      dropped: 0,
      errors: 0,
      open: reports.reduce((sum, r) => sum + r.open, 0),
      elu: reports.map((r) => r.elu),
    }
    for (const report of reports) {
      merged.trades.merge(report.trades.histogram.counts, report.trades.histogram.max)
      merged.book.merge(report.orderbook.histogram.counts, report.orderbook.histogram.max)
      merged.all.merge(report.trades.histogram.counts, report.trades.histogram.max)
      merged.all.merge(report.orderbook.histogram.counts, report.orderbook.histogram.max)
      merged.tradeMessages += report.trades.messages
      merged.bookMessages += report.orderbook.messages
      merged.errors += report.errors
      for (const [code, count] of Object.entries(report.closed)) if (code !== '1000') merged.dropped += count
    }
    return merged
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
