/**
 * An edge's feed of the sequencer's events: an ordered JetStream consumer on the event stream (one
 * filter subject: several need nats-server 2.10), delivering each event once, in the stream's order,
 * to one handler — each event of a message of several (a trading batch's events of one subject) in
 * turn, all with the message's sequences.
 *
 * It keeps its position — the stream sequence of the last event handled — and resumes after it
 * whatever happens underneath: the ordered consumer recreates itself after a gap, and pulls with a
 * short `expires` (on 2.9 an ordered consumer otherwise stalls after a server restart); when its
 * iteration ends (NATS restarted, the consumer vanished) the feed starts a new one at the next
 * sequence. Events are also checked against the event log's sequence (`Ex-Seq`), so an event the
 * sequencer republished after the stream lost its tail is not delivered twice.
 */
import type {NatsConnection} from '@nats-io/transport-node'
import {
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerMessages,
  type JetStreamClient,
  type JsMsg,
} from '@nats-io/jetstream'
import type {Logger} from '../../ground/logger.js'
import {decodeText} from '../codec.js'
import {fromTheWire, type ClusterEvent} from '../events.js'
import {EVENT_STREAM, EVENT_SUBJECTS, SEQ_HEADER} from '../subjects.js'

/** An event as an edge receives it. */
export type FeedEvent = {
  /** The event log's sequence of its message: increasing, with gaps where a batch failed. */
  seq: number
  /** The stream's sequence of its message: increasing without gaps over the whole stream. */
  streamSeq: number
  subject: string
  event: ClusterEvent
}

export type FeedOptions = {
  logger: Logger
  streamName?: string
  /** One subject filter (default every event, `ex.ev.>`). */
  subject?: string
  /** Where to begin: after this stream sequence, or from the first event in the stream, or with the next new one. */
  from?: {afterStreamSeq: number} | 'first' | 'new'
  /** How long one pull waits, ms (default and least 1000): short, so a consumer lost in a restart is noticed. */
  expiresMs?: number
}

export class EventFeed {
  private js: JetStreamClient
  private readonly nc: NatsConnection
  private streamSeq: number
  private seq = 0
  private running = false
  private messages: ConsumerMessages | undefined
  private loop: Promise<void> | undefined
  private startNew: boolean

  constructor(
    nc: NatsConnection,
    private readonly options: FeedOptions,
  ) {
    this.nc = nc
    this.js = jetstream(nc)
    const from = options.from ?? 'new'
    this.streamSeq = typeof from === 'object' ? from.afterStreamSeq : 0
    this.startNew = from === 'new'
  }

  /** The stream and log sequences of the last event handled (0 before the first). */
  get position(): {streamSeq: number; seq: number} {
    return {streamSeq: this.streamSeq, seq: this.seq}
  }

  /** Starts delivering to `handler`, one event at a time (an async handler is awaited). */
  start(handler: (event: FeedEvent) => void | Promise<void>): void {
    this.running = true
    this.loop = this.run(handler)
  }

  async stop(): Promise<void> {
    this.running = false
    await this.messages?.close()
    await this.loop
  }

  private async run(handler: (event: FeedEvent) => void | Promise<void>): Promise<void> {
    let failures = 0
    while (this.running) {
      try {
        const stream = this.options.streamName ?? EVENT_STREAM
        if (this.startNew) {
          // "new" means after what the stream holds now, fixed once: a consumer made again later resumes there.
          this.streamSeq = (await (await jetstreamManager(this.nc)).streams.info(stream)).state.last_seq
          this.startNew = false
        }
        const consumer = await this.js.consumers.get(stream, {
          filter_subjects: this.options.subject ?? EVENT_SUBJECTS,
          ...this.startPolicy(),
        })
        this.messages = await consumer.consume({expires: Math.max(1000, this.options.expiresMs ?? 1000)})
        if (!this.running) await this.messages.close()
        for await (const msg of this.messages) {
          failures = 0
          await this.deliver(msg, handler)
          if (!this.running) break
        }
      } catch (error) {
        if (!this.running) break
        if (failures++ === 0) this.options.logger.warn({err: error}, 'event feed interrupted; resuming')
      }
      if (this.running) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** Math.min(failures, 5))))
    }
  }

  /** After the last event handled (or the start position); from the first event of the stream when there is none. */
  private startPolicy(): {deliver_policy: DeliverPolicy; opt_start_seq?: number} {
    if (this.streamSeq > 0) return {deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: this.streamSeq + 1}
    return {deliver_policy: DeliverPolicy.All}
  }

  private async deliver(msg: JsMsg, handler: (event: FeedEvent) => void | Promise<void>): Promise<void> {
    if (msg.seq <= this.streamSeq) return
    this.streamSeq = msg.seq
    const seq = Number(msg.headers?.get(SEQ_HEADER))
    if (!Number.isSafeInteger(seq) || seq <= this.seq) return
    this.seq = seq
    let events: ClusterEvent[]
    try {
      const body = decodeText<ClusterEvent | ClusterEvent[]>(msg.string())
      events = Array.isArray(body) ? body : [body]
      for (const event of events) fromTheWire(event)
    } catch (error) {
      this.options.logger.error({err: error, stream_seq: msg.seq}, 'an event could not be read; skipped')
      return
    }
    for (const event of events) {
      try {
        await handler({seq, streamSeq: msg.seq, subject: msg.subject, event})
      } catch (error) {
        this.options.logger.error({err: error, seq}, 'an event handler failed')
      }
    }
  }
}
