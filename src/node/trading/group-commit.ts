/**
 * Group commit: commands arriving in one event-loop turn are queued and executed in one SQLite
 * transaction, committed with synchronous=FULL, then all are answered and their events published.
 * Every check that can refuse a command runs before the command writes anything or touches the
 * engine (the funds check of its hold included: LedgerBatch checks before writing), so a refused
 * command leaves nothing behind without a savepoint of its own. If a batch fails as a whole (a bug
 * or an I/O error), the books it touched are rebuilt from the store and its commands are retried one
 * by one, each in its own transaction.
 */
import type {EventEmitter} from 'node:events'
import {ExchangeError} from '../errors.js'
import type {Ledger} from '../ledger/ledger.js'
import type {Logger} from '../logger.js'
import type {Db} from '../store/database.js'
import {nowIso} from '../time.js'
import type {BatchContext, BatchExecutor, Command, CommittedEvents, Outcome, Pending} from './types.js'

export class GroupCommit {
  private queue: Pending[] = []
  private scheduled = false
  /** `db.transaction` wrapper, built once (building one per call was ~9% of a batch). */
  private readonly runInTransaction: (batch: Pending[], events: CommittedEvents, now: string, touched: Set<string>) => Outcome[]

  constructor(
    db: Db,
    ledger: Ledger,
    private readonly executor: BatchExecutor,
    /** Emits `committed` with the CommittedEvents of each batch, after its commit. */
    private readonly published: EventEmitter,
    private readonly logger: Logger,
  ) {
    this.runInTransaction = db.transaction((batch: Pending[], events: CommittedEvents, now: string, touched: Set<string>) => {
      const context: BatchContext = {
        ledger: ledger.batch(now),
        now,
        fees: new Map(),
        feeAccount: undefined,
        trades: [],
        touched,
        committed: false,
      }
      const outcomes = batch.map((pending) => this.attempt(pending.command, events, context))
      context.ledger.close()
      return outcomes
    })
  }

  /** Queues a command for the next batch; resolves or rejects once the batch is committed. */
  submit(command: Command): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queue.push({command, resolve, reject})
      if (!this.scheduled) {
        this.scheduled = true
        setImmediate(() => this.flush())
      }
    })
  }

  /** Executes the queued commands in one SQLite transaction, then answers them and publishes. */
  private flush(): void {
    const batch = this.queue
    this.queue = []
    this.scheduled = false
    const events: CommittedEvents = {orders: [], trades: [], books: new Set()}
    const now = nowIso()
    let outcomes: Outcome[]
    const touched = new Set<string>()
    try {
      outcomes = this.runInTransaction(batch, events, now, touched)
    } catch (error) {
      // The batch as a whole failed (a bug or an I/O error): nothing of it is on disk. Put the books
      // back as the store has them and run each command alone, so only the failing one fails.
      this.logger.error({err: error, commands: batch.length}, 'trading batch failed; retrying one by one')
      this.executor.recover(touched)
      events.orders.length = 0
      events.trades.length = 0
      events.books.clear()
      outcomes = batch.map((pending) => {
        const mark = {orders: events.orders.length, trades: events.trades.length}
        const alone = new Set<string>()
        try {
          return this.runInTransaction([pending], events, now, alone)[0]!
        } catch (single) {
          this.executor.recover(alone)
          events.orders.length = mark.orders
          events.trades.length = mark.trades
          return {ok: false as const, error: single}
        }
      })
    }
    batch.forEach((pending, i) => {
      const outcome = outcomes[i]!
      if (outcome.ok) pending.resolve(outcome.value)
      else pending.reject(outcome.error)
    })
    if (events.orders.length || events.trades.length || events.books.size) this.published.emit('committed', events)
  }

  /**
   * One command of the batch. A refusal (an ExchangeError raised before the command wrote anything
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
