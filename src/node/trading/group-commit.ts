/**
 * Group commit: commands arriving in one event-loop turn are run together as one batch — checked,
 * matched and settled against the books and balances in memory on this thread — and the batch's row
 * writes go to the writer thread (store/writer.ts), which commits them in one SQLite transaction with
 * synchronous=FULL. Only then are the batch's commands answered and its events published; meanwhile
 * the next batch is matched. Batches commit, and are answered, in the order they were run.
 *
 * Every check that can refuse a command runs before the command changes anything or reaches the
 * engine (its funds reservation is the last), so a refused command leaves nothing behind. If a batch
 * fails as a whole — a bug while it runs here, or the writer failing to commit it (then every batch
 * after it in flight is refused too, having been computed on top of it) — new commands wait, the
 * batches in flight settle, the books and balances they touched are put back as the store has them,
 * and the failed batches' commands are run again one by one, each alone: only a failing one fails.
 */
import type {EventEmitter} from 'node:events'
import {ExchangeError} from '../ground/errors.js'
import type {Ledger, LedgerWrites} from '../ledger/ledger.js'
import type {Logger} from '../ground/logger.js'
import {WriteFailure, type Writer} from '../store/writer.js'
import {inReadTransaction, type Db} from '../store/database.js'
import {nowIso} from '../ground/time.js'
import {mergeLevels, type TouchedLevels} from './book-updates.js'
import type {BatchContext, BatchExecutor, BatchJournal, Command, CommittedEvents, Outcome, Pending} from './types.js'

/** A batch run on this thread: its answers, what it publishes, and its context (writes, touched books). */
type Run = {number: number; batch: Pending[]; outcomes: Outcome[]; events: CommittedEvents; context: BatchContext}

