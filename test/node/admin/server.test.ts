import {createRequire} from 'node:module'
import path from 'node:path'
import * as grpc from '@grpc/grpc-js'
import {status} from '@grpc/grpc-js'
import * as protoLoader from '@grpc/proto-loader'
import test from 'ava'
import {protoPath as healthProtoPath} from 'grpc-health-check'
import descriptor from 'protobufjs/ext/descriptor/index.js'
import {AdminClient} from '../../../src/node/admin/client.js'
import {mapEntryName} from '../../../src/node/admin/descriptors.js'
import type {Alert__Output} from '../../../src/node/admin/generated/exchange/admin/v1/Alert.js'
import {loadAdminProtos, SERVICE_NAMES} from '../../../src/node/admin/proto.js'
import {rpcError, startTestNode, type TestNode} from '../../helpers/node.js'
import {collect} from '../../helpers/admin-grpc.js'

const TOKEN = 's3cret'

// One node for the file, started with an admin token: node.admin sends it on every call.
let node: TestNode
test.before(async () => {
  node = await startTestNode({adminToken: TOKEN})
})
test.after.always(async () => {
  await node?.close()
})

const withToken = (): grpc.Metadata => {
  const metadata = new grpc.Metadata()
  metadata.set('authorization', `Bearer ${TOKEN}`)
  return metadata
}

/** A client of a service from a proto file outside the admin protos (health, reflection). */
function clientOf(file: string, service: string): grpc.Client {
  const definition = protoLoader.loadSync(file, {keepCase: true, longs: String, enums: String, defaults: true, oneofs: true})
  const loaded = grpc.loadPackageDefinition(definition)
  const Ctor = service
    .split('.')
    .reduce<unknown>((scope, name) => (scope as Record<string, unknown>)[name], loaded) as typeof grpc.Client
  return new Ctor(node.grpcAddress, grpc.credentials.createInsecure())
}

function unary<T>(client: grpc.Client, method: string, request: object, metadata = withToken()): Promise<T> {
  type Method = (
    request: object,
    metadata: grpc.Metadata,
    callback: (error: grpc.ServiceError | null, response: T) => void,
  ) => void
  const fn = (client as unknown as Record<string, Method>)[method]!
  return new Promise((resolve, reject) =>
    fn.call(client, request, metadata, (error, response) => (error ? reject(error) : resolve(response))),
  )
}

// --- a node without any chain connected (docs/blockchain.md "Connecting chains") ---

test('without chain URLs: addresses are issued, withdrawals refused chain_unavailable, hot wallets UNAVAILABLE', async (t) => {
  const {id} = await node.admin.call<{id: string}>('AccountsService', 'CreateAccount', {
    email: 'chainless@example.com',
    password: 'correct horse battery',
  })
  const {address} = await node.admin.call<{address: string}>('BlockchainService', 'GetDepositAddress', {
    account_id: id,
    blockchain: 'eth',
    asset: 'USDT',
  })
  t.regex(address, /^0x[0-9a-fA-F]{40}$/)
  const again = await node.admin.call<{address: string}>('BlockchainService', 'GetDepositAddress', {
    account_id: id,
    blockchain: 'eth',
    asset: 'ETH',
  })
  t.is(again.address, address, "one address per (account, blockchain), shared by the chain's assets")
  const withdraw = await rpcError(
    node.admin.call('BlockchainService', 'WithdrawToBlockchain', {
      account_id: id,
      blockchain: 'eth',
      asset: 'ETH',
      amount: '1',
      to_address: address,
    }),
  )
  t.is(withdraw.code, status.FAILED_PRECONDITION)
  t.is(withdraw.errorCode, 'chain_unavailable')
  const wallets = await rpcError(node.admin.call('HotWalletsService', 'ListHotWallets', {}))
  t.is(wallets.code, status.UNAVAILABLE)
})

// --- standard health service ---

test('grpc.health.v1.Health answers SERVING for the server and each admin service', async (t) => {
  const health = clientOf(healthProtoPath, 'grpc.health.v1.Health')
  try {
    t.deepEqual(await unary(health, 'Check', {service: ''}), {status: 'SERVING'})
    for (const name of SERVICE_NAMES) {
      t.deepEqual(await unary(health, 'Check', {service: `exchange.admin.v1.${name}`}), {status: 'SERVING'}, name)
    }
    const unknown = await rpcError(unary(health, 'Check', {service: 'no.such.Service'}))
    t.is(unknown.code, status.NOT_FOUND)
  } finally {
    health.close()
  }
})

// --- server reflection ---

const reflectionProto = (version: 'v1' | 'v1alpha') =>
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('@grpc/reflection')),
    '..',
    'proto',
    'grpc',
    'reflection',
    version,
    'reflection.proto',
  )

