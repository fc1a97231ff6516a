/**
 * The sequencer's end of the commands (docs/cluster.md "Commands"): a subscription to `ex.cmd.>` in the queue group
 * `sequencer`, answering `{service, method, args, replay?}` from edges with what the local service
 * answers — after its promise resolves, so after the commit (the trading path resolves once its
 * batch is on disk; the other modules commit synchronously before they return).
 *
 * Only the methods of the allow-list it is given are reachable: each is bound once, here, and a
 * request is dispatched by a map look-up of `service.method`, never by reading a property named in
 * the request. The request's subject must be `ex.cmd.<service>.<method>` of its body, so that NATS
 * permissions on subjects say what an edge may ask.
 *
 * A request served for a signed API-key request carries `replay: {keyId, signature, timestamp}`; the
 * sequencer accepts each signature once (`apiKeys.acceptOnce`, its one replay guard) before it
 * dispatches, so a signed request replayed to another edge is refused with `replayed_request`.
 *
 * A request may be a batch of commands of the subject's method (an edge sends together what one turn
 * of its event loop asked, command-client.ts): they are dispatched in order, in the same turn — so
 * they join one trading batch — and answered together once each has its answer, `{batch: [answer,
 * …]}`; each succeeds or fails alone. Edges send a batch as `{commands: [[args, keyId?, signature?,
 * timestamp?], …]}` (`CompactCommand`: the subject names the method, so each command is its arguments
 * and, for a signed request, its replay proof). These two forms are all it reads (docs/cluster.md
 * "Commands").
 */
import type {NatsConnection, Subscription} from '@nats-io/transport-node'
import {ExchangeError, invalid, toExchangeError} from '../../ground/errors.js'
import type {Logger} from '../../ground/logger.js'
import {decode, encodePlainText, encodeText, wireError, type Reply} from '../codec.js'
import {serviceAt, type AllowList, type AnswerForm, type CommandRequest, type ReplayProof} from '../commands.js'
import {COMMAND_PREFIX, COMMAND_QUEUE} from '../subjects.js'

export type CommandServerOptions = {
  /** The services (the sequencer's `TransportServices`). */
  services: object
  /** What may be called: service path → method names. */
  allow: AllowList
  /** The one replay guard of signed requests (the sequencer's `apiKeys`). */
  replayGuard: {acceptOnce(key: {id: string}, signature: string, timestamp: number): void}
  logger: Logger
  /** Logs an unexpected error and returns its id (the sequencer's `systemErrors.report`). */
  report?: (source: string, error: unknown, context?: Record<string, unknown>) => string
  prefix?: string
  queue?: string
  /** The `service.method`s whose answers are plain JSON by type (commands.ts `PLAIN_ANSWERS`): encoded without the tag walk. */
  plainAnswers?: ReadonlySet<string>
  /** The `service.method`s whose answers cross in another form (commands.ts `ANSWER_FORMS`): written so before encoding. */
  answerForms?: ReadonlyMap<string, AnswerForm>
}

/**
 * A reachable method, by the subject it is asked on: its call, and its answer's encoders bound once
 * (one pair per method, not two closures per command).
 */
type Bound = {
  service: string
  method: string
  call: (args: unknown[]) => unknown
  answered: (value: unknown) => string
  refused: (thrown: unknown) => string
}

export class CommandServer {
  /** By subject, `<prefix>.<service>.<method>`. */
  private readonly handlers = new Map<string, Bound>()
  private readonly prefix: string
  private subscription: Subscription | undefined
  /** Commands received and not yet answered, and who waits for there to be none (`stop`). */
  private inFlight = 0
  private drained: (() => void)[] = []

