/**
 * Who listens to which market stream, and sending a stream's messages to them. A client on `/ws`
 * gets a message as it is; one on `/stream` (combined) gets `{"stream": <name>, "data": <message>}`.
 * Each message is serialised once, and wrapped once, for all of a stream's clients.
 */
import type {Sender} from '../http/ws-sender.js'

export type StreamClient = {sender: Sender; combined: boolean; streams: Set<string>}

export class Topics {
  private readonly listeners = new Map<string, Set<StreamClient>>()

  constructor(
    /** A client joined a stream (`first`: the stream had none; producers start what it needs). */
    private readonly joined: (name: string, client: StreamClient, first: boolean) => void,
    /** A stream lost its last client. */
    private readonly closed: (name: string) => void,
  ) {}

  has(name: string): boolean {
    return this.listeners.has(name)
  }

  /** Names of the streams with clients. */
  names(): IterableIterator<string> {
    return this.listeners.keys()
  }

  add(client: StreamClient, name: string): void {
    if (client.streams.has(name)) return
    client.streams.add(name)
    let set = this.listeners.get(name)
    const first = !set
    if (!set) this.listeners.set(name, (set = new Set()))
    set.add(client)
    this.joined(name, client, first)
  }

  remove(client: StreamClient, name: string): void {
    if (!client.streams.delete(name)) return
    const set = this.listeners.get(name)
    if (!set) return
    set.delete(client)
    if (set.size === 0) {
      this.listeners.delete(name)
      this.closed(name)
    }
  }

  removeAll(client: StreamClient): void {
    for (const name of [...client.streams]) this.remove(client, name)
  }

  /** Sends `data` (JSON text) on stream `name` to its clients, or to `only` one of them. */
  publish(name: string, data: string, only?: StreamClient): void {
    const set = this.listeners.get(name)
    if (!set) return
    let raw: Buffer | undefined
    let combined: Buffer | undefined
    for (const client of only ? [only] : set) {
      if (client.combined) client.sender.send((combined ??= Buffer.from(`{"stream":${JSON.stringify(name)},"data":${data}}`)))
      else client.sender.send((raw ??= Buffer.from(data)))
    }
  }

  clear(): void {
    this.listeners.clear()
  }
}
