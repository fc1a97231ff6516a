/**
 * The sequencer's event log: SQLite is the durable record of what the stream must carry (nats-server
 * 2.9 cannot be told to fsync), so every event is in a row written in the same transaction as the
 * change it describes, and the publisher (event-publisher.ts) reads the rows back, in order, for what
 * the stream has not acknowledged. A row is one message of the stream: one event of a module, or a
 * trading batch's events of one subject (events.ts `batchMessages`).
 *
 * Two ways in, both inside the change's own transaction:
 * - the trading path's batches: `record` (a `BatchJournal`) appends the batch's messages as row writes
 *   for the writer thread, after its commands have run;
 * - any other module: `append`, inside its `db.transaction` on the main connection.
 *
 * One order: a sequence is taken when a row is appended, from one counter. Batches commit in the
 * order they ran, and a main-connection transaction begins only once no batch is in flight
 * (store/database.ts `gateWrites`), so the rows on disk are always every sequence up to the highest —
 * but for those of a batch that failed, which never commit (the log has gaps; the stream does not).
 *
 * Rows the stream has acknowledged are kept for a while (`KEEP_ACKNOWLEDGED`): if NATS loses the tail
 * of the stream (it may, without fsync), the publisher republishes it from here.
 *
 * The publisher need not read back what a trading batch just wrote: the rows `record` made are kept
 * in memory with the batch's events and handed over once trading says the batch committed
 * (`committed`, the `committed` event of trading); `committedAfter` gives them while they follow on
 * from where the publisher stands. Anything else (a module's `append`, the gap a failed batch left,
 * a publisher that fell behind) is read from the table, as it stands committed (`after`).
 */
import {randomUUID} from 'node:crypto'
import type {Db} from '../../store/database.js'
import type {Writer, WriteOp} from '../../store/writer.js'
import type {BalanceRow} from '../../ledger/types.js'
import type {BatchJournal, CommittedEvents} from '../../trading/trading.js'
import {encodePlainText, encodeText, type Plain} from '../codec.js'
import {batchMessages, onTheWire, tradingEvents, type ClusterEvent, type TradingEvent} from '../events.js'

/** Trading events go through `encodePlainText` (`record`): checked plain here. */
export type PlainTradingEvents = Plain<TradingEvent[]>

/** One row of the log, one message of the stream. `body` is the JSON (codec.ts) of an event, or of an array of one subject's events of a trading batch. */
export type LoggedEvent = {seq: number; subject: string; body: string}

/** How many acknowledged events stay in the log behind the stream (a stream that lost its tail is refilled). */
export const KEEP_ACKNOWLEDGED = 100_000

/** Committed rows kept in memory for the publisher at most; past that it reads the table. */
const KEEP_IN_MEMORY = 20_000

const INSERT = 'INSERT INTO cluster_events (seq, subject, body) VALUES (?, ?, ?)'

export class EventLog implements BatchJournal {
  /** The log's identity (in every message's header): a stream holding another log's events is refused. */
  readonly logId: string
  private nextSeq: number
  private readonly insertOp: number | undefined
  private readonly statements
  private readonly appendListeners = new Set<() => void>()
  private notifyScheduled = false
  /** The rows each recorded batch wrote, until it commits (a batch that fails is forgotten with its events). */
  private readonly recorded = new WeakMap<CommittedEvents, LoggedEvent[]>()
  /** Rows of committed batches, in sequence order, not yet known to be published. */
  private committedRows: LoggedEvent[] = []
  private tableOnly = 0

  /**
   * Opens the log of `db`. With the writer (before it starts), trading batches can record their
   * events through it (`record`); without one only `append` is possible.
   */
  constructor(
    private readonly db: Db,
    writer?: Writer,
  ) {
    db.prepare('INSERT OR IGNORE INTO cluster_event_log (id, log_id, published_through) VALUES (1, ?, 0)').run(randomUUID())
    const meta = db.prepare<[], {log_id: string; published_through: number}>('SELECT * FROM cluster_event_log').get()!
    this.logId = meta.log_id
    const last = db.prepare<[], {seq: number | null}>('SELECT max(seq) AS seq FROM cluster_events').get()!.seq ?? 0
    this.nextSeq = Math.max(last, meta.published_through) + 1
    this.insertOp = writer?.register(INSERT)
    this.statements = {
      insert: db.prepare(INSERT),
      after: db.prepare<[number, number], LoggedEvent>(
        'SELECT seq, subject, body FROM cluster_events WHERE seq > ? ORDER BY seq LIMIT ?',
      ),
      last: db.prepare<[], {seq: number | null}>('SELECT max(seq) AS seq FROM cluster_events'),
      mark: db.prepare<[], {published_through: number}>('SELECT published_through FROM cluster_event_log'),
      acknowledge: db.prepare('UPDATE cluster_event_log SET published_through = ? WHERE published_through < ?'),
      prune: db.prepare('DELETE FROM cluster_events WHERE seq <= ?'),
    }
  }

