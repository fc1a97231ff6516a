/**
 * A client of the admin gRPC API, used by the CLI, the AdminGateway proxy, the tests and bench/. It
 * speaks to the real server over the wire with the same protos; `call` is a promise per unary RPC,
 * `stream` a readable per server stream.
 */
import os from 'node:os'
import * as grpc from '@grpc/grpc-js'
import {loadAdminProtos, loadServiceProto, type ServiceName} from './proto.js'

export type AdminClientOptions = {
  /** Bearer token sent as `authorization` metadata when the node requires one. */
  token?: string
  /** Recorded as the operator of manual operations (x-operator metadata). */
  operator?: string
  /** Deadline of unary calls in ms (default 30 s). */
  timeoutMs?: number
  /** How to reach the server: plaintext by default; `tlsCredentials` for a node with --grpc-tls-cert. */
  credentials?: grpc.ChannelCredentials
}

/** PEM contents for a TLS connection to the admin gRPC server. */
export type AdminTls = {
  /** CA bundle the server's certificate must chain to (default: the system's roots). */
  ca?: Buffer
  /** Client certificate and key, for a server that requires one (--grpc-tls-client-ca). */
  cert?: Buffer
  key?: Buffer
}

/** TLS channel credentials; a certificate without its key (or the reverse) is an error. */
export function tlsCredentials(tls: AdminTls): grpc.ChannelCredentials {
  if (Boolean(tls.cert) !== Boolean(tls.key)) throw new Error('a client certificate needs its key, and a key its certificate')
  return grpc.credentials.createSsl(tls.ca ?? null, tls.key ?? null, tls.cert ?? null)
}

/** The typed `exchange.admin.v1` namespace: one client constructor (with its `service` definition) per service. */
type V1 = ReturnType<typeof loadAdminProtos>['v1']

/** A service's method definitions, without the index signature grpc.ServiceDefinition brings. */
type Methods<S extends ServiceName> = {
  [K in keyof V1[S]['service'] as string extends K ? never : K]: V1[S]['service'][K]
}

/** The generated client interface of a service (`TiersServiceClient`). */
type ServiceClient<S extends ServiceName> = InstanceType<V1[S]>

/** The methods of service S (as in the protos, `ListTiers`). */
export type MethodName<S extends ServiceName> = keyof Methods<S> & string

/** The methods of S that stream their responses (`rpc List(...) returns (stream Alert)`). */
export type StreamingMethodName<S extends ServiceName> = {
  [M in MethodName<S>]: ServiceClient<S>[M & keyof ServiceClient<S>] extends (
    ...args: never[]
  ) => grpc.ClientReadableStream<unknown>
    ? M
    : never
}[MethodName<S>]

/** The methods of S that answer once. */
export type UnaryMethodName<S extends ServiceName> = Exclude<MethodName<S>, StreamingMethodName<S>>

/** What a client sends: the generated `<Rpc>Request` (input type, every field optional). */
export type RequestOf<S extends ServiceName, M extends MethodName<S>> = Parameters<Methods<S>[M]['requestSerialize']>[0]

/** What a client receives: the generated `<Rpc>Response__Output` (every field present, as the protos are loaded). */
export type ResponseOf<S extends ServiceName, M extends MethodName<S>> = ReturnType<Methods<S>[M]['responseDeserialize']>

/** R, with every key that T does not have made `never`: a request with a field the proto lacks does not compile. */
export type Exact<R, T> = R & Record<Exclude<keyof R, keyof T>, never>

/** A method name only known at run time (typed `string`, as the AdminGateway's catalog has it); never a literal. */
type DynamicName<N extends string> = string extends N ? N : never

/** The default of the explicitly typed `call<T>` (tests): that overload takes no call without a type argument. */
interface NoTypeArgument {
  readonly 'no type argument given': never
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
  private readonly channelCredentials: grpc.ChannelCredentials

  constructor(
    readonly address: string,
    private readonly options: AdminClientOptions = {},
  ) {
    this.channelCredentials = options.credentials ?? grpc.credentials.createInsecure()
  }

  /**
   * Calls a unary RPC; rejects with the grpc.ServiceError (code, details, `error-code` trailer).
   * Typed by the protos: `call('TiersService', 'ListTiers', {})` resolves to `ListTiersResponse__Output`,
   * an unknown method or a request field the proto lacks does not compile.
   */
  call<S extends ServiceName, M extends UnaryMethodName<S>, R extends RequestOf<S, M> = RequestOf<S, M>>(
    service: S,
    method: M,
    request?: Exact<R, RequestOf<S, M>>,
  ): Promise<ResponseOf<S, M>>
  /** The response type given by the caller (`call<{id: string}>(...)`, tests); neither method nor request is checked. */
  call<T = NoTypeArgument>(service: ServiceName, method: T extends NoTypeArgument ? never : string, request?: object): Promise<T>
  /** A method chosen at run time (the AdminGateway proxy): the response is unknown. */
  call<N extends string>(service: ServiceName, method: DynamicName<N>, request?: object): Promise<unknown>
  call(service: ServiceName, method: string, request: object = {}): Promise<unknown> {
    const client = this.client(service)
    const fn = (client as unknown as Record<string, UnaryMethod | undefined>)[method]
    if (typeof fn !== 'function') return Promise.reject(new Error(`unknown RPC ${service}.${method}`))
    const deadline = new Date(Date.now() + (this.options.timeoutMs ?? 30_000))
    return new Promise<unknown>((resolve, reject) => {
      fn.call(client, request, this.metadata(), {deadline}, (error, response) => (error ? reject(error) : resolve(response)))
    })
  }

  /** Opens a server-streaming RPC, typed by the protos like `call`: each item is the RPC's `__Output` type. */
  stream<S extends ServiceName, M extends StreamingMethodName<S>, R extends RequestOf<S, M> = RequestOf<S, M>>(
    service: S,
    method: M,
    request?: Exact<R, RequestOf<S, M>>,
  ): grpc.ClientReadableStream<ResponseOf<S, M>>
  /** The item type given by the caller (`stream<Alert__Output>(...)`, tests); neither method nor request is checked. */
  stream<T = NoTypeArgument>(
    service: ServiceName,
    method: T extends NoTypeArgument ? never : string,
    request?: object,
  ): grpc.ClientReadableStream<T>
  /** A method chosen at run time (the AdminGateway proxy): the items are unknown. */
  stream<N extends string>(service: ServiceName, method: DynamicName<N>, request?: object): grpc.ClientReadableStream<unknown>
  stream(service: ServiceName, method: string, request: object = {}): grpc.ClientReadableStream<unknown> {
    const client = this.client(service)
    const fn = (client as unknown as Record<string, StreamMethod | undefined>)[method]
    if (typeof fn !== 'function') throw new Error(`unknown RPC ${service}.${method}`)
    return fn.call(client, request, this.metadata())
  }

  close(): void {
    for (const client of this.clients.values()) client.close()
    this.clients.clear()
  }

  private client(service: ServiceName): grpc.Client {
    let client = this.clients.get(service)
    if (!client) {
      const Ctor = loadServiceProto(service) as unknown as typeof grpc.Client
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
