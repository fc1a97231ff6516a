/**
 * The primary's lease (docs/cluster.md "The lease"): key `lease` of the KV bucket `ex_sequencers`,
 * `{holder, epoch, expiresAt}`, changed only by revision-checked writes. NATS 2.9's KV has no per-key
 * TTL, so expiry is judged by each side on its own monotonic clock, and no decision compares two
 * machines' clocks:
 *
 * - the **holder** renews every TTL/3 with the revision it last wrote; a refused renewal (the
 *   revision moved) means it is deposed at once. It counts itself valid until `TTL − min(1 s, TTL/5)`
 *   has passed since it **sent** its last successful renewal (`LeaseHold.valid`);
 * - a **taker** counts TTL from the moment its watch delivered the lease's latest revision
 *   (`LeaseWatch.expired`): the holder's validity ends before, since the renewal was sent before it
 *   was stored and delivered. A watch that starts again starts the count again: a takeover can be
 *   late, never early.
 *
 * Of two takers writing at once, one wins (the other's revision is stale); a holder that renewed in
 * between makes both lose. `expiresAt` is the holder's wall clock + TTL, for people and `status`
 * only.
 */
import {KvWatchInclude, type KV, type KvWatchEntry} from '@nats-io/kv'
import {decode, encode} from '../codec.js'

/** The key of the lease in `ex_sequencers`. */
export const LEASE_KEY = 'lease'

export type LeaseValue = {
  /** The holder's `--sequencer-name`. */
  holder: string
  /** 1 for the first primary; each takeover adds one. */
  epoch: number
  /** The holder's wall clock at its last renewal plus the TTL (ISO 8601): shown, never compared. */
  expiresAt: string
}

/** The lease as last read or written: its value and the KV revision that holds it. */
export type LeaseState = {value: LeaseValue; revision: number}

/** Milliseconds on this process's monotonic clock. */
export const monotonicMs = (): number => Number(process.hrtime.bigint() / 1_000_000n)

export type LeaseClock = {
  /** Monotonic milliseconds (tests pass their own). */
  now?: () => number
  /** Wall-clock time, for `expiresAt` only. */
  wallNow?: () => number
}

/** How long before a taker may start the holder stops counting itself valid: min(1 s, TTL/5). */
export const holderMargin = (ttlMs: number): number => Math.min(1000, ttlMs / 5)