  constructor(
    private readonly nc: NatsConnection,
    private readonly options: CommandServerOptions,
  ) {
    this.prefix = options.prefix ?? COMMAND_PREFIX
    const plain = options.plainAnswers ?? new Set()
    for (const [path, methods] of Object.entries(options.allow)) {
      const service = serviceAt(options.services, path) as Record<string, unknown>
      for (const method of methods) {
        const fn = service[method]
        if (typeof fn !== 'function') throw new Error(`${path}.${method} is not a method`)
        const subject = `${this.prefix}.${path}.${method}`
        // The subject is the command's own (`handlerOf` refuses any other), so its answer's type is known.
        const encodeAnswer = plain.has(`${path}.${method}`) ? encodePlainText : encodeText
        const form = options.answerForms?.get(`${path}.${method}`)
        this.handlers.set(subject, {
          service: path,
          method,
          call: (args) => (fn as (...args: unknown[]) => unknown).apply(service, args),
          answered: form
            ? (value) => this.replyText({ok: true, value: form.write(value)}, subject, encodeAnswer)
            : (value) => this.replyText({ok: true, value}, subject, encodeAnswer),
          refused: (thrown) => this.refusalText(thrown, subject),
        })
      }
    }
  }

  /** How many commands it can answer (the allow-list's size). */
  get size(): number {
    return this.handlers.size
  }

  /** Subscribes; resolves once the server knows the subscription (a request sent after this finds it). */
  async start(): Promise<void> {
    this.subscription = this.nc.subscribe(`${this.prefix}.>`, {
      queue: this.options.queue ?? COMMAND_QUEUE,
      callback: (error, msg) => {
        if (error) {
          this.options.logger.error({err: error}, 'command subscription failed')
          return
        }
        this.inFlight++
        // Only the two subjects are kept while the commands commit, not the message and its bytes.
        const {subject, reply} = msg
        void this.answer(this.dispatch(msg.data, subject), subject, reply).finally(() => {
          if (--this.inFlight === 0) for (const resolve of this.drained.splice(0)) resolve()
        })
      },
    })
    await this.nc.flush()
  }

  /** Takes no new command, and resolves once every command received has been answered. */
  async stop(): Promise<void> {
    const subscription = this.subscription
    this.subscription = undefined
    if (subscription && !subscription.isClosed()) await subscription.drain().catch(() => undefined)
    if (this.inFlight > 0) await new Promise<void>((resolve) => this.drained.push(resolve))
  }

  /**
   * Dispatches one request's commands now (a command, or a batch of them in order, in this turn):
   * the text of its answer (a batch's as bytes), or a promise of it that never rejects.
   */
  private dispatch(data: Uint8Array, subject: string): string | Promise<string | Uint8Array> {
    let request: unknown
    try {
      request = decode(data)
    } catch {
      return this.refusalText(invalid('a command is JSON: {service, method, args}'), subject)
    }
    const commands = (request as {commands?: unknown} | null)?.commands
    if (!Array.isArray(commands)) return this.settled(request, subject)
    // Each answer awaited apart.
    const answers = commands.map((each) => this.settledCompact(each, subject))
    return Promise.all(answers).then(batchBytes)
  }

  /** Sends the answer to `reply` once it is known (the edge's request waits on that subject). */
  private async answer(text: string | Uint8Array | Promise<string | Uint8Array>, subject: string, reply: string | undefined) {
    const body = await text
    if (!reply) return
    try {
      this.nc.publish(reply, typeof body === 'string' ? Buffer.from(body) : body)
    } catch (error) {
      // The connection closed meanwhile: the edge's request times out, as documented.
      this.options.logger.warn({err: error, subject}, 'command answer not sent')
    }
  }

  /**
   * The JSON text of one command's answer, its value or its refusal — at once for a synchronous
   * answer, else once its promise settles; never rejects. Not an async function: it runs for every
   * command of every batch, and an async function's frame and promise per command would be garbage by
   * the thousand at a sequencer's rate.
   */
  private settled(request: unknown, subject: string): string | Promise<string> {
    let value: unknown
    let handler: Bound
    try {
      handler = this.handlerOf(request, subject)
      const {args, replay} = request as CommandRequest
      if (replay !== undefined) this.acceptOnce(replay)
      value = handler.call(args)
    } catch (thrown) {
      return this.refusalText(thrown, subject)
    }
    return this.answerOf(value, handler)
  }

  /** `settled` for a command of a `{commands}` batch: the subject's method, with its arguments and replay proof. */
  private settledCompact(command: unknown, subject: string): string | Promise<string> {
    let value: unknown
    let handler: Bound
    try {
      handler = this.handlerAt(subject)
      if (!Array.isArray(command) || !Array.isArray(command[0]) || (command.length !== 1 && command.length !== 4)) {
        throw invalid('a command of a batch is [args] or [args, keyId, signature, timestamp]')
      }
      if (command.length === 4) this.acceptOnce({keyId: command[1], signature: command[2], timestamp: command[3]})
      value = handler.call(command[0] as unknown[])
    } catch (thrown) {
      return this.refusalText(thrown, subject)
    }
    return this.answerOf(value, handler)
  }

