/**
 * The sequencer's publisher: every event of the log (event-log.ts), in the log's order, into the
 * JetStream stream `EXCHANGE_EVENTS` — each exactly once, also across restarts of the sequencer and
 * of NATS.
 *
 * Where it stands is read from the stream, never assumed: the stream's last message carries the log's
 * sequence (`Ex-Seq`) and identity (`Ex-Log`), so at start, and after any failed publish, the
 * publisher knows what the stream lacks and publishes exactly that. Every publish expects the stream's
 * last sequence to be the one before it (`Nats-Expected-Last-Sequence`): a publish the stream already
 * holds, or one racing another publisher, is refused by the server instead of stored twice; the
 * message id `<log id>:<seq>` lets the server's duplicate window drop a resent one too.
 *
 * Publishes are pipelined: up to `window` at once, each expecting its predecessor's stream sequence.
 * Anything wrong (a refusal, a timeout, NATS away) → wait, read the stream's state again, go on from
 * there. What the stream acknowledged is recorded in the log now and then (`acknowledge`).
 *
 * Cheap per event: what trading just committed comes from memory (`EventLog.committedAfter`), the
 * table is read only for the rest; each event is a core publish whose reply subject is one shared
 * acknowledgement subscription (`<inbox>.<window>.<index>`), with one timer per window — a
 * JetStream client publish would make a request, a timer and two error objects per event.
 */
import {createInbox, headers, type Msg, type NatsConnection, type Subscription} from '@nats-io/transport-node'
import {PubHeaders, type JetStreamManager} from '@nats-io/jetstream'
import type {Logger} from '../../ground/logger.js'
import type {EventLog, LoggedEvent} from './event-log.js'
import {ensureEventStream, lastPublished, openJetStream, type StreamOptions} from '../event-stream.js'
import {LOG_HEADER, SEQ_HEADER} from '../subjects.js'

export type PublisherOptions = StreamOptions & {
  logger: Logger
  /** Publishes awaiting their acknowledgement at most (default 256). */
  window?: number
  /** How long one publish waits for its acknowledgement, ms (default 2000). */
  ackTimeoutMs?: number
  /** How often the acknowledged position is written to the log, ms (default 1000). */
  markEveryMs?: number
}

/** A window of publishes awaiting their acknowledgements. */
type Window = {
  id: number
  rows: LoggedEvent[]
  /** The stream's last sequence before the window. */
  base: number
  /** The index of the next acknowledgement expected. */
  next: number
  done(error?: unknown): void
}

/** What JetStream answers a publish: the stream sequence it stored it at, or an error. */
type Ack = {seq?: number; duplicate?: boolean; error?: {code?: number; description?: string}}

export class EventPublisher {
  private jsm: JetStreamManager | undefined
  /** The stream's last sequence, as far as this publisher knows; undefined until (re)synchronized. */
  private streamLast: number | undefined
  /** The log's sequence of the last event the stream has acknowledged. */
  private acked = 0
  private marked = 0
  private running = false
  private wake: (() => void) | undefined
  private poked = false
  private loop: Promise<void> | undefined
  private readonly window: number
  private readonly ackTimeoutMs: number
  private lastMarkAt = 0
  private failures = 0
  private readonly ackPrefix = createInbox()
  private acks: Subscription | undefined
  private pending: Window | undefined
  private windows = 0
  /** `EventLog.tableChanges` when the table was last read to its end (-1: read it). */
  private tableRead = -1

  constructor(
    private readonly nc: NatsConnection,
    private readonly log: EventLog,
    private readonly options: PublisherOptions,
  ) {
    this.window = options.window ?? 256
    this.ackTimeoutMs = options.ackTimeoutMs ?? 2000
  }

  /** The log's sequence the stream holds everything up to. */
  get publishedThrough(): number {
    return this.acked
  }

  /** Creates the stream if needed, finds what it lacks and starts publishing. */
  async start(): Promise<void> {
    this.jsm = await openJetStream(this.nc)
    await ensureEventStream(this.jsm, this.options)
    await this.synchronize()
    this.acks = this.nc.subscribe(`${this.ackPrefix}.>`, {callback: (error, msg) => this.acknowledged(error, msg)})
    this.running = true
    this.loop = this.run()
  }

  /** Something was committed: publish it soon. */
  poke(): void {
    this.poked = true
    this.wake?.()
  }