/** Whether a write was refused because the key's revision moved (or, for a create, the key exists). */
function isRevisionConflict(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String((error as {code?: unknown}).code ?? '')}` : ''
  return /wrong last sequence|key exists|10071|10164/i.test(text)
}

/**
 * The lease held by this sequencer. Renewed by `renew` (or the timer of `start`); `valid` says
 * whether it may still answer and write.
 */
export class LeaseHold {
  private revision: number
  private sentAt: number
  private deposed = false
  private timer: NodeJS.Timeout | undefined
  private readonly now: () => number
  private readonly wallNow: () => number

  constructor(
    private readonly kv: KV,
    readonly value: LeaseValue,
    state: {revision: number; sentAt: number},
    private readonly ttlMs: number,
    clock: LeaseClock = {},
  ) {
    this.revision = state.revision
    this.sentAt = state.sentAt
    this.now = clock.now ?? monotonicMs
    this.wallNow = clock.wallNow ?? Date.now
  }

  get epoch(): number {
    return this.value.epoch
  }

  /** Whether the lease may still be counted on: not deposed, and renewed recently enough by this clock. */
  valid(): boolean {
    return !this.deposed && this.now() < this.sentAt + this.ttlMs - holderMargin(this.ttlMs)
  }

  /** Whether a renewal was refused: another sequencer holds the lease. */
  get isDeposed(): boolean {
    return this.deposed
  }

  /**
   * Renews the lease: true when stored. A refused write (the revision moved) deposes this holder for
   * good; any other failure (NATS away) leaves it to its clock: valid for a while, then not.
   */
  async renew(): Promise<boolean> {
    if (this.deposed) return false
    const sentAt = this.now()
    const value: LeaseValue = {...this.value, expiresAt: new Date(this.wallNow() + this.ttlMs).toISOString()}
    try {
      this.revision = await this.kv.update(LEASE_KEY, encode(value), this.revision)
      this.sentAt = sentAt
      return true
    } catch (error) {
      if (isRevisionConflict(error)) this.deposed = true
      return false
    }
  }

  /** Renews every TTL/3 until `stop`, or until deposed (then `onDeposed` is called once). */
  start(onDeposed: () => void = () => undefined): void {
    const tick = async () => {
      await this.renew()
      if (this.deposed) {
        this.timer = undefined
        onDeposed()
        return
      }
      if (this.timer !== undefined) this.timer = setTimeout(() => void tick(), this.ttlMs / 3)
    }
    this.timer = setTimeout(() => void tick(), this.ttlMs / 3)
  }

  stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
  }
}

/**
 * Takes the lease: the first primary creates it (epoch 1); a standby replaces the lease it saw
 * (`seen`, from its watch) with epoch + 1. Undefined when another write came first.
 */
export async function takeLease(
  kv: KV,
  name: string,
  seen: LeaseState | undefined,
  ttlMs: number,
  clock: LeaseClock = {},
): Promise<LeaseHold | undefined> {
  const now = clock.now ?? monotonicMs
  const wallNow = clock.wallNow ?? Date.now
  const value: LeaseValue = {
    holder: name,
    epoch: seen ? seen.value.epoch + 1 : 1,
    expiresAt: new Date(wallNow() + ttlMs).toISOString(),
  }
  const sentAt = now()
  try {
    const revision = seen ? await kv.update(LEASE_KEY, encode(value), seen.revision) : await kv.create(LEASE_KEY, encode(value))
    return new LeaseHold(kv, value, {revision, sentAt}, ttlMs, clock)
  } catch (error) {
    if (isRevisionConflict(error)) return undefined
    throw error
  }
}

/**
 * A standby's (or an edge's) view of the lease: the latest revision its watch delivered, and since
 * when on its own monotonic clock.
 */
export class LeaseWatch {
  private state: LeaseState | undefined
  private seenAt: number
  private stopWatch: (() => void) | undefined
  private readonly now: () => number
  private readonly listeners = new Set<(state: LeaseState) => void>()

  private constructor(
    private readonly ttlMs: number,
    clock: LeaseClock,
  ) {
    this.now = clock.now ?? monotonicMs
    this.seenAt = this.now()
  }

  /** Starts watching the lease; resolves once the current one (or its absence) is known. */
  static async start(kv: KV, ttlMs: number, clock: LeaseClock = {}): Promise<LeaseWatch> {
    const watch = new LeaseWatch(ttlMs, clock)
    const current = await kv.get(LEASE_KEY)
    if (current && current.operation === 'PUT') watch.seen(current.revision, current.value)
    const updates = await kv.watch({key: LEASE_KEY, include: KvWatchInclude.UpdatesOnly})
    watch.stopWatch = () => updates.stop()
    void (async () => {
      for await (const entry of updates as AsyncIterable<KvWatchEntry>) {
        if (entry.operation === 'PUT') watch.seen(entry.revision, entry.value)
      }
    })()
    return watch
  }

  /** The lease as last delivered; undefined when there has been none. */
  get current(): LeaseState | undefined {
    return this.state
  }

  /** Whether TTL has passed on this clock since the latest revision was delivered (or since the watch began, with none). */
  expired(): boolean {
    return this.now() - this.seenAt >= this.ttlMs
  }

  /** Calls `listener` on every new revision. */
  onChange(listener: (state: LeaseState) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  stop(): void {
    this.stopWatch?.()
  }

  private seen(revision: number, bytes: Uint8Array): void {
    if (this.state && revision <= this.state.revision) return
    this.state = {revision, value: decode<LeaseValue>(bytes)}
    this.seenAt = this.now()
    for (const listener of this.listeners) listener(this.state)
  }
}