  /** The text of a command's answer: now for a value, once it settles for a promise. */
  private answerOf(value: unknown, handler: Bound): string | Promise<string> {
    if (value instanceof Promise) return value.then(handler.answered, handler.refused) as Promise<string>
    if (typeof (value as PromiseLike<unknown> | null)?.then !== 'function') return handler.answered(value)
    return Promise.resolve(value).then(handler.answered, handler.refused)
  }

  private refusalText(thrown: unknown, subject: string): string {
    return this.replyText({ok: false, error: wireError(this.refusal(thrown, subject))}, subject, encodeText)
  }

  /** `reply` as JSON; an answer that cannot be encoded is `internal`, reported. */
  private replyText(reply: Reply, subject: string, encodeAnswer: (value: unknown) => string): string {
    try {
      return encodeAnswer(reply)
    } catch (error) {
      return encodeText({ok: false, error: wireError(this.refusal(error, subject))} satisfies Reply)
    }
  }

  /** The method a command asks for, on its own subject; a refusal is thrown here. */
  private handlerOf(request: unknown, subject: string): Bound {
    const {service, method, args} = (request ?? {}) as Partial<CommandRequest>
    if (typeof service !== 'string' || typeof method !== 'string' || !Array.isArray(args)) {
      throw invalid('a command is {service, method, args: []}')
    }
    const handler = this.handlers.get(subject)
    if (handler && handler.service === service && handler.method === method) return handler
    const own = `${this.prefix}.${service}.${method}`
    if (!this.handlers.has(own))
      throw new ExchangeError('unimplemented', `${service}.${method} is not a command of the sequencer`)
    throw invalid(`the command ${service}.${method} is sent on ${own}`)
  }

  /** The method of a subject (a `{commands}` batch names none of its own). */
  private handlerAt(subject: string): Bound {
    const handler = this.handlers.get(subject)
    if (!handler) {
      throw new ExchangeError('unimplemented', `${subject.slice(this.prefix.length + 1)} is not a command of the sequencer`)
    }
    return handler
  }

  private acceptOnce(replay: ReplayProof): void {
    const {keyId, signature, timestamp} = replay
    if (typeof keyId !== 'string' || typeof signature !== 'string' || !Number.isSafeInteger(timestamp)) {
      throw invalid('replay is {keyId, signature, timestamp}')
    }
    this.options.replayGuard.acceptOnce({id: keyId}, signature.toLowerCase(), timestamp)
  }

  /** A refusal as it is answered: an ExchangeError as is; anything else `internal`, reported with an id. */
  private refusal(thrown: unknown, subject: string): ExchangeError {
    if (thrown instanceof ExchangeError && thrown.code !== 'internal') return thrown
    const error = toExchangeError(thrown)
    const cause = error.cause ?? error
    if (this.options.report) {
      const id = this.options.report('cluster.command', cause, {subject})
      return new ExchangeError('internal', `internal error (id ${id})`)
    }
    this.options.logger.error({err: cause, subject}, 'command failed')
    return new ExchangeError('internal', 'internal error')
  }
}

/**
 * The answer to a batch, `{"batch":[answer, …]}`, written straight into the bytes NATS sends: no
 * joined string, no second copy.
 */
function batchBytes(texts: string[]): Uint8Array {
  let length = BATCH_OPEN.length + BATCH_CLOSE.length + Math.max(0, texts.length - 1)
  for (const text of texts) length += Buffer.byteLength(text)
  const bytes = Buffer.allocUnsafe(length)
  let at = bytes.write(BATCH_OPEN, 0, 'latin1')
  texts.forEach((text, i) => {
    if (i > 0) bytes[at++] = COMMA
    at += bytes.write(text, at)
  })
  bytes.write(BATCH_CLOSE, at, 'latin1')
  return bytes
}

const BATCH_OPEN = '{"batch":['
const BATCH_CLOSE = ']}'
const COMMA = 0x2c