type ReflectionResponse = {
  list_services_response?: {service: {name: string}[]}
  file_descriptor_response?: {file_descriptor_proto: Buffer[]}
  error_response?: {error_code: number; error_message: string}
}

/** One request on a ServerReflectionInfo bidi stream, and its one response. */
function reflect(version: 'v1' | 'v1alpha', request: object): Promise<ReflectionResponse> {
  const client = clientOf(reflectionProto(version), `grpc.reflection.${version}.ServerReflection`)
  const call = (
    client as unknown as {ServerReflectionInfo(m: grpc.Metadata): grpc.ClientDuplexStream<object, ReflectionResponse>}
  ).ServerReflectionInfo(withToken())
  return new Promise<ReflectionResponse>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no reflection response')), 3000)
    call.on('data', (response: ReflectionResponse) => {
      clearTimeout(timer)
      resolve(response)
      call.end()
    })
    call.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    call.write(request)
  }).finally(() => client.close())
}

const ADMIN_SERVICES = SERVICE_NAMES.map((name) => `exchange.admin.v1.${name}`)

test('server reflection (v1) lists the 11 services of the spec and the extensions (Ledger, Admins, Outbox, P2P, Store, Dev)', async (t) => {
  const response = await reflect('v1', {host: '', list_services: ''})
  const names = response.list_services_response?.service.map((service) => service.name) ?? []
  t.is(ADMIN_SERVICES.length, 17)
  for (const name of ADMIN_SERVICES) t.true(names.includes(name), `${name} is not listed: ${names.join(', ')}`)
})

test('server reflection (v1alpha, what older grpcurl uses) lists the admin services too', async (t) => {
  const response = await reflect('v1alpha', {host: '', list_services: ''})
  const names = response.list_services_response?.service.map((service) => service.name) ?? []
  for (const name of ADMIN_SERVICES) t.true(names.includes(name), name)
})

test('server reflection describes the admin protos (file containing AccountsService)', async (t) => {
  const response = await reflect('v1', {host: '', file_containing_symbol: 'exchange.admin.v1.AccountsService'})
  t.is(response.error_response, undefined)
  const files = response.file_descriptor_response?.file_descriptor_proto ?? []
  t.true(files.length > 0)
  // A serialized FileDescriptorProto of package exchange.admin.v1 that declares the service.
  const descriptor = Buffer.concat(files.map((file) => Buffer.from(file)))
  t.true(descriptor.includes('exchange.admin.v1'))
  t.true(descriptor.includes('AccountsService'))
  t.true(descriptor.includes('GetAccountDetailsResponse'))
})

// docs/architecture.md "One process, three listeners": reflection describes every service the server serves, the Health service included,
// not only the admin protos.
test('server reflection lists grpc.health.v1.Health as well', async (t) => {
  const response = await reflect('v1', {host: '', list_services: ''})
  const names = response.list_services_response?.service.map((service) => service.name) ?? []
  t.true(names.includes('grpc.health.v1.Health'), names.join(', '))
})

// Strict descriptor pools (Python's protobuf, C++) refuse a map field whose entry message is not
// named `<CamelField>Entry`; protobufjs names it `<CamelField>`, so the file of grpc.health.v1 was refused.
test('server reflection serves grpc.health.v1 with its map entry named as protoc names it (StatusesEntry)', async (t) => {
  const response = await reflect('v1', {host: '', file_containing_symbol: 'grpc.health.v1.Health'})
  t.is(response.error_response, undefined)
  type Message = {
    name: string
    field?: {name: string; typeName?: string}[]
    nestedType?: Message[]
    options?: {mapEntry?: boolean}
  }
  const files = (response.file_descriptor_response?.file_descriptor_proto ?? []).map(
    (bytes) => descriptor.FileDescriptorProto.decode(bytes).toJSON() as {package?: string; messageType?: Message[]},
  )
  const health = files.find((file) => file.package === 'grpc.health.v1')
  const list = health?.messageType?.find((message) => message.name === 'HealthListResponse')
  const entry = list?.nestedType?.find((nested) => nested.options?.mapEntry)
  t.is(entry?.name, 'StatusesEntry')
  const statuses = list?.field?.find((field) => field.name === 'statuses')
  t.is(statuses?.typeName?.split('.').pop(), 'StatusesEntry')
  t.is(mapEntryName('statuses'), 'StatusesEntry')
  t.is(mapEntryName('by_asset_code'), 'ByAssetCodeEntry')
})

// --- admin token ---