  /**
   * Appends one message — an event, or several of one subject as an array — inside the caller's
   * transaction on the main connection; returns its sequence.
   */
  append(subject: string, event: ClusterEvent | ClusterEvent[]): number {
    if (!this.db.inTransaction) throw new Error('EventLog.append runs inside the transaction of the change it describes')
    const seq = this.nextSeq++
    this.tableOnly++
    this.statements.insert.run(seq, subject, encodeText(Array.isArray(event) ? event.map(onTheWire) : onTheWire(event)))
    this.scheduleNotify()
    return seq
  }

  /** BatchJournal: the batch's events as row writes of the batch (trading/group-commit.ts). */
  record(events: CommittedEvents, ops: WriteOp[], balances: BalanceRow[]): void {
    if (this.insertOp === undefined) throw new Error('this event log was opened without the writer')
    const rows: LoggedEvent[] = []
    for (const {subject, events: list} of batchMessages(tradingEvents(events, balances))) {
      // Trading events are plain by type (their batch's end holds bigints: that message is tagged).
      const row = {seq: this.nextSeq++, subject, body: encodePlainText(list.map(onTheWire))}
      rows.push(row)
      ops.push([this.insertOp, [row.seq, row.subject, row.body]])
    }
    this.recorded.set(events, rows)
  }

  /** The batch of `events` (recorded by `record`) is on disk: its rows are ready for the publisher. */
  committed(events: CommittedEvents): void {
    const rows = this.recorded.get(events)
    if (!rows) return
    this.recorded.delete(events)
    for (const row of rows) this.committedRows.push(row)
    if (this.committedRows.length > KEEP_IN_MEMORY) {
      this.committedRows.splice(0, this.committedRows.length - KEEP_IN_MEMORY)
      this.tableOnly++
    }
  }

  /**
   * Goes up whenever the table may hold committed rows that memory does not (a module's `append`,
   * rows memory dropped): a reader that read the table to its end at one value of it, and finds
   * memory empty after its position, knows there is nothing to read while it has not changed.
   */
  get tableChanges(): number {
    return this.tableOnly
  }

  /**
   * Committed rows right after `seq`, from memory, at most `limit`: none when memory holds nothing
   * after `seq`; undefined when it holds later rows but not the one right after `seq` (read the
   * table: `after`). Rows through `seq` are forgotten.
   */
  committedAfter(seq: number, limit: number): LoggedEvent[] | undefined {
    const rows = this.committedRows
    let first = 0
    while (first < rows.length && rows[first]!.seq <= seq) first++
    if (first > 0) rows.splice(0, first)
    if (rows.length === 0) return []
    if (rows[0]!.seq !== seq + 1) return undefined
    let end = 1
    while (end < rows.length && end < limit && rows[end]!.seq === rows[end - 1]!.seq + 1) end++
    return rows.slice(0, end)
  }

  /** BatchJournal: events of no batch (levels put right after failed batches), in a transaction of their own. */
  recordNow(events: CommittedEvents): void {
    this.db.transaction(() => {
      for (const {subject, event} of tradingEvents(events)) {
        if (event.type === 'book') event.repair = true
        this.append(subject, event)
      }
    })()
  }

  /** Committed events after `seq`, in order, at most `limit`. */
  after(seq: number, limit: number): LoggedEvent[] {
    return this.statements.after.all(seq, limit)
  }

  /** The highest sequence on disk (0 for an empty log). */
  lastSeq(): number {
    return Math.max(this.statements.last.get()!.seq ?? 0, this.publishedThrough())
  }

  /** Up to where the stream has acknowledged the log, as last recorded (`acknowledge`). */
  publishedThrough(): number {
    return this.statements.mark.get()!.published_through
  }

  /**
   * Records that the stream holds every event through `seq`, and forgets the events more than
   * KEEP_ACKNOWLEDGED behind it. A main-connection write: call it now and then, not per event.
   */
  acknowledge(seq: number): void {
    this.db.transaction(() => {
      this.statements.acknowledge.run(seq, seq)
      this.statements.prune.run(seq - KEEP_ACKNOWLEDGED)
    })()
  }

  /** Calls `listener` (on a later turn of the event loop) after events were appended on the main connection. */
  onAppend(listener: () => void): () => void {
    this.appendListeners.add(listener)
    return () => this.appendListeners.delete(listener)
  }

  /** After the appending transaction has ended: committed or rolled back, the publisher reads what is there. */
  private scheduleNotify(): void {
    if (this.notifyScheduled) return
    this.notifyScheduled = true
    setImmediate(() => {
      this.notifyScheduled = false
      for (const listener of this.appendListeners) listener()
    })
  }
}
