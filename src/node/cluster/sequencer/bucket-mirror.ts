/**
 * One KV bucket kept equal to a part of the store, by the sequencer: a full copy at start (and after
 * every reconnect to NATS, which may have lost what it had not written to disk), then every change a
 * module reports (`Changes`): the id is noted, and once the change's transaction is over the entry is
 * read again from the store and put — or deleted when the store has it no more. Reading the
 * committed state, never the change itself, means a rolled-back change is never published and two
 * quick changes publish the last state.
 *
 * Writes go one at a time, each reading the key's state when it is written; a failed one (NATS away)
 * is retried with its key kept.
 */
import type {KV} from '@nats-io/kv'
import type {Logger} from '../../ground/logger.js'
import {encode} from '../codec.js'

export type MirrorSource<T> = {
  /** The entry of one key as committed, or undefined when it has none (deleted). */
  read(key: string): T | undefined
  /** Every key the store has, for the full copy. */
  keys(): Iterable<string>
}

export class BucketMirror<T> {
  /** Keys whose committed state is to be written; a key is taken out before it is read, so a change meanwhile queues it again. */
  private readonly pending = new Set<string>()
  private draining: Promise<void> | undefined
  private retry: NodeJS.Timeout | undefined
  private stopped = false
  private failures = 0

  constructor(
    readonly kv: KV,
    private readonly source: MirrorSource<T>,
    private readonly logger: Logger,
    private readonly name: string,
  ) {}

  /** A change of `key` was reported: publish its committed state soon. */
  changed(key: string): void {
    this.pending.add(key)
    setImmediate(() => this.drain())
  }

  /**
   * Writes every key of the store and deletes the bucket's keys the store does not have, through the
   * same queue as the changes (each read when it is written): a change during the copy is never
   * overwritten by an older state. Resolves once done; returns how many keys the store has.
   */
  async copyAll(): Promise<number> {
    const keys = new Set(this.source.keys())
    const count = keys.size
    for await (const key of await this.kv.keys()) keys.add(key)
    for (const key of keys) this.pending.add(key)
    this.drain()
    await this.flushed()
    return count
  }

  /** Resolves once every reported change has been written (or the mirror stopped). */
  async flushed(): Promise<void> {
    while ((this.pending.size || this.draining) && !this.stopped) {
      await (this.draining ?? new Promise((resolve) => setTimeout(resolve, 10)))
    }
  }

  stop(): void {
    this.stopped = true
    clearTimeout(this.retry)
  }

  private drain(): void {
    if (this.draining || this.retry || this.stopped) return
    this.draining = this.write().finally(() => {
      this.draining = undefined
      // A change reported while the last write was under way.
      if (this.pending.size) this.drain()
    })
  }

  private async write(): Promise<void> {
    while (this.pending.size && !this.stopped) {
      const key = this.pending.values().next().value as string
      this.pending.delete(key)
      try {
        const value = this.source.read(key)
        if (value === undefined) await this.kv.delete(key)
        else await this.kv.put(key, encode(value))
        this.failures = 0
      } catch (error) {
        this.pending.add(key)
        if (this.failures++ === 0) this.logger.warn({err: error, bucket: this.name}, 'reference data not written; retrying')
        this.retry = setTimeout(
          () => {
            this.retry = undefined
            this.drain()
          },
          Math.min(2000, 100 * 2 ** Math.min(this.failures, 5)),
        )
        return
      }
    }
  }
}
