/**
 * The JetStream stream of events, `EXCHANGE_EVENTS` on `ex.ev.>`: created by the sequencer when
 * missing, and read for where the publisher stands — the log sequence (`Ex-Seq`) of its last message.
 *
 * The stream is the replicated, replayable feed the edges read; it is not the durable record (2.9
 * cannot fsync): SQLite is. So a stream may be behind the log (it lost its tail: republished from
 * the log) but never ahead of it — a stream ahead of the store means the store was restored from an
 * older backup, and the sequencer refuses to start rather than number new events as old ones.
 */
import {nanos} from '@nats-io/transport-node'
import {DiscardPolicy, RetentionPolicy, StorageType, jetstreamManager, type JetStreamManager} from '@nats-io/jetstream'
import type {NatsConnection} from '@nats-io/transport-node'
import {StartupRefused} from '../store/refusal.js'
import {EVENT_STREAM, EVENT_SUBJECTS, LOG_HEADER, SEQ_HEADER} from './subjects.js'

export type StreamOptions = {
  /** Default EXCHANGE_EVENTS. */
  streamName?: string
  /** Replicas of the stream (1 on one server, 3 on a 3-node NATS cluster). */
  replicas?: number
  /** How long the stream keeps an event, ms (default 24 h): how far back an edge can resume. */
  maxAgeMs?: number
}

export const DEFAULT_EVENT_MAX_AGE_MS = 24 * 3600 * 1000

/** The JetStream manager of `nc`; a server without JetStream is a one-line refusal. */
export async function openJetStream(nc: NatsConnection): Promise<JetStreamManager> {
  try {
    return await jetstreamManager(nc)
  } catch (error) {
    // The client's JetStreamNotEnabled is not exported: known by its name.
    if ((error as Error | null)?.name === 'JetStreamNotEnabled') {
      throw new StartupRefused(
        `--nats: ${nc.getServer()} has no JetStream: start nats-server with -js (or jetstream {} in its config)`,
      )
    }
    throw error
  }
}

/** Creates the stream when it does not exist; an existing one is kept as configured. */
export async function ensureEventStream(jsm: JetStreamManager, options: StreamOptions): Promise<void> {
  const name = options.streamName ?? EVENT_STREAM
  try {
    const info = await jsm.streams.info(name)
    if (!info.config.subjects?.includes(EVENT_SUBJECTS)) {
      throw new StartupRefused(`the JetStream stream ${name} does not take ${EVENT_SUBJECTS}: it is not the exchange's`)
    }
    return
  } catch (error) {
    if (!isStreamNotFound(error)) throw error
  }
  await jsm.streams.add({
    name,
    subjects: [EVENT_SUBJECTS],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: nanos(options.maxAgeMs ?? DEFAULT_EVENT_MAX_AGE_MS),
    duplicate_window: nanos(120_000),
    num_replicas: options.replicas ?? 1,
  })
}

/** The stream's last sequence, and the log sequence of its last message (undefined when it holds none). */
export async function lastPublished(
  jsm: JetStreamManager,
  options: StreamOptions,
  log: {readonly logId: string; lastSeq(): number},
): Promise<{streamSeq: number; logSeq: number | undefined}> {
  const name = options.streamName ?? EVENT_STREAM
  const {state} = await jsm.streams.info(name)
  if (state.messages === 0) return {streamSeq: state.last_seq, logSeq: undefined}
  const last = await jsm.streams.getMessage(name, {seq: state.last_seq})
  if (!last) return {streamSeq: state.last_seq, logSeq: undefined}
  const logId = last.header.get(LOG_HEADER)
  const logSeq = Number(last.header.get(SEQ_HEADER))
  if (logId !== log.logId || !Number.isSafeInteger(logSeq)) {
    throw new StartupRefused(
      `the JetStream stream ${name} holds the events of another store (log ${logId || 'unknown'}, this store's is ${log.logId}): ` +
        'purge it (nats stream purge) or use another NATS account',
    )
  }
  if (logSeq > log.lastSeq()) {
    throw new StartupRefused(
      `the JetStream stream ${name} is ahead of this store (event ${logSeq}, the store has ${log.lastSeq()}): ` +
        'the store was restored from an older backup; purge the stream before starting the sequencer',
    )
  }
  return {streamSeq: state.last_seq, logSeq}
}

function isStreamNotFound(error: unknown): boolean {
  return (error as {code?: unknown} | null)?.code === 10059 || (error as Error | null)?.name === 'StreamNotFoundError'
}
