/**
 * The writer thread: one worker owns the connection the trading path writes through, so the
 * commit's fsync no longer blocks the event loop. The main thread decides everything (checks,
 * matching, balances in memory) and hands each batch's rows over as operations — a registered
 * statement's index and its parameters; the worker runs a batch in one transaction, commits it with
 * synchronous=FULL and reports back, and only then is the batch's promise settled. While a batch is
 * committing the main thread matches the next one.
 *
 * One transaction at a time: each batch is posted to the worker at once, and when the worker starts
 * a transaction it takes every batch waiting in its queue into it — the commit rate follows the disk,
 * and the more commands wait, the more one fsync carries, without a round trip through this thread.
 *
 * One order of commits: every other write of the node still runs on the main connection, in its own
 * synchronous transaction, and `gateWrites` makes each such transaction wait (Atomics.wait, on the
 * main thread) until no batch is in flight — so it sees, and is seen by, every batch in order, and
 * the two connections never write at once.
 *
 * A store without a file (`:memory:`) cannot be shared with a thread: there the writer runs each
 * batch on the main connection as the batch is submitted (the same order, the same transactions).
 */
import type {Worker} from 'node:worker_threads'
import type {CaptureLog, CapturedWrite} from './capture.js'
import {ExchangeError} from '../ground/errors.js'
import type {Logger} from '../ground/logger.js'
import {startWorker} from '../ground/workers.js'
import {gateWrites, type Db} from './database.js'
import {RateMeter} from './rate-meter.js'

/** One row write: the index of a registered statement (`Writer.register`) and its parameters. */
export type WriteOp = [statement: number, params: unknown[]]

export type WriterData = {file: string; statements: string[]; inFlight: SharedArrayBuffer}
/** `batches`: the row writes of one or more batches, run in order in one transaction. */
export type WriterRequest = {type: 'batch'; id: number; batches: WriteOp[][]} | {type: 'reset'} | {type: 'stop'}
/**
 * A batch's outcome. Committed: `commit`, the thread's count of the transactions it has committed
 * (1, 2, …), and `part` of the `of` batches that transaction held (a capture puts them in order).
 */
export type WriterResult =
  {id: number; ok: true; commit: number; part: number; of: number} | {id: number; ok: false; error: string; skipped: boolean}

/** A batch the writer did not commit: it failed (`skipped` false) or came after one that did. */
export class WriteFailure extends Error {
  constructor(
    message: string,
    readonly skipped: boolean,
  ) {
    super(message)
  }
}

type Waiter = {resolve(): void; reject(error: WriteFailure): void}

/** How long a main-thread write waits for the batches in flight before it gives up (a stuck disk). */
const IDLE_TIMEOUT_MS = 30_000

export class Writer {
  private readonly statements: string[] = []
  /** [0]: batches handed over and not yet committed or refused; [1]: transactions the thread has committed. */
  private readonly inFlight = new Int32Array(new SharedArrayBuffer(8))
  /** Where committed batches go, with their writes, when the store's writes are captured (`captureTo`). */
  private capture: {log: CaptureLog; ops: Map<number, WriteOp[]>} | undefined
  private worker: Worker | undefined
  private nextId = 1
  /** The batch of each message the worker has, by message id. */
  private readonly waiting = new Map<number, Waiter>()
  private idleWaiters: (() => void)[] = []
  private stopped = false
  /** Settles once the thread has opened its connection and prepared its statements (or has exited). */
  private workerReady: Promise<void> | undefined
  /** Inline mode (no file to share): statements prepared on the main connection. */
  private inline: {run(ops: WriteOp[]): void} | undefined
  /** Batches committed, per second over the last 10 s (`exchange status`). */
  readonly commits = new RateMeter()

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {
    gateWrites(db, () => this.waitIdle())
  }

  /** Registers a write statement before the first batch; returns its index for `WriteOp`s. */
  register(sql: string): number {
    if (this.worker || this.inline) throw new ExchangeError('internal', 'writer statements are registered before the first batch')
    this.statements.push(sql)
    return this.statements.length - 1
  }

  /**
   * Hands every batch committed from now on to `log`, numbered as the thread committed it, and
   * gives the log the thread's count and its gate for the main connection's commits
   * (store/capture.ts). In memory the batches run on the main connection, which `captureWrites`
   * captures itself.
   */
  captureTo(log: CaptureLog): void {
    log.gate = () => this.waitIdle()
    if (this.db.memory) return
    // The thread's count goes on from the numbers the log has given (the main connection's commits before this call).
    Atomics.store(this.inFlight, 1, log.issued)
    log.nextCommit = () => Atomics.add(this.inFlight, 1, 1) + 1
    this.capture = {log, ops: new Map()}
  }

  /** Whether `stop` has run: every batch submitted from now on is refused. */
  get isStopped(): boolean {
    return this.stopped
  }

  /** Batches handed over and not yet committed (or refused). */
  get pending(): number {
    return Atomics.load(this.inFlight, 0)
  }

