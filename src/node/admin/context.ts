/**
 * What every admin handler shares: the services, the caller check (admin token), the operator
 * name for the journal, and the shutdown state. `unary` wraps a handler so that bad input,
 * unknown ids and bugs all become the right gRPC status, never a crash.
 */
import {createHash, timingSafeEqual} from 'node:crypto'
import type * as grpc from '@grpc/grpc-js'
import {ExchangeError} from '../ground/errors.js'
import type {Logger} from '../ground/logger.js'
import type {TransportServices} from '../services.js'
import {toServiceError} from './status.js'
import {newRuntime, type NodeRuntime} from './runtime.js'
import {bearerToken} from '../http/bearer.js'

export class AdminContext {
  private shuttingDown = false
  /** Open server streams, ended at shutdown. */
  readonly streams = new Set<grpc.ServerWritableStream<unknown, unknown>>()

  constructor(
    readonly services: TransportServices,
    readonly logger: Logger,
    private readonly adminToken?: string,
    readonly runtime: NodeRuntime = newRuntime(),
  ) {}

  beginShutdown(): void {
    this.shuttingDown = true
    for (const stream of this.streams) stream.end()
    this.streams.clear()
  }

  /**
   * Refuses calls while shutting down, callers without the admin token (when one is set), and — once
   * admitted — a request whose bytes did not decode (`server.ts` marks it, see `unreadable`).
   */
  admit(metadata: grpc.Metadata, request?: unknown): void {
    if (this.shuttingDown) throw new ExchangeError('unavailable', 'the node is shutting down')
    if (this.adminToken !== undefined) {
      const given = adminTokenOf(metadata.get('authorization')[0])
      const digest = (text: string) => createHash('sha256').update(text).digest()
      if (!timingSafeEqual(digest(given), digest(this.adminToken))) {
        throw new ExchangeError('permission_denied', 'missing or wrong admin token')
      }
    }
    if (isUnreadable(request)) throw undecodable()
  }

  /** Who performs a manual operation: the `x-operator` metadata, or "admin-grpc". */
  operatorOf(metadata: grpc.Metadata): string {
    const value = metadata.get('x-operator')[0]
    return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 128) : 'admin-grpc'
  }

  /** Wraps a unary handler: admission, then the handler, then any error mapped to its status. */
  unary<Req, Res>(
    method: string,
    handler: (request: Req, call: grpc.ServerUnaryCall<Req, Res>) => Res | Promise<Res>,
  ): grpc.handleUnaryCall<Req, Res> {
    return async (call, callback) => {
      try {
        this.admit(call.metadata, call.request)
        callback(null, await handler(call.request, call))
      } catch (error) {
        this.logFailure(method, error)
        callback(toServiceError(error))
      }
    }
  }

  logFailure(method: string, error: unknown): void {
    if (error instanceof ExchangeError) {
      this.logger.debug({method, code: error.code, message: error.message}, 'admin call refused')
    } else {
      this.services.systemErrors.report('admin-grpc', error, {method})
    }
  }
}

/** Marks a request that did not deserialize: grpc-js would answer INTERNAL itself; the handler answers INVALID_ARGUMENT. */
const UNREADABLE = Symbol('unreadable request')

function isUnreadable(request: unknown): boolean {
  return typeof request === 'object' && request !== null && UNREADABLE in request
}

const undecodable = () => new ExchangeError('invalid_argument', 'the request message could not be decoded')

/** A service definition whose requests that fail to decode reach their handler marked, instead of failing in grpc-js. */
export function unreadableMarked<S extends grpc.ServiceDefinition>(service: S): S {
  const marked: Record<string, grpc.MethodDefinition<unknown, unknown>> = {}
  for (const [name, method] of Object.entries(service) as [string, grpc.MethodDefinition<unknown, unknown>][]) {
    marked[name] = {
      ...method,
      requestDeserialize: (bytes: Buffer) => {
        try {
          return method.requestDeserialize(bytes)
        } catch {
          return {[UNREADABLE]: true}
        }
      },
    }
  }
  return marked as unknown as S
}

/**
 * `server` for a third-party `addToServer` (health, reflection): each service is added
 * `unreadableMarked`, and a marked request is answered INVALID_ARGUMENT before the handler sees it —
 * the request of a unary call or a server stream, each message of a client or bidirectional stream.
 */
export function unreadableRefused(server: grpc.Server): grpc.Server {
  const guard = (method: grpc.MethodDefinition<unknown, unknown>, handler: grpc.UntypedHandleCall): grpc.UntypedHandleCall => {
    if (method.requestStream) {
      return (call: grpc.ServerDuplexStream<unknown, unknown>, ...rest: unknown[]) => {
        // grpc-js pushes each decoded message into the call's readable side.
        const push = call.push.bind(call)
        call.push = (chunk: unknown, encoding?: BufferEncoding) => {
          if (!isUnreadable(chunk)) return push(chunk, encoding)
          // emit('error') sends the status and trailers, then ends the call.
          call.emit('error', toServiceError(undecodable()))
          return false
        }
        ;(handler as (...args: unknown[]) => void)(call, ...rest)
      }
    }
    if (method.responseStream) {
      return (call: grpc.ServerWritableStream<unknown, unknown>) => {
        if (isUnreadable(call.request)) call.emit('error', toServiceError(undecodable()))
        else (handler as (call: grpc.ServerWritableStream<unknown, unknown>) => void)(call)
      }
    }
    return (call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
      if (isUnreadable(call.request)) callback(toServiceError(undecodable()))
      else (handler as grpc.handleUnaryCall<unknown, unknown>)(call, callback)
    }
  }
  const refusing = {
    addService: (service: grpc.ServiceDefinition, handlers: grpc.UntypedServiceImplementation) => {
      const guarded = Object.fromEntries(
        Object.entries(handlers).map(([name, handler]) => {
          // grpc-js matches a handler by the method's name or its `originalName` (health's `check`).
          const method = Object.entries(service).find(([key, spec]) => key === name || spec.originalName === name)?.[1]
          return [name, method ? guard(method, handler) : handler]
        }),
      )
      server.addService(unreadableMarked(service), guarded)
    },
  }
  return refusing as unknown as grpc.Server
}

/** The token of an `authorization: Bearer <token>` metadata value; '' when there is none or it is not a Bearer token (refused as a wrong token). */
function adminTokenOf(header: grpc.MetadataValue | undefined): string {
  try {
    return (typeof header === 'string' ? bearerToken(header) : undefined) ?? ''
  } catch {
    return ''
  }
}
