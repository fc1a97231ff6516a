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
 */
import {headers, type NatsConnection} from '@nats-io/transport-node'
import {jetstream, type JetStreamClient, type JetStreamManager, type PubAck} from '@nats-io/jetstream'
import type {Logger} from '../logger.js'
import type {EventLog, LoggedEvent} from './event-log.js'
import {ensureEventStream, lastPublished, openJetStream, type StreamOptions} from './event-stream.js'
import {LOG_HEADER, SEQ_HEADER} from './subjects.js'

export type PublisherOptions = StreamOptions & {
  logger: Logger
  /** Publishes awaiting their acknowledgement at most (default 256). */
  window?: number
  /** How long one publish waits for its acknowledgement, ms (default 2000). */
  ackTimeoutMs?: number
  /** How often the acknowledged position is written to the log, ms (default 1000). */
  markEveryMs?: number
}

export class EventPublisher {
  private js: JetStreamClient
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

  constructor(
    private readonly nc: NatsConnection,
    private readonly log: EventLog,
    private readonly options: PublisherOptions,
  ) {
    this.js = jetstream(nc)
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
    this.mark(true)
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        if (this.streamLast === undefined) await this.synchronize()
        const rows = this.log.after(this.acked, this.window)
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

  /** Publishes `rows` pipelined, each expecting its predecessor; resolves once all are acknowledged. */
  private async publish(rows: LoggedEvent[]): Promise<void> {
    const base = this.streamLast!
    const acks = rows.map((row, i) => {
      const h = headers()
      h.set(SEQ_HEADER, String(row.seq))
      h.set(LOG_HEADER, this.log.logId)
      return this.js.publish(row.subject, row.body, {
        headers: h,
        msgID: `${this.log.logId}:${row.seq}`,
        expect: {lastSequence: base + i},
        timeout: this.ackTimeoutMs,
      })
    })
    const settled = await Promise.allSettled(acks)
    // The acknowledged prefix counts even when a later publish failed.
    for (const [i, outcome] of settled.entries()) {
      if (outcome.status === 'rejected') throw outcome.reason
      const ack: PubAck = outcome.value
      if (ack.duplicate || ack.seq !== base + i + 1) throw new Error(`the stream already held event ${rows[i]!.seq}`)
      this.acked = rows[i]!.seq
      this.streamLast = ack.seq
    }
  }

  /** Reads what the stream holds last and continues after it. */
  private async synchronize(): Promise<void> {
    const last = await lastPublished(this.jsm!, this.options, this.log)
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
