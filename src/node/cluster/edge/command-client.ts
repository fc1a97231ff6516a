/**
 * An edge's end of the commands: a NATS request to `ex.cmd.<service>.<method>` answered by the
 * sequencer after its commit (command-server.ts), the answer decoded, a refusal thrown again as the
 * same ExchangeError class with the same code.
 *
 * When the sequencer cannot answer, the caller gets `Unavailable` (503 with `Retry-After`,
 * docs/cluster.md "Commands") without waiting: while NATS is disconnected (the client would drop the request), and when NATS
 * says no sequencer is subscribed ("no responders"). After a timeout the command may have been done
 * — the answer, not the command, was lost — and the message says so: a repeat is safe with the same
 * `client_order_id`, and a signed request repeated as is is refused as a replay.
 *
 * Commands of one method made in one turn of the event loop (an edge under load: many HTTP requests
 * read in one poll) leave together, as one request `{commands: [[args, keyId?, signature?, timestamp?],
 * …]}` on that method's subject (command-server.ts `CompactCommand`), answered `{batch: [answer, …]}`
 * in the same order — one NATS message each way instead of one per command; each command still
 * succeeds or fails alone. Only the order path's commands, whose answers are small, are batched
 * (`BATCHED`), at most `MAX_BATCH` at a time and within a quarter of the server's `max_payload` (a
 * batch too big is split), so a batch's answer fits a NATS message too. A lone command is sent as
 * itself, `{service, method, args, replay?}`, and so is one with its own timeout or of another method.
 * (The sequencer must understand this form of batches: upgrade it before its edges.)
 *
 * `remote(allow)` gives the services of an allow-list with the local services' method names and
 * arguments, every method returning a promise: the shape transports will call in phase 2.
 */
import {RequestError, TimeoutError} from '@nats-io/transport-node'
import {Unavailable} from '../../ground/errors.js'
import {decode, encode, fromWireError, type Reply} from '../codec.js'
import {ANSWER_FORMS, type AllowList, type RemoteServices} from '../commands.js'
import type {CommandRequest, CompactCommand, ReplayProof} from '../commands.js'
import type {ClusterConnection} from '../connection.js'
import {COMMAND_PREFIX} from '../subjects.js'

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

/** The commands sent in batches: the order path, each answered with at most an order and its fills. */
const BATCHED = new Set(['trading.place', 'trading.cancel'])
/** Commands in one batch at most. */
const MAX_BATCH = 128

/** A command waiting for the end of the event loop's turn, to leave with the others of its method. */
type Queued = {request: CommandRequest; resolve(value: unknown): void; reject(error: unknown): void}

export class CommandClient {
  private readonly timeoutMs: number
  private readonly retryAfter: number
  private readonly prefix: string
  /** Subject → the commands queued for it in this turn. */
  private queued = new Map<string, Queued[]>()
  private scheduled = false

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
    const request: CommandRequest = options.replay ? {service, method, args, replay: options.replay} : {service, method, args}
    const subject = `${this.prefix}.${service}.${method}`
    const form = ANSWER_FORMS.get(`${service}.${method}`)
    if ((options.timeoutMs !== undefined && options.timeoutMs !== this.timeoutMs) || !BATCHED.has(`${service}.${method}`)) {
      const value = this.answer(await this.send(subject, encode(request), options.timeoutMs ?? this.timeoutMs))
      return form ? form.read(value) : value
    }
    return new Promise((resolve, reject) => {
      let queue = this.queued.get(subject)
      if (!queue) this.queued.set(subject, (queue = []))
      queue.push({request, resolve: form ? (value) => resolve(form.read(value)) : resolve, reject})
      if (this.scheduled) return
      this.scheduled = true
      setImmediate(() => this.flush())
    })
  }

  /** Sends what this turn queued: each subject's commands as one request (a lone one as itself). */
  private flush(): void {
    this.scheduled = false
    const queued = this.queued
    this.queued = new Map()
    for (const [subject, queue] of queued) {
      for (let start = 0; start < queue.length; start += MAX_BATCH) this.sendBatch(subject, queue.slice(start, start + MAX_BATCH))
    }
  }

  /** Sends `queue` as one request — halved while it is larger than a quarter of the server's max payload. */
  private sendBatch(subject: string, queue: Queued[]): void {
    if (queue.length === 1) {
      const [only] = queue as [Queued]
      let body: Uint8Array
      try {
        body = encode(only.request)
      } catch (error) {
        only.reject(error)
        return
      }
      this.send(subject, body, this.timeoutMs).then(
        (bytes) => settle(only, () => this.answer(bytes)),
        (error: unknown) => only.reject(error),
      )
      return
    }
    let body: Uint8Array
    try {
      body = encode({commands: queue.map((each) => compact(each.request))})
    } catch {
      // One command's arguments cannot be encoded: each goes alone, that one refused by itself.
      for (const each of queue) this.sendBatch(subject, [each])
      return
    }
    if (body.length > (this.connection.nc.info?.max_payload ?? 1024 * 1024) / 4) {
      const half = Math.ceil(queue.length / 2)
      this.sendBatch(subject, queue.slice(0, half))
      this.sendBatch(subject, queue.slice(half))
      return
    }
    this.send(subject, body, this.timeoutMs).then(
      (bytes) => {
        let replies: Reply[]
        try {
          replies = decode<{batch: Reply[]}>(bytes).batch
          if (!Array.isArray(replies) || replies.length !== queue.length) throw new Error('not one answer per command')
        } catch (error) {
          const lost = this.answerLost(error)
          for (const each of queue) each.reject(lost)
          return
        }
        queue.forEach((each, i) => settle(each, () => unwrap(replies[i]!)))
      },
      (error: unknown) => {
        for (const each of queue) each.reject(error)
      },
    )
  }

  /** One request; a failure to get its answer is `unavailable`. */
  private async send(subject: string, body: Uint8Array, timeout: number): Promise<Uint8Array> {
    try {
      return (await this.connection.nc.request(subject, body, {timeout})).data
    } catch (error) {
      throw this.unavailable(error, timeout)
    }
  }

  private answer(bytes: Uint8Array): unknown {
    let reply: Reply
    try {
      reply = decode<Reply>(bytes)
    } catch (error) {
      throw this.answerLost(error)
    }
    // The sequencer answers a batch only for a batch; anything else is one command's answer.
    return unwrap(reply)
  }

  private answerLost(error: unknown): Unavailable {
    return new Unavailable(
      `the command's answer could not be read (${(error as Error).message}): look before repeating it`,
      this.retryAfter,
    )
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
    if (error instanceof Unavailable) return error
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

/** A reply's value, or its refusal thrown again as the same class with the same code. */
function unwrap(reply: Reply): unknown {
  if (reply.ok) return reply.value
  throw fromWireError(reply.error)
}

/** A command as a batch carries it: the subject names its method. */
function compact({args, replay}: CommandRequest): CompactCommand {
  return replay ? [args, replay.keyId, replay.signature, replay.timestamp] : [args]
}

/** Settles `queued` with what `answer` returns or throws. */
function settle(queued: Queued, answer: () => unknown): void {
  try {
    queued.resolve(answer())
  } catch (error) {
    queued.reject(error)
  }
}
