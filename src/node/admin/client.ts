/**
 * A client of the admin gRPC API, used by the CLI, the AdminGateway proxy, the tests and bench/. It
 * speaks to the real server over the wire with the same protos; `call` is a promise per unary RPC,
 * `stream` a readable per server stream.
 */
import os from 'node:os'
import * as grpc from '@grpc/grpc-js'
import {loadAdminProtos, type ServiceName} from './proto.js'

export type AdminClientOptions = {
  /** Bearer token sent as `authorization` metadata when the node requires one. */
  token?: string
  /** Recorded as the operator of manual operations (x-operator metadata). */
  operator?: string
  /** Deadline of unary calls in ms (default 30 s). */
  timeoutMs?: number
}

type UnaryMethod = (
  request: object,
  metadata: grpc.Metadata,
  options: grpc.CallOptions,
  callback: (error: grpc.ServiceError | null, response?: unknown) => void,
) => grpc.ClientUnaryCall

type StreamMethod = (request: object, metadata: grpc.Metadata, options?: grpc.CallOptions) => grpc.ClientReadableStream<unknown>

export class AdminClient {
  private readonly clients = new Map<ServiceName, grpc.Client>()
  private readonly channelCredentials = grpc.credentials.createInsecure()

  constructor(
    readonly address: string,
    private readonly options: AdminClientOptions = {},
  ) {}

  /** Calls a unary RPC; rejects with the grpc.ServiceError (code, details, `error-code` trailer). */
  call<T = Record<string, unknown>>(service: ServiceName, method: string, request: object = {}): Promise<T> {
    const client = this.client(service)
    const fn = (client as unknown as Record<string, UnaryMethod | undefined>)[method]
    if (typeof fn !== 'function') return Promise.reject(new Error(`unknown RPC ${service}.${method}`))
    const deadline = new Date(Date.now() + (this.options.timeoutMs ?? 30_000))
    return new Promise<T>((resolve, reject) => {
      fn.call(client, request, this.metadata(), {deadline}, (error, response) => (error ? reject(error) : resolve(response as T)))
    })
  }

  /** Opens a server-streaming RPC. */
  stream<T = Record<string, unknown>>(service: ServiceName, method: string, request: object = {}): grpc.ClientReadableStream<T> {
    const client = this.client(service)
    const fn = (client as unknown as Record<string, StreamMethod | undefined>)[method]
    if (typeof fn !== 'function') throw new Error(`unknown RPC ${service}.${method}`)
    return fn.call(client, request, this.metadata()) as grpc.ClientReadableStream<T>
  }

  close(): void {
    for (const client of this.clients.values()) client.close()
    this.clients.clear()
  }

  private client(service: ServiceName): grpc.Client {
    let client = this.clients.get(service)
    if (!client) {
      const Ctor = loadAdminProtos().v1[service] as unknown as typeof grpc.Client
      client = new Ctor(this.address, this.channelCredentials)
      this.clients.set(service, client)
    }
    return client
  }

  private metadata(): grpc.Metadata {
    const metadata = new grpc.Metadata()
    if (this.options.token) metadata.set('authorization', `Bearer ${this.options.token}`)
    metadata.set('x-operator', this.options.operator ?? defaultOperator())
    return metadata
  }
}

/** user@host of whoever runs the CLI. */
export function defaultOperator(): string {
  try {
    return `${os.userInfo().username}@${os.hostname()}`
  } catch {
    return `cli@${os.hostname()}`
  }
}