test('admin token: a call without authorization metadata is PERMISSION_DENIED', async (t) => {
  const anonymous = new AdminClient(node.grpcAddress)
  try {
    const error = await rpcError(anonymous.call('PingService', 'Ping'))
    t.is(error.code, status.PERMISSION_DENIED)
    t.is(error.errorCode, 'permission_denied')
    t.is((await rpcError(anonymous.call('TiersService', 'GetDefaultTier'))).code, status.PERMISSION_DENIED)
    t.is(
      (await rpcError(anonymous.call('AssetsService', 'CreateAsset', {code: 'ANON', name: 'x', decimals: 2}))).code,
      status.PERMISSION_DENIED,
    )
  } finally {
    anonymous.close()
  }
  // Nothing was created by the refused call.
  const {assets} = await node.admin.call<{assets: {code: string}[]}>('AssetsService', 'ListAssets', {include_inactive: true})
  t.false(assets.some((asset) => asset.code === 'ANON'))
})

test('admin token: a wrong token is PERMISSION_DENIED', async (t) => {
  for (const token of ['wrong', 's3cret ', 'S3CRET', 's3cre', `${TOKEN}x`]) {
    const client = new AdminClient(node.grpcAddress, {token})
    try {
      t.is((await rpcError(client.call('PingService', 'Ping'))).code, status.PERMISSION_DENIED, JSON.stringify(token))
    } finally {
      client.close()
    }
  }
})

test('admin token: the token without the "Bearer " scheme is PERMISSION_DENIED', async (t) => {
  const Ping = loadAdminProtos().v1.PingService as unknown as typeof grpc.Client
  const client = new Ping(node.grpcAddress, grpc.credentials.createInsecure())
  try {
    for (const header of [TOKEN, `bearer${TOKEN}`, `Basic ${TOKEN}`]) {
      const metadata = new grpc.Metadata()
      metadata.set('authorization', header)
      t.is((await rpcError(unary(client, 'Ping', {}, metadata))).code, status.PERMISSION_DENIED, header)
    }
  } finally {
    client.close()
  }
})

test('admin token: AdminClient with the right token is served', async (t) => {
  const client = new AdminClient(node.grpcAddress, {token: TOKEN})
  try {
    t.deepEqual(await client.call('PingService', 'Ping'), {status: 'ok'})
    const tier = await client.call<{tier_name: string}>('TiersService', 'GetDefaultTier')
    t.is(tier.tier_name, 'default')
  } finally {
    client.close()
  }
})

test('admin token: the blockchain and hot-wallet services also refuse a caller without the token', async (t) => {
  const anonymous = new AdminClient(node.grpcAddress)
  try {
    for (const [service, method] of [
      ['BlockchainService', 'ListAllTopUps'],
      ['HotWalletsService', 'ListHotWallets'],
    ] as const) {
      const error = await rpcError(anonymous.call(service, method, {}))
      t.is(error.code, status.PERMISSION_DENIED, service)
    }
  } finally {
    anonymous.close()
  }
})

// A server stream refused before its first message still ends with a status (PERMISSION_DENIED),
// so the client does not wait forever.
test('admin token: the AlertsService.List stream refuses a caller without the token', async (t) => {
  const anonymous = new AdminClient(node.grpcAddress)
  try {
    const error = await t.throwsAsync<grpc.ServiceError>(
      collect(anonymous.stream<Alert__Output>('AlertsService', 'List', {follow: false})),
    )
    t.is(error?.code, status.PERMISSION_DENIED)
  } finally {
    anonymous.close()
  }
})

/**
 * Bytes no protobuf decoder accepts, whatever the message: field 1 with wire type 7 (which does not
 * exist), and field 15, which none of the messages called here has, so a decoder must skip it and
 * cannot: wire type 7, a length past the end, a varint, fixed32 or fixed64 cut short, a group that
 * never ends. (A known string field would not do: protobufjs reads a string past the end as the
 * bytes that are there.)
 */
const GARBAGE: Record<string, Buffer> = {
  'field 1, wire type 7': Buffer.from([0x0f, 0x00, 0x00]),
  'wire type 7': Buffer.from([0x7f, 0x00, 0x00]),
  'length past the end': Buffer.from([0x7a, 0x05, 0x61]),
  'varint cut short': Buffer.from([0x78, 0xff]),
  'fixed32 cut short': Buffer.from([0x7d, 0x01]),
  'fixed64 cut short': Buffer.from([0x79, 0x01, 0x02]),
  'group never ends': Buffer.from([0x7b, 0x08, 0x01]),
}

const raw = (bytes: Buffer) => bytes

/** The status of a unary call carrying `bytes` as its request. */
function unaryStatus(
  client: grpc.Client,
  path: string,
  bytes: Buffer,
  metadata: grpc.Metadata,
): Promise<grpc.ServiceError | null> {
  return new Promise((resolve) => client.makeUnaryRequest(path, raw, raw, bytes, metadata, (error) => resolve(error)))
}