export class GroupCommit {
  private queue: Pending[] = []
  private scheduled = false
  private nextRun = 1
  /** Set while failed batches are being recovered: commands wait in the queue. */
  private recovering: Promise<void> | undefined
  private failures: Failure[] = []
  /** Records each batch's events in its own transaction (cluster mode); none in role all. */
  journal: BatchJournal | undefined

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly ledgerWrites: LedgerWrites,
    private readonly writer: Writer,
    private readonly executor: BatchExecutor,
    /** Emits `committed` with the CommittedEvents of each batch, after its commit. */
    private readonly published: EventEmitter,
    private readonly logger: Logger,
  ) {}

  /** Queues a command for the next batch; resolves or rejects once the batch is committed. */
  submit(command: Command): Promise<unknown> {
    if (this.writer.isStopped) return Promise.reject(shuttingDown())
    return new Promise((resolve, reject) => {
      this.queue.push({command, resolve, reject})
      this.schedule()
    })
  }

  /** Runs the queued commands now and resolves once every batch so far is committed and answered (before the writer stops). */
  async drain(): Promise<void> {
    if (this.queue.length && !this.recovering) this.flush()
    await this.recovering
    await this.writer.idle()
  }

  private schedule(): void {
    if (this.scheduled) return
    this.scheduled = true
    setImmediate(() => this.flush())
  }

  /** Runs the queued commands as one batch and hands its writes to the writer. */
  private flush(): void {
    this.scheduled = false
    if (this.recovering) return
    const batch = this.queue
    this.queue = []
    if (batch.length === 0) return
    if (this.writer.isStopped) {
      // Queued before the node began to stop, run after: refused whole, nothing of it ran.
      for (const pending of batch) pending.reject(shuttingDown())
      return
    }
    const run = this.run(batch)
    if (run instanceof RunFailure) {
      this.fail({number: run.number, batch, touched: run.touched, levels: run.levels}, run.error)
      return
    }
    this.commit(run.context).then(
      () => this.answer(run),
      (error: unknown) => this.fail({number: run.number, batch, touched: run.context.touched, levels: run.context.levels}, error),
    )
  }

  /**
   * Hands a batch's rows to the writer; resolves once they are on disk. Once `Writer.submit` has
   * returned the writer has them (postMessage cloned them; inline, they ran), so they are let go here:
   * with many commands in flight (a sequencer's), every batch waiting for its fsync kept each order's
   * row parameters, ledger entries and event bodies alive through the young generation's
   * collections, which copy what is alive.
   */
  private commit(context: BatchContext): Promise<void> {
    const committing = this.writer.submit(context.ops)
    context.ops.length = 0
    return committing
  }

  /** Runs a batch's commands here; on a failure as a whole, undoes its balances and says which books it touched. */
  private run(batch: Pending[]): Run | RunFailure {
    const now = nowIso()
    const ops: BatchContext['ops'] = []
    const context: BatchContext = {
      ledger: this.ledger.batch(now, this.ledgerWrites, ops),
      ops,
      now,
      fees: new Map(),
      trades: [],
      touched: new Set(),
      levels: new Map(),
      committed: false,
      placed: [],
      ended: [],
    }
    const events: CommittedEvents = {orders: [], trades: [], fills: [], books: new Set(), depth: []}
    const number = this.nextRun++
    try {
      // The batch's look-ups (client order ids, orders not in memory, balances on first use) read one snapshot.
      const outcomes = inReadTransaction(this.db, () => batch.map((pending) => this.attempt(pending.command, events, context)))
      this.executor.seal(context, events)
      if (this.journal && (events.orders.length || events.trades.length || events.books.size)) {
        this.journal.record(events, ops, context.ledger.changed())
      }
      context.ledger.close()
      return {number, batch, outcomes, events, context}
    } catch (error) {
      context.ledger.abort()
      return new RunFailure(error, context.touched, context.levels, number)
    }
  }

  /** The batch is on disk: answer its commands, then publish what it changed. */
  private answer(run: Run): void {
    this.executor.committed(run.context, run.events)
    run.batch.forEach((pending, i) => {
      const outcome = run.outcomes[i]!
      if (outcome.ok) pending.resolve(outcome.value)
      else pending.reject(outcome.error)
    })
    const {events} = run
    this.publish(events)
  }

  private publish(events: CommittedEvents): void {
    if (events.orders.length || events.trades.length || events.books.size || events.depth.length) {
      this.published.emit('committed', events)
    }
  }

  /** A batch failed as a whole: hold new commands, and recover once every batch in flight has settled. */
  private fail(failure: Failure, error: unknown): void {
    if (!(error instanceof WriteFailure && error.skipped)) {
      this.logger.error({err: error, commands: failure.batch.length}, 'trading batch failed; retrying one by one')
    }
    this.failures.push(failure)
    this.recovering ??= this.recover()
  }

  private async recover(): Promise<void> {
    await this.writer.idle()
    const failures = this.failures.splice(0).sort((a, b) => a.number - b.number)
    const levels: TouchedLevels = new Map()
    for (const failure of failures) mergeLevels(levels, failure.levels)
    this.reset(new Set(failures.flatMap((failure) => [...failure.touched])), levels)
    for (const failure of failures) {
      for (const pending of failure.batch) await this.runAlone(pending)
    }
    this.recovering = undefined
    if (this.queue.length) this.schedule()
  }

  /** One command as a batch of its own; if that fails too, the command fails and memory is put back again. */
  private async runAlone(pending: Pending): Promise<void> {
    const run = this.run([pending])
    if (run instanceof RunFailure) {
      this.reset(run.touched, run.levels)
      pending.reject(run.error)
      return
    }
    try {
      await this.commit(run.context)
      this.answer(run)
    } catch (error) {
      this.reset(run.context.touched, run.context.levels)
      pending.reject(error)
    }
  }

  /**
   * With nothing in flight: balances, books and counters as the store has them, and the writer
   * taking batches again; the levels the failed batches touched are published as they now rest.
   */
  private reset(touched: Set<string>, levels: TouchedLevels): void {
    this.ledger.dropCache()
    this.executor.recover(touched)
    this.writer.reset()
    const repair = this.executor.repair(levels)
    if (!repair) return
    this.journal?.recordNow(repair)
    this.publish(repair)
  }

  /**
   * One command of the batch. A refusal (an ExchangeError raised before the command changed anything
   * or reached the engine) is its answer and leaves the batch going; anything else fails the batch.
   */
  private attempt(command: Command, events: CommittedEvents, context: BatchContext): Outcome {
    const mark = {orders: events.orders.length, trades: events.trades.length}
    context.committed = false
    try {
      return {ok: true, value: this.executor.execute(command, events, context)}
    } catch (error) {
      if (error instanceof ExchangeError && error.code !== 'internal' && !context.committed) {
        events.orders.length = mark.orders
        events.trades.length = mark.trades
        return {ok: false, error}
      }
      throw error
    }
  }
}

/** A batch that failed as a whole: its commands run again one by one; its books and levels are put back. */
type Failure = {number: number; batch: Pending[]; touched: Set<string>; levels: TouchedLevels}

/** The answer to a command that arrives while the node stops: 503, try again (it never ran). */
const shuttingDown = (): ExchangeError => new ExchangeError('unavailable', 'the node is shutting down; nothing was done')

/** A batch that failed while it ran on this thread. */
class RunFailure extends Error {
  constructor(
    readonly error: unknown,
    readonly touched: Set<string>,
    readonly levels: TouchedLevels,
    readonly number: number,
  ) {
    super('trading batch failed')
  }
}