  /** Resolves once every event in the log now has been acknowledged by the stream (tests, shutdown). */
  async flushed(timeoutMs = 10_000): Promise<boolean> {
    const target = this.log.lastSeq()
    const deadline = Date.now() + timeoutMs
    while (this.acked < target) {
      if (Date.now() > deadline) return false
      this.poke()
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    return true
  }

  /** Stops after the publishes in flight; records the acknowledged position. */
  async stop(): Promise<void> {
    this.running = false
    this.wake?.()
    await this.loop
    this.acks?.unsubscribe()
    this.mark(true)
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        if (this.streamLast === undefined) await this.synchronize()
        const rows = this.next()
        if (rows.length === 0) {
          this.mark(false)
          await this.idle(1000)
          continue
        }
        await this.publish(rows)
        this.failures = 0
        this.mark(false)
      } catch (error) {
        // Where the stream stands is unknown now: read it again before the next publish.
        this.streamLast = undefined
        if (this.failures++ === 0) this.options.logger.warn({err: error}, 'event publishing paused; retrying')
        await this.idle(Math.min(2000, 100 * 2 ** Math.min(this.failures, 5)))
      }
    }
  }

  /** What to publish next: from memory while it follows on, else from the table (when it may hold more). */
  private next(): LoggedEvent[] {
    const fromMemory = this.log.committedAfter(this.acked, this.window)
    if (fromMemory?.length) return fromMemory
    const changes = this.log.tableChanges
    if (fromMemory && this.tableRead === changes) return []
    const rows = this.log.after(this.acked, this.window)
    if (rows.length < this.window) this.tableRead = changes
    return rows
  }

  /** Publishes `rows` pipelined, each expecting its predecessor; resolves once all are acknowledged. */
  private publish(rows: LoggedEvent[]): Promise<void> {
    const base = this.streamLast!
    const id = ++this.windows
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          window.done(new Error(`the stream did not acknowledge event ${rows[window.next]!.seq} within ${this.ackTimeoutMs} ms`)),
        this.ackTimeoutMs,
      )
      const window: Window = {
        id,
        rows,
        base,
        next: 0,
        done: (error) => {
          if (this.pending !== window) return
          this.pending = undefined
          clearTimeout(timer)
          if (error === undefined) resolve()
          else reject(error instanceof Error ? error : new Error(String(error)))
        },
      }
      this.pending = window
      try {
        for (const [i, row] of rows.entries()) {
          const h = headers()
          h.set(SEQ_HEADER, String(row.seq))
          h.set(LOG_HEADER, this.log.logId)
          h.set(PubHeaders.MsgIdHdr, `${this.log.logId}:${row.seq}`)
          h.set(PubHeaders.ExpectedLastSeqHdr, String(base + i))
          this.nc.publish(row.subject, row.body, {headers: h, reply: `${this.ackPrefix}.${id}.${i}`})
        }
      } catch (error) {
        window.done(error)
      }
    })
  }

  /** An acknowledgement of the window in flight, in order: the acknowledged prefix counts even when a later one fails. */
  private acknowledged(error: Error | null, msg: Msg): void {
    const window = this.pending
    if (!window) return
    if (error) return window.done(error)
    const [id, index] = msg.subject.slice(this.ackPrefix.length + 1).split('.')
    // A late answer to a window given up (a timeout): where the stream stands is read again anyway.
    if (Number(id) !== window.id) return
    const i = window.next
    const row = window.rows[i]!
    if (Number(index) !== i) return window.done(new Error(`the stream acknowledged event ${index} of a window before ${i}`))
    let ack: Ack
    try {
      // No responders (JetStream away) is an empty message with a 503 status.
      ack = msg.data.length === 0 ? {error: {code: 503, description: 'no responders'}} : (JSON.parse(msg.string()) as Ack)
    } catch {
      return window.done(new Error(`the stream's acknowledgement of event ${row.seq} is not JSON`))
    }
    if (ack.error)
      return window.done(new Error(`the stream refused event ${row.seq}: ${ack.error.description ?? ack.error.code}`))
    if (ack.duplicate || ack.seq !== window.base + i + 1)
      return window.done(new Error(`the stream already held event ${row.seq}`))
    this.acked = row.seq
    this.streamLast = ack.seq
    window.next++
    if (window.next === window.rows.length) window.done()
  }

  /** Reads what the stream holds last and continues after it. */
  private async synchronize(): Promise<void> {
    const last = await lastPublished(this.jsm!, this.options, this.log)
    this.tableRead = -1
    this.streamLast = last.streamSeq
    this.acked = last.logSeq ?? Math.max(this.acked, this.log.publishedThrough())
  }

  /** Writes the acknowledged position to the log, at most every `markEveryMs` unless `force`. */
  private mark(force: boolean): void {
    if (this.acked <= this.marked) return
    const now = Date.now()
    if (!force && now - this.lastMarkAt < (this.options.markEveryMs ?? 1000)) return
    this.log.acknowledge(this.acked)
    this.marked = this.acked
    this.lastMarkAt = now
  }

  /** Waits for a poke, a stop or `ms`. */
  private async idle(ms: number): Promise<void> {
    if (this.poked) {
      this.poked = false
      return
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        resolve()
      }
      this.wake = done
    })
    this.wake = undefined
    this.poked = false
  }
}
