/**
 * An edge's copy of one KV bucket, in memory: a watch of every key, answering `get` without a round
 * trip. `start` resolves once the bucket's content as of the start has arrived, then every put and
 * delete follows in order.
 *
 * When the watch ends (NATS restarted, the watch's consumer vanished) a new one reads the bucket
 * again from the beginning into a fresh map, which replaces the old one once complete; until then
 * the old one answers. So a replica never needs to know what it missed.
 *
 * `hold` answers a key the watch has not brought yet (an edge asked the sequencer after a miss, for
 * read-your-writes): held entries are answered after the watched ones, until the watch brings the key
 * or a few seconds pass, so a later delete or change from the watch always wins.
 */
import type {KV, KvWatchEntry} from '@nats-io/kv'
import type {Logger} from '../../ground/logger.js'
import {decode} from '../codec.js'

/** How long a held entry answers at most: the watch brings a change in well under a second. */
const HOLD_MS = 10_000
/** Held entries kept at most (each a miss the sequencer answered); the map is emptied when full. */
const MAX_HELD = 10_000

export class KvReplica<T> {
  private entries = new Map<string, T>()
  private readonly listeners = new Set<(key: string, value: T | undefined) => void>()
  private running = false
  private stopWatch: (() => void) | undefined
  private loop: Promise<void> | undefined
  private readonly held = new Map<string, {value: T; until: number}>()

  constructor(
    private readonly kv: KV,
    private readonly name: string,
    private readonly logger: Logger,
  ) {}

  /** Watches the bucket; resolves once its content as of now is here. */
  async start(): Promise<void> {
    this.running = true
    await new Promise<void>((ready, failed) => {
      this.loop = this.run(ready, failed)
    })
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key)
    if (entry !== undefined || this.held.size === 0) return entry
    const held = this.held.get(key)
    if (held && held.until > Date.now()) return held.value
    if (held) this.held.delete(key)
    return undefined
  }

  /** Whether the watch has brought `key` (held entries do not count). */
  has(key: string): boolean {
    return this.entries.has(key)
  }

  /** Answers `key` with `value` until the watch brings the key, for `ms` at most (the sequencer's answer to a miss). */
  hold(key: string, value: T, ms = HOLD_MS): void {
    if (this.held.size >= MAX_HELD) this.held.clear()
    this.held.set(key, {value, until: Date.now() + ms})
  }

  get size(): number {
    return this.entries.size
  }

  /** Calls `listener` with each key put (its value) or deleted (undefined) from now on. */
  onChange(listener: (key: string, value: T | undefined) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  async stop(): Promise<void> {
    this.running = false
    this.stopWatch?.()
    await this.loop
  }

  private async run(ready: () => void, failed: (error: unknown) => void): Promise<void> {
    let first = true
    let failures = 0
    while (this.running) {
      try {
        await this.watch(() => {
          failures = 0
          if (first) ready()
          first = false
        })
      } catch (error) {
        if (first && failures === 0) this.logger.warn({err: error, bucket: this.name}, 'bucket not readable yet; retrying')
        else if (failures === 0) this.logger.warn({err: error, bucket: this.name}, 'bucket watch ended; reading it again')
        failures++
      }
      if (this.running) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** Math.min(failures, 5))))
    }
    if (first) failed(new Error(`the replica of ${this.name} stopped before it was loaded`))
  }

  /** One watch: the bucket from its start into a fresh map, swapped in once complete; then updates. */
  private async watch(loaded: () => void): Promise<void> {
    const status = await this.kv.status()
    const {messages, last_seq: lastSeq} = status.streamInfo.state
    const next = new Map<string, T>()
    let live = false
    const goLive = () => {
      this.entries = next
      live = true
      loaded()
    }
    const watch = await this.kv.watch({key: '>'})
    this.stopWatch = () => watch.stop()
    if (messages === 0) goLive()
    for await (const entry of watch) {
      this.apply(next, entry, live)
      if (!live && entry.revision >= lastSeq) goLive()
      if (!this.running) break
    }
  }

  private apply(map: Map<string, T>, entry: KvWatchEntry, live: boolean): void {
    let value: T | undefined
    if (entry.operation === 'PUT') {
      try {
        value = decode<T>(entry.value)
      } catch (error) {
        this.logger.error({err: error, bucket: this.name, key: entry.key}, 'a bucket entry could not be read; skipped')
        return
      }
      map.set(entry.key, value)
    } else {
      map.delete(entry.key)
    }
    this.held.delete(entry.key)
    if (live) for (const listener of this.listeners) listener(entry.key, value)
  }
}
