/**
 * The AdminGateway's way to the admin gRPC API: a real gRPC client over loopback (the same
 * AdminClient the CLI uses), sending the node's admin token and the signed-in admin's e-mail as
 * `x-operator`, so manual operations record who did them. gRPC failures come back as ExchangeErrors
 * with the code of the `error-code` trailer, which the error middleware renders as HTTP.
 */
import type {ChannelCredentials} from '@grpc/grpc-js'
import {AdminClient} from '../admin/client.js'
import {errorCodeOf} from '../admin/status.js'
import {ExchangeError} from '../ground/errors.js'
import type {Rpc} from './catalog.js'

/** At most this many clients (one per admin e-mail) are kept open; the least recently used is closed. */
const MAX_CLIENTS = 32

export class AdminProxy {
  private readonly clients = new Map<string, AdminClient>()

  constructor(
    private readonly grpcAddress: string,
    private readonly adminToken: string | undefined,
    /** TLS of the node's gRPC server, when it has TLS (node.ts: its own certificate as client identity). */
    private readonly credentials?: ChannelCredentials,
    private readonly timeoutMs = 30_000,
  ) {}

  /** Calls `rpc` as `operator`; a server stream is collected into an array (it must end by itself). */
  async call(rpc: Rpc, request: object, operator: string): Promise<unknown> {
    const client = this.client(operator)
    try {
      if (!rpc.serverStream) return await client.call(rpc.service, rpc.method, request)
      return await new Promise<unknown[]>((resolve, reject) => {
        const items: unknown[] = []
        const stream = client.stream(rpc.service, rpc.method, request)
        const timer = setTimeout(() => {
          stream.cancel()
          reject(new ExchangeError('unavailable', `${rpc.name} did not finish within ${this.timeoutMs} ms`))
        }, this.timeoutMs)
        stream.on('data', (item: unknown) => items.push(item))
        stream.on('error', (error) => {
          clearTimeout(timer)
          reject(error)
        })
        stream.on('end', () => {
          clearTimeout(timer)
          resolve(items)
        })
      })
    } catch (error) {
      throw fromGrpc(error)
    }
  }

  close(): void {
    for (const client of this.clients.values()) client.close()
    this.clients.clear()
  }

  private client(operator: string): AdminClient {
    let client = this.clients.get(operator)
    if (client) {
      this.clients.delete(operator)
    } else {
      client = new AdminClient(this.grpcAddress, {
        token: this.adminToken,
        operator,
        timeoutMs: this.timeoutMs,
        credentials: this.credentials,
      })
      if (this.clients.size >= MAX_CLIENTS) {
        const [oldest, evicted] = this.clients.entries().next().value as [string, AdminClient]
        this.clients.delete(oldest)
        // Calls in flight on it may still be running: close once they have surely ended.
        setTimeout(() => evicted.close(), this.timeoutMs).unref()
      }
    }
    this.clients.set(operator, client)
    return client
  }
}

/** The ExchangeError of a failed gRPC call: the trailer's code, else the status's, else internal. */
export function fromGrpc(error: unknown): ExchangeError {
  if (error instanceof ExchangeError) return error
  const grpcError = error as {code?: unknown; details?: unknown; metadata?: {get(key: string): unknown[]}} | null
  if (typeof grpcError?.code !== 'number') return new ExchangeError('internal', 'internal error', {cause: error})
  const code = errorCodeOf({code: grpcError.code, metadata: grpcError.metadata}) ?? 'internal'
  const details = typeof grpcError.details === 'string' ? grpcError.details : ''
  return new ExchangeError(code, code === 'internal' ? 'internal error' : details, {cause: error})
}
