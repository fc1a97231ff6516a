/**
 * An edge's listen keys (the user data stream of docs/binance-compat.md "User data", in a cluster): the sequencer's, not the
 * edge's own, so a listen key opened through one edge serves `/ws/<listenKey>`, `PUT` and `DELETE` on
 * every edge — behind a load balancer a client's next request rarely reaches the same edge.
 *
 * - `open`, `keepAlive`, `close` are commands; the sequencer answers once its bucket `ex_listen_keys`
 *   holds the change (reference-data.ts), and NATS pushes the change to this edge's watch before that
 *   answer, on the same connection;
 * - `resolve` answers from the bucket's replica at once (a WebSocket upgrade checks synchronously);
 * - a listen key whose entry leaves the bucket — closed on any edge, expired on the sequencer, or
 *   forgotten by a sequencer's restart — ends here too: its streams are told (`onEnd`).
 */
import type {ListenKey} from '../../apikeys/listen-keys.js'
import type {ListenKeyCommands, ListenKeyEntry} from '../buckets.js'
import type {KvReplica} from './kv-replica.js'

export class EdgeListenKeys {
  private readonly listeners = new Set<(listenKey: string) => void>()
  private readonly offChange: () => void

  constructor(
    private readonly replica: KvReplica<ListenKeyEntry>,
    private readonly remote: ListenKeyCommands,
  ) {
    this.offChange = replica.onChange((listenKey, entry) => {
      if (entry === undefined) for (const listener of this.listeners) listener(listenKey)
    })
  }

  /** The API key's open listen key, kept another 60 minutes, or a new one (only the key's ids cross NATS, never its secret). */
  open(key: {id: string; apiKey: string; accountId: string}): Promise<string> {
    return this.remote.open({id: key.id, apiKey: key.apiKey, accountId: key.accountId})
  }

  keepAlive(listenKey: string, apiKeyId: string): Promise<boolean> {
    return this.remote.keepAlive(listenKey, apiKeyId)
  }

  close(listenKey: string, apiKeyId: string): Promise<boolean> {
    return this.remote.close(listenKey, apiKeyId)
  }

  /** The open listen key, from the replica, or undefined. */
  resolve(listenKey: string, now = Date.now()): ListenKey | undefined {
    const entry = this.replica.get(listenKey)
    return entry && entry.expiresAt > now ? entry : undefined
  }

  onEnd(listener: (listenKey: string) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Expired listen keys are ended by the sequencer (their entries leave the bucket); `resolve` refuses them meanwhile. */
  sweep(): void {}

  stop(): void {
    this.offChange()
    this.listeners.clear()
  }
}