  /** Commits `ops` after every batch submitted before (in the same transaction or a later one); rejects with WriteFailure. */
  submit(ops: WriteOp[]): Promise<void> {
    if (this.stopped) return Promise.reject(new WriteFailure('the writer is stopped', true))
    if (this.db.memory) return this.runInline(ops)
    const worker = (this.worker ??= this.spawn())
    const id = this.nextId++
    // A copy: the caller may reuse its array once the batch is handed over.
    this.capture?.ops.set(id, ops.slice())
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, {resolve, reject})
      if (Atomics.add(this.inFlight, 0, 1) === 0) worker.ref()
      worker.postMessage({type: 'batch', id, batches: [ops]} satisfies WriterRequest)
    })
  }

  /** After a failure: the batches submitted from now on are run again. Call once none is in flight. */
  reset(): void {
    this.worker?.postMessage({type: 'reset'} satisfies WriterRequest)
  }

  /** Resolves once every batch submitted so far has been committed or refused, and its promise settled. */
  idle(): Promise<void> {
    if (this.waiting.size === 0) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  /**
   * Blocks the calling (main) thread until no batch is in flight: before a main-connection write.
   * Their promises are settled later, by the event loop; only the store is known to be up to date.
   */
  waitIdle(): void {
    const deadline = Date.now() + IDLE_TIMEOUT_MS
    for (let pending = Atomics.load(this.inFlight, 0); pending > 0; pending = Atomics.load(this.inFlight, 0)) {
      const left = deadline - Date.now()
      if (left <= 0)
        throw new ExchangeError('internal', `the writer thread has ${pending} batches in flight after ${IDLE_TIMEOUT_MS} ms`)
      Atomics.wait(this.inFlight, 0, pending, left)
    }
  }

  /** Waits for the batches in flight, then ends the thread. */
  async stop(): Promise<void> {
    if (this.stopped) return
    await this.idle()
    this.stopped = true
    const worker = this.worker
    if (!worker) return
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
    worker.postMessage({type: 'stop'} satisfies WriterRequest)
    await exited
  }

  /**
   * Starts the thread now (otherwise the first batch does) and resolves once its connection is open
   * and its statements prepared: starting a worker takes a moment the first orders should not wait for.
   */
  async start(): Promise<void> {
    if (this.db.memory || this.stopped) return
    this.worker ??= this.spawn()
    await this.workerReady
  }

  private spawn(): Worker {
    const worker = startWorker(new URL('./writer-worker.js', import.meta.url), {
      file: this.db.name,
      statements: this.statements,
      inFlight: this.inFlight.buffer as SharedArrayBuffer,
    } satisfies WriterData)
    worker.unref()
    this.workerReady = new Promise<void>((resolve) => {
      worker.once('exit', () => resolve())
      worker.on('message', (message: WriterResult | 'ready') => {
        if (message === 'ready') resolve()
        else this.settle(message)
      })
    })
    worker.on('error', (error) => this.fail(error))
    worker.on('exit', (code) => {
      if (!this.stopped) this.fail(new Error(`writer thread exited with code ${code}`))
    })
    return worker
  }

  private settle(result: WriterResult): void {
    const waiter = this.waiting.get(result.id)
    if (!waiter) return
    this.waiting.delete(result.id)
    if (this.waiting.size === 0) this.worker?.unref()
    const captured = this.capture?.ops.get(result.id)
    if (captured) this.capture!.ops.delete(result.id)
    if (result.ok) {
      if (captured) {
        const statements = this.statements
        const writes = captured.map(([statement, params]): CapturedWrite => [statements[statement]!, params])
        this.capture!.log.add(result.commit, {writes}, result.part, result.of)
      }
      this.commits.mark()
      waiter.resolve()
    } else waiter.reject(new WriteFailure(result.error, result.skipped))
    if (this.waiting.size === 0) for (const resolve of this.idleWaiters.splice(0)) resolve()
  }

  /** The thread died: nothing in flight will commit. Refuse it all; the next batch starts a new thread. */
  private fail(error: unknown): void {
    this.logger.error({err: error}, 'writer thread failed')
    this.worker = undefined
    Atomics.store(this.inFlight, 0, 0)
    Atomics.notify(this.inFlight, 0)
    const failed = [...this.waiting.keys()]
    for (const id of failed) this.settle({id, ok: false, error: String(error), skipped: false})
  }

  private runInline(ops: WriteOp[]): Promise<void> {
    // (Inline, every batch is its own transaction, committed as it is submitted.)
    if (!this.inline) {
      const prepared = this.statements.map((sql) => this.db.prepare(sql))
      const run = this.db.transaction((batch: WriteOp[]) => {
        for (const [statement, params] of batch) prepared[statement]!.run(params)
      })
      this.inline = {run}
    }
    try {
      this.inline.run(ops)
      this.commits.mark()
      return Promise.resolve()
    } catch (error) {
      return Promise.reject(new WriteFailure(error instanceof Error ? error.message : String(error), false))
    }
  }
}