/** The status a server stream ends with when its request is `bytes`. */
function serverStreamStatus(
  client: grpc.Client,
  path: string,
  bytes: Buffer,
  metadata: grpc.Metadata,
): Promise<grpc.ServiceError> {
  const stream = client.makeServerStreamRequest(path, raw, raw, bytes, metadata)
  return new Promise((resolve) => {
    stream.on('data', () => undefined)
    stream.on('error', resolve)
    stream.on('end', () => resolve({code: status.OK, details: 'ended without an error'} as grpc.ServiceError))
  })
}

/** The status a bidirectional stream ends with after it was sent `bytes`. */
function bidiStatus(client: grpc.Client, path: string, bytes: Buffer, metadata: grpc.Metadata): Promise<grpc.ServiceError> {
  const stream = client.makeBidiStreamRequest(path, raw, raw, metadata)
  return new Promise((resolve) => {
    stream.on('data', () => undefined)
    stream.on('error', resolve)
    stream.on('end', () => resolve({code: status.OK, details: 'ended without an error'} as grpc.ServiceError))
    stream.write(bytes)
    stream.end()
  })
}

test('a request whose bytes do not decode is INVALID_ARGUMENT, unary and streaming, health and reflection, not INTERNAL', async (t) => {
  const client = new grpc.Client(node.grpcAddress, grpc.credentials.createInsecure())
  try {
    for (const [name, garbage] of Object.entries(GARBAGE)) {
      const calls: [string, Promise<grpc.ServiceError | null>][] = [
        [
          'AccountsService/GetBalances',
          unaryStatus(client, '/exchange.admin.v1.AccountsService/GetBalances', garbage, withToken()),
        ],
        ['AlertsService/List', serverStreamStatus(client, '/exchange.admin.v1.AlertsService/List', garbage, withToken())],
        // Health is open: no token.
        ['Health/Check', unaryStatus(client, '/grpc.health.v1.Health/Check', garbage, new grpc.Metadata())],
        ['Health/Watch', serverStreamStatus(client, '/grpc.health.v1.Health/Watch', garbage, new grpc.Metadata())],
        ...['v1', 'v1alpha'].map(
          (version) =>
            [
              `reflection ${version}`,
              bidiStatus(client, `/grpc.reflection.${version}.ServerReflection/ServerReflectionInfo`, garbage, withToken()),
            ] as [string, Promise<grpc.ServiceError>],
        ),
      ]
      for (const [method, answer] of calls) {
        const error = await answer
        t.is(error?.code, status.INVALID_ARGUMENT, `${method}, ${name}: ${error ? status[error.code] : 'OK'} ${error?.details}`)
      }
    }
    // Well-formed requests still work on the same connection.
    await t.notThrowsAsync(node.admin.call('PingService', 'Ping', {}))
    t.is(await unaryStatus(client, '/grpc.health.v1.Health/Check', Buffer.alloc(0), new grpc.Metadata()), null)
  } finally {
    client.close()
  }
})

test('without an admin token, a request that does not decode is still INVALID_ARGUMENT, not answered as an empty one', async (t) => {
  const open = await startTestNode()
  const client = new grpc.Client(open.grpcAddress, grpc.credentials.createInsecure())
  try {
    for (const [name, garbage] of Object.entries(GARBAGE)) {
      // Ping and GetStatus take no fields: read as an empty request, garbage would be answered OK.
      for (const path of ['/exchange.admin.v1.PingService/Ping', '/exchange.admin.v1.InfoService/GetStatus']) {
        const error = await unaryStatus(client, path, garbage, new grpc.Metadata())
        t.is(error?.code, status.INVALID_ARGUMENT, `${path}, ${name}: ${error ? status[error.code] : 'OK'}`)
      }
    }
  } finally {
    client.close()
    await open.close()
  }
})

test('server reflection needs the admin token when one is set; health stays open', async (t) => {
  const client = clientOf(reflectionProto('v1'), 'grpc.reflection.v1.ServerReflection')
  try {
    const call = (
      client as unknown as {ServerReflectionInfo(m: grpc.Metadata): grpc.ClientDuplexStream<object, ReflectionResponse>}
    ).ServerReflectionInfo(new grpc.Metadata())
    const refused = await new Promise<grpc.ServiceError>((resolve, reject) => {
      call.on('data', () => reject(new Error('reflection answered without the token')))
      call.on('error', resolve)
      call.write({host: '', list_services: ''})
    })
    t.is(refused.code, status.PERMISSION_DENIED)
  } finally {
    client.close()
  }
  const health = clientOf(healthProtoPath, 'grpc.health.v1.Health')
  try {
    const answer = await new Promise<{status: string}>((resolve, reject) =>
      (health as unknown as {Check(r: object, cb: (e: Error | null, r: {status: string}) => void): void}).Check(
        {service: ''},
        (error, response) => (error ? reject(error) : resolve(response)),
      ),
    )
    t.is(answer.status, 'SERVING')
  } finally {
    health.close()
  }
})
