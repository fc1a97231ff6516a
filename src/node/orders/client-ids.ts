/**
 * Which (account, client order id) pairs may already be taken: a Bloom filter over every client
 * order id in the store, so that placing an order with a new client id — nearly always the case —
 * skips the look-up of the `(account_id, client_order_id)` index: a B-tree probe per order whose
 * pages the writer thread's commits keep evicting from the main connection's cache (~14 µs,
 * docs/performance.md "bench:rest"). "No" is certain; "maybe" (a true repeat, or ~1% of new ids) is
 * answered by the index.
 *
 * Told of every order row the trading path writes (`add`, before its batch commits) from the moment
 * trading starts, and filled from the store by a worker thread (client-ids-worker.ts: a million ids
 * take ~2 s to read and hash, which a restart must not wait for); until that filter arrives every
 * id is a "maybe". So it always holds a superset of the store's pairs: a row committed before the
 * worker's snapshot is in the loaded filter, one written since trading started was added here, and a
 * pair added for a batch that then failed only costs a look-up. When a filter holds its capacity, a
 * new one twice as large is started and all are asked (a scalable Bloom filter), so the
 * false-positive rate stays about the same without a rebuild.
 */
import {avalanche, fnv1a, FNV_OFFSET} from '../ground/hash.js'
import type {Db} from '../store/database.js'
import {startWorker} from '../ground/workers.js'

/** Hash functions per pair, and bits per pair at capacity: ~0.8% false positives when full. */
const HASHES = 7
const BITS_PER_PAIR = 10
const MIN_CAPACITY = 1 << 16

/** One Bloom filter: `bits` (a power of two of them, so that a hash picks a bit with a mask), sized for `capacity` pairs. */
class Filter {
  private readonly mask: number

  constructor(
    readonly capacity: number,
    readonly bits: Int32Array = new Int32Array(filterBits(capacity) / 32),
    public count = 0,
  ) {
    this.mask = bits.length * 32 - 1
  }

  add(h1: number, h2: number): void {
    for (let i = 0; i < HASHES; i++) {
      const bit = (h1 + Math.imul(i, h2)) & this.mask
      this.bits[bit >>> 5]! |= 1 << (bit & 31)
    }
    this.count++
  }

  has(h1: number, h2: number): boolean {
    for (let i = 0; i < HASHES; i++) {
      const bit = (h1 + Math.imul(i, h2)) & this.mask
      if ((this.bits[bit >>> 5]! & (1 << (bit & 31))) === 0) return false
    }
    return true
  }
}

function filterBits(capacity: number): number {
  let size = 32
  while (size < capacity * BITS_PER_PAIR) size *= 2
  return size
}

/**
 * The filter of every client order id in the store, sized for twice as many as there are orders
 * (the largest seq: one B-tree descent, where counting the ids would be a second pass over them).
 */
export function loadFilter(db: Db): Filter {
  const orders = db.prepare<[], number | null>('SELECT max(seq) FROM orders').pluck().get() ?? 0
  const filter = new Filter(Math.max(MIN_CAPACITY, 2 * orders))
  const pairs = db.prepare<[], [string, string]>(
    'SELECT account_id, client_order_id FROM orders WHERE client_order_id IS NOT NULL',
  )
  for (const [accountId, clientOrderId] of pairs.raw().iterate()) filter.add(...hashes(accountId, clientOrderId))
  return filter
}

/** What the worker sends back: the loaded filter's parts (`bits` transferred). */
export type LoadedFilter = {capacity: number; count: number; bits: Int32Array}

export class ClientOrderIds {
  /** The filters pairs were added to since trading started; the last one takes new pairs. */
  private readonly added = [new Filter(MIN_CAPACITY)]
  /** The store's pairs when the loader read them; undefined until then (every id is a "maybe"). */
  private stored: Filter | undefined
  /** Settles once the store's pairs are in (true) or their load failed (false: the index answers every id). */
  readonly loaded: Promise<boolean>

  /**
   * Starts filling the filter from the store: on a worker thread for a store file, at once for an
   * in-memory store (tests; a thread cannot open it).
   */
  constructor(db: Db) {
    if (db.memory) {
      this.stored = loadFilter(db)
      this.loaded = Promise.resolve(true)
      return
    }
    const loader = startWorker(new URL('./client-ids-worker.js', import.meta.url), {file: db.name})
    // The process may exit, or the node stop, before the load is done: it is only an optimisation.
    loader.unref()
    this.loaded = new Promise((resolve) => {
      loader.once('message', ({capacity, count, bits}: LoadedFilter) => {
        this.stored = new Filter(capacity, bits, count)
        resolve(true)
      })
      loader.once('error', () => resolve(false))
      loader.once('exit', () => resolve(this.stored !== undefined))
    })
  }

  add(accountId: string, clientOrderId: string): void {
    let filter = this.added[this.added.length - 1]!
    if (filter.count >= filter.capacity) {
      filter = new Filter(filter.capacity * 2)
      this.added.push(filter)
    }
    filter.add(...hashes(accountId, clientOrderId))
  }

  /** False: no order of this account has this client id. True: one may have (ask the store). */
  mayHave(accountId: string, clientOrderId: string): boolean {
    if (!this.stored) return true
    const [h1, h2] = hashes(accountId, clientOrderId)
    return this.stored.has(h1, h2) || this.added.some((filter) => filter.has(h1, h2))
  }
}

/**
 * Two 32-bit hashes of the pair: FNV-1a from two offset bases, over the parts in both orders with
 * "|" between, each finished with MurmurHash3's avalanche so that the low bits a filter's mask
 * keeps depend on every character. Bit i of a filter is h1 + i·h2 (double hashing); h2 is odd so
 * that its multiples reach every bit of a power-of-two filter.
 */
const pair: [number, number] = [0, 0]
function hashes(accountId: string, clientOrderId: string): [number, number] {
  pair[0] = avalanche(fnv1a(fnv1a(fnv1a(FNV_OFFSET, accountId), '|'), clientOrderId)) >>> 0
  pair[1] = (avalanche(fnv1a(fnv1a(fnv1a(0x5bd1e995, clientOrderId), '|'), accountId)) | 1) >>> 0
  return pair
}
