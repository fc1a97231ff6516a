/**
 * An edge's end of the commands: a NATS request to `ex.cmd.<service>.<method>` answered by the
 * sequencer after its commit (command-server.ts), the answer decoded, a refusal thrown again as the
 * same ExchangeError class with the same code.
 *
 * When the sequencer cannot answer, the caller gets `Unavailable` (503 with `Retry-After`, CONTRACT
 * §12) without waiting: while NATS is disconnected (the client would drop the request), and when NATS
 * says no sequencer is subscribed ("no responders"). After a timeout the command may have been done
 * — the answer, not the command, was lost — and the message says so: a repeat is safe with the same
 * `client_order_id`, and a signed request repeated as is is refused as a replay.
 *
 * `remote(allow)` gives the services of an allow-list with the local services' method names and
 * arguments, every method returning a promise: the shape transports will call in phase 2.
 */
import {RequestError, TimeoutError} from '@nats-io/transport-node'
import {Unavailable} from '../errors.js'
import {decode, encode, fromWireError, type Reply} from './codec.js'
import type {AllowList, RemoteServices} from './commands.js'
import type {ReplayProof} from './command-server.js'
import type {ClusterConnection} from './connection.js'
import {COMMAND_PREFIX} from './subjects.js'

export type CommandClientOptions = {
  /** How long a command waits for its answer, ms (default 5000). */
  timeoutMs?: number
  /** The Retry-After of an `unavailable` answer, seconds (default 1). */
  retryAfterSeconds?: number
  prefix?: string
}

export type CallOptions = {
  /** The signed request the command serves: the sequencer accepts its signature once, cluster-wide. */
  replay?: ReplayProof
  timeoutMs?: number
}

export class CommandClient {
  private readonly timeoutMs: number
  private readonly retryAfter: number
  private readonly prefix: string

  constructor(
    private readonly connection: ClusterConnection,
    options: CommandClientOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 5000
    this.retryAfter = options.retryAfterSeconds ?? 1
    this.prefix = options.prefix ?? COMMAND_PREFIX
  }

  /** Calls `service.method(...args)` on the sequencer; resolves to its answer once committed there. */
  async call(service: string, method: string, args: unknown[], options: CallOptions = {}): Promise<unknown> {
    if (!this.connection.connected) {
      throw new Unavailable('the sequencer cannot be reached (NATS is disconnected); nothing was done', this.retryAfter)
    }
    const timeout = options.timeoutMs ?? this.timeoutMs
    const body = encode(options.replay ? {service, method, args, replay: options.replay} : {service, method, args})
    let answer: Uint8Array
    try {
      answer = (await this.connection.nc.request(`${this.prefix}.${service}.${method}`, body, {timeout})).data
    } catch (error) {
      throw this.unavailable(error, timeout)
    }
    const reply = decode<Reply>(answer)
    if (reply.ok) return reply.value
    throw fromWireError(reply.error)
  }

  /**
   * The services of `allow`, each allowed method as `(...args) => Promise<answer>`; `options` (a
   * signed request's replay proof) go with every call made through the returned object.
   */
  remote<S, L extends AllowList>(allow: L, options: CallOptions = {}): RemoteServices<S, L> {
    const services: Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>> = {}
    for (const [path, methods] of Object.entries(allow)) {
      const service: Record<string, (...args: unknown[]) => Promise<unknown>> = {}
      for (const method of methods) service[method] = (...args) => this.call(path, method, args, options)
      services[path] = service
    }
    return services as RemoteServices<S, L>
  }

  private unavailable(error: unknown, timeoutMs: number): Unavailable {
    if (error instanceof RequestError && error.isNoResponders()) {
      return new Unavailable('no sequencer is answering commands; nothing was done', this.retryAfter)
    }
    if (error instanceof TimeoutError || (error instanceof RequestError && error.cause instanceof TimeoutError)) {
      return new Unavailable(
        `the sequencer did not answer within ${timeoutMs} ms: the command may have been done; ` +
          'look before repeating it (a repeat with the same client_order_id is safe)',
        this.retryAfter,
      )
    }
    return new Unavailable(
      `the command's answer was lost (${(error as Error).message}): look before repeating it`,
      this.retryAfter,
    )
  }
}
