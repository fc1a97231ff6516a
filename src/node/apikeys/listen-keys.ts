/**
 * Listen keys of the Binance form's user data stream (docs/binance-compat.md "User data"): `POST /api/v3/userDataStream`
 * with a key opens one (or returns the key's open one, kept for another 60 minutes), `PUT` keeps it
 * 60 minutes more, `DELETE` closes it; `/ws/<listenKey>` follows the account's user data while it is
 * open. A listen key is a random bearer token standing for its API key: whoever opens the stream is
 * checked again with that key (`SignedRequests.checkKey`), so a deleted key or a blocked account
 * stops it.
 *
 * In memory only: a restart forgets them, and clients open a new one (ccxt does when the old one is
 * refused). At most one per API key. In a cluster the sequencer's are the only ones: edges ask it to
 * open, keep and close them, and follow them through a KV bucket (cluster/edge/listen-keys.ts).
 */
import {randomBytes} from 'node:crypto'

/** How long a listen key lives without a keep-alive (Binance's 60 minutes). */
export const LISTEN_KEY_TTL_MS = 60 * 60_000

export type ListenKey = {listenKey: string; apiKeyId: string; apiKey: string; accountId: string; expiresAt: number}

export class ListenKeys {
  private readonly byListenKey = new Map<string, ListenKey>()
  private readonly byApiKey = new Map<string, ListenKey>()
  private readonly listeners = new Set<(listenKey: string) => void>()
  private readonly changeListeners = new Set<(listenKey: string) => void>()

  /** The open listen key of an API key, kept another 60 minutes, or a new one. */
  open(key: {id: string; apiKey: string; accountId: string}, now = Date.now()): string {
    this.sweep(now)
    const open = this.byApiKey.get(key.id)
    if (open) {
      open.expiresAt = now + LISTEN_KEY_TTL_MS
      this.changed(open.listenKey)
      return open.listenKey
    }
    const entry: ListenKey = {
      listenKey: randomBytes(30).toString('hex'),
      apiKeyId: key.id,
      apiKey: key.apiKey,
      accountId: key.accountId,
      expiresAt: now + LISTEN_KEY_TTL_MS,
    }
    this.byListenKey.set(entry.listenKey, entry)
    this.byApiKey.set(key.id, entry)
    this.changed(entry.listenKey)
    return entry.listenKey
  }

  /** Keeps an API key's listen key 60 minutes more; false when it has no such open listen key. */
  keepAlive(listenKey: string, apiKeyId: string, now = Date.now()): boolean {
    const entry = this.live(listenKey, now)
    if (!entry || entry.apiKeyId !== apiKeyId) return false
    entry.expiresAt = now + LISTEN_KEY_TTL_MS
    this.changed(listenKey)
    return true
  }

  /** Closes an API key's listen key (its streams end); false when it has no such open listen key. */
  close(listenKey: string, apiKeyId: string, now = Date.now()): boolean {
    const entry = this.live(listenKey, now)
    if (!entry || entry.apiKeyId !== apiKeyId) return false
    this.end(entry)
    return true
  }

  /** The open listen key, or undefined. */
  resolve(listenKey: string, now = Date.now()): ListenKey | undefined {
    return this.live(listenKey, now)
  }

  /** The listen keys open now. */
  openKeys(now = Date.now()): string[] {
    return [...this.byListenKey.values()].filter((entry) => entry.expiresAt > now).map((entry) => entry.listenKey)
  }

  /** Calls `listener` with each listen key opened, kept or ended; returns the unsubscribe. */
  onChange(listener: (listenKey: string) => void): () => void {
    this.changeListeners.add(listener)
    return () => this.changeListeners.delete(listener)
  }

  /** Calls `listener` with each listen key that closes or expires (noticed by `sweep` or a look-up); returns the unsubscribe. */
  onEnd(listener: (listenKey: string) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Ends every listen key past its time (a stream route calls it now and then). */
  sweep(now = Date.now()): void {
    for (const entry of this.byListenKey.values()) if (entry.expiresAt <= now) this.end(entry)
  }

  private live(listenKey: string, now: number): ListenKey | undefined {
    const entry = this.byListenKey.get(listenKey)
    if (entry && entry.expiresAt <= now) {
      this.end(entry)
      return undefined
    }
    return entry
  }

  private end(entry: ListenKey): void {
    this.byListenKey.delete(entry.listenKey)
    if (this.byApiKey.get(entry.apiKeyId) === entry) this.byApiKey.delete(entry.apiKeyId)
    for (const listener of this.listeners) listener(entry.listenKey)
    this.changed(entry.listenKey)
  }

  private changed(listenKey: string): void {
    for (const listener of this.changeListeners) listener(listenKey)
  }
}
