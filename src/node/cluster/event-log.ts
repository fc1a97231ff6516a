/**
 * The sequencer's event log: SQLite is the durable record of what the stream must carry (nats-server
 * 2.9 cannot be told to fsync), so every event is a row written in the same transaction as the change
 * it describes, and the publisher (event-publisher.ts) reads the rows back, in order, for what the
 * stream has not acknowledged.
 *
 * Two ways in, both inside the change's own transaction:
 * - the trading path's batches: `record` (a `BatchJournal`) appends the batch's events as row writes
 *   for the writer thread, after its commands have run;
 * - any other module: `append`, inside its `db.transaction` on the main connection.
 *
 * One order: a sequence is taken when an event is appended, from one counter. Batches commit in the
 * order they ran, and a main-connection transaction begins only once no batch is in flight
 * (store/database.ts `gateWrites`), so the rows on disk are always every sequence up to the highest —
 * but for those of a batch that failed, which never commit (the log has gaps; the stream does not).
 *
 * Rows the stream has acknowledged are kept for a while (`KEEP_ACKNOWLEDGED`): if NATS loses the tail
 * of the stream (it may, without fsync), the publisher republishes it from here.
 */
import {randomUUID} from 'node:crypto'
import type {Db} from '../store/database.js'
import type {Writer, WriteOp} from '../store/writer.js'
import type {BatchJournal, CommittedEvents} from '../trading/trading.js'
import {encodeText} from './codec.js'
import {tradingEvents, type ClusterEvent} from './events.js'

/** One row of the log. `body` is the event's JSON (codec.ts). */
export type LoggedEvent = {seq: number; subject: string; body: string}

/** How many acknowledged events stay in the log behind the stream (a stream that lost its tail is refilled). */
export const KEEP_ACKNOWLEDGED = 100_000

const INSERT = 'INSERT INTO cluster_events (seq, subject, body) VALUES (?, ?, ?)'

export class EventLog implements BatchJournal {
  /** The log's identity (in every message's header): a stream holding another log's events is refused. */
  readonly logId: string
  private nextSeq: number
  private readonly insertOp: number | undefined
  private readonly statements
  private readonly appendListeners = new Set<() => void>()
  private notifyScheduled = false

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

  /** Appends one event inside the caller's transaction on the main connection; returns its sequence. */
  append(subject: string, event: ClusterEvent): number {
    if (!this.db.inTransaction) throw new Error('EventLog.append runs inside the transaction of the change it describes')
    const seq = this.nextSeq++
    this.statements.insert.run(seq, subject, encodeText(event))
    this.scheduleNotify()
    return seq
  }

  /** BatchJournal: the batch's events as row writes of the batch (trading/group-commit.ts). */
  record(events: CommittedEvents, ops: WriteOp[]): void {
    if (this.insertOp === undefined) throw new Error('this event log was opened without the writer')
    for (const {subject, event} of tradingEvents(events)) ops.push([this.insertOp, [this.nextSeq++, subject, encodeText(event)]])
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
