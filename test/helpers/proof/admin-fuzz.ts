/**
 * Fuzz of the admin API: every RPC of every service of the loaded protos (so a new RPC is covered
 * as soon as it is in a .proto), called over gRPC with random messages of the right field kinds
 * (hostile strings, edge integers, nested and repeated fields, plausible ids mixed in), server
 * streams read for a few messages and then cancelled; and the same RPCs through the AdminGateway's
 * `/rpc/{Service}/{Method}` JSON proxy, where wrong JSON kinds and unknown fields are sent too.
 * A finding is a gRPC INTERNAL / UNKNOWN / DATA_LOSS, a hung call, or over HTTP a 5xx or `internal`.
 */
import * as grpc from '@grpc/grpc-js'
import type {MethodDefinition, PackageDefinition} from '@grpc/proto-loader'
import fc from 'fast-check'
import {loadAdminProtos, SERVICE_NAMES, type ServiceName} from '../../../src/node/admin/proto.js'
import type {TestNode} from '../node.js'
import {gateway} from '../admin-gateway.js'
import {restProblem} from './rest-fuzz.js'
import {
  BASE_GOODS,
  brief,
  count,
  fieldValue,
  type Finding,
  type Goods,
  nastyJson,
  nastyNumber,
  nastyString,
  type Tally,
} from './values.js'

const PACKAGE = 'exchange.admin.v1'

export type AdminRpc = {service: ServiceName; method: string; stream: boolean; requestType: string}

type Field = {name: string; label: string; type: string; typeName: string}

/** Every RPC of the admin protos. */
export function adminRpcs(definition: PackageDefinition = loadAdminProtos().definition): AdminRpc[] {
  return SERVICE_NAMES.flatMap((service) =>
    Object.entries((definition[`${PACKAGE}.${service}`] ?? {}) as Record<string, MethodDefinition<object, object>>).map(
      ([method, spec]) => ({
        service,
        method,
        stream: spec.responseStream,
        requestType: (spec.requestType as unknown as {type: {name: string}}).type.name,
      }),
    ),
  )
}

function fieldsOf(definition: PackageDefinition, typeName: string): Field[] {
  return (
    (definition[`${PACKAGE}.${typeName.replace(/^\.?exchange\.admin\.v1\./, '')}`] as unknown as {type?: {field?: Field[]}})?.type
      ?.field ?? []
  )
}

const INT_EDGES = [
  '0',
  '1',
  '-1',
  '2147483647',
  '-2147483648',
  '4294967295',
  '9223372036854775807',
  '-9223372036854775808',
  '18446744073709551615',
]

function scalar(field: Field, goods: Goods, wrongKinds: boolean): fc.Arbitrary<unknown> {
  const right = ((): fc.Arbitrary<unknown> => {
    switch (field.type) {
      case 'TYPE_STRING':
      case 'TYPE_BYTES':
      case 'TYPE_ENUM':
        return fieldValue(goods, field.name, 0.5).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')))
      case 'TYPE_BOOL':
        return fc.boolean()
      case 'TYPE_DOUBLE':
      case 'TYPE_FLOAT':
        return fc.double({noNaN: true, noDefaultInfinity: true})
      default: {
        const unsigned = /UINT|^TYPE_FIXED/.test(field.type)
        const edges = INT_EDGES.filter((e) => (unsigned ? !e.startsWith('-') : true)).filter((e) =>
          field.type.endsWith('32') ? Math.abs(Number(e)) < 2 ** 32 : true,
        )
        const known = (goods[field.name] ?? []).filter((v) => typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v)))
        return fc.oneof(
          fc.constantFrom(...edges),
          fc.integer({min: unsigned ? 0 : -1000, max: 1000}),
          ...(known.length ? [fc.constantFrom(...known)] : []),
        )
      }
    }
  })()
  if (!wrongKinds) return right
  return fc.oneof(
    {arbitrary: right, weight: 3},
    {arbitrary: fc.oneof(nastyString, nastyNumber, fc.boolean(), nastyJson), weight: 1},
  )
}

/** A random request message of `typeName` (fields present or not, nested to `depth`). */
export function messageOf(
  definition: PackageDefinition,
  typeName: string,
  goods: Goods,
  wrongKinds: boolean,
  depth = 0,
): fc.Arbitrary<Record<string, unknown>> {
  const fields = fieldsOf(definition, typeName)
  const value = (field: Field): fc.Arbitrary<unknown> =>
    field.type === 'TYPE_MESSAGE'
      ? depth >= 3
        ? fc.constant({})
        : wrongKinds
          ? fc.oneof({arbitrary: messageOf(definition, field.typeName, goods, wrongKinds, depth + 1), weight: 4}, nastyJson)
          : messageOf(definition, field.typeName, goods, wrongKinds, depth + 1)
      : scalar(field, goods, wrongKinds)
  const record = fc.record(
    Object.fromEntries(
      fields.map((field) => [
        field.name,
        field.label === 'LABEL_REPEATED' ? fc.array(value(field), {maxLength: 3}) : value(field),
      ]),
    ),
    {requiredKeys: []},
  )
  if (!wrongKinds) return record
  return fc
    .tuple(record, fc.option(fc.tuple(nastyString, nastyJson), {freq: 6}))
    .map(([message, extra]) => (extra ? {...message, [extra[0]]: extra[1]} : message))
}

/** A step to a string field: the field's name and whether it is repeated. */
export type FieldStep = {name: string; repeated: boolean}

/** Every string field of `typeName`, by its path through nested messages (followed to depth 3, as in `messageOf`). */
export function stringFields(definition: PackageDefinition, typeName: string, depth = 0): FieldStep[][] {
  return fieldsOf(definition, typeName).flatMap((field) => {
    const step = {name: field.name, repeated: field.label === 'LABEL_REPEATED'}
    if (field.type === 'TYPE_STRING') return [[step]]
    if (field.type === 'TYPE_MESSAGE' && depth < 3)
      return stringFields(definition, field.typeName, depth + 1).map((rest) => [step, ...rest])
    return []
  })
}

/**
 * A message of `typeName` whose string fields hold the first plausible value `goods` has for their
 * name (nested messages likewise); other fields keep their defaults. A hostile value put in one field
 * of it (`withValueAt`) then gets as far past validation as the other fields allow.
 */
export function plausibleMessage(
  definition: PackageDefinition,
  typeName: string,
  goods: Goods,
  depth = 0,
): Record<string, unknown> {
  const message: Record<string, unknown> = {}
  for (const field of fieldsOf(definition, typeName)) {
    if (field.type === 'TYPE_MESSAGE' && depth < 3) {
      const inner = plausibleMessage(definition, field.typeName, goods, depth + 1)
      message[field.name] = field.label === 'LABEL_REPEATED' ? [inner] : inner
    } else if (field.type === 'TYPE_STRING') {
      const good = (goods[field.name] ?? []).find((v) => typeof v === 'string' || Array.isArray(v))
      if (good !== undefined) message[field.name] = field.label === 'LABEL_REPEATED' && !Array.isArray(good) ? [good] : good
    }
  }
  return message
}

/** `message` with `value` at `path` (a repeated field holds `[value]`); the message itself is not changed. */
export function withValueAt(message: Record<string, unknown>, path: FieldStep[], value: unknown): Record<string, unknown> {
  const [step, ...rest] = path
  if (!step) return message
  if (rest.length === 0) return {...message, [step.name]: step.repeated ? [value] : value}
  const current = message[step.name]
  const inner = (Array.isArray(current) ? current[0] : current) as Record<string, unknown> | undefined
  const changed = withValueAt(typeof inner === 'object' && inner !== null ? inner : {}, rest, value)
  return {...message, [step.name]: step.repeated ? [changed] : changed}
}

/** gRPC codes that mean the server failed, not the request. */
export const SERVER_FAULTS = new Set([
  grpc.status.INTERNAL,
  grpc.status.UNKNOWN,
  grpc.status.DATA_LOSS,
  grpc.status.DEADLINE_EXCEEDED,
])

type Call = {rpc: AdminRpc; message: Record<string, unknown>}

const cases = (rpcs: AdminRpc[], goods: Goods, wrongKinds: boolean, n: number, seed: number): Call[] => {
  const definition = loadAdminProtos().definition
  const arbitrary = fc
    .constantFrom(...rpcs)
    .chain((rpc) => fc.record({rpc: fc.constant(rpc), message: messageOf(definition, rpc.requestType, goods, wrongKinds)}))
  return fc.sample(arbitrary, {numRuns: n, seed})
}

export type AdminFuzzReport = {cases: number; tally: Tally; findings: Finding[]; ms: number}

/** Reads up to `max` messages of a server stream, then cancels it; resolves with the status it ended with. */
function readSome(stream: grpc.ClientReadableStream<unknown>, max: number): Promise<{code: number; details: string}> {
  return new Promise((resolve) => {
    let seen = 0
    const timer = setTimeout(() => stream.cancel(), 5000)
    stream.on('data', () => {
      if (++seen >= max) stream.cancel()
    })
    stream.on('error', (error: grpc.ServiceError) => {
      clearTimeout(timer)
      resolve({code: error.code, details: error.details})
    })
    stream.on('end', () => {
      clearTimeout(timer)
      resolve({code: grpc.status.OK, details: ''})
    })
  })
}

/** One call of `rpc` with `message` over gRPC (a server stream read for up to 3 messages, then cancelled): the status it ended with. */
export async function callRpc(
  node: TestNode,
  rpc: AdminRpc,
  message: Record<string, unknown>,
): Promise<{code: number; details: string}> {
  if (rpc.stream)
    return readSome(node.admin.stream(rpc.service, rpc.method as never, {...message, follow: message['follow'] ?? false}), 3)
  return node.admin.call(rpc.service, rpc.method as never, message).then(
    () => ({code: grpc.status.OK, details: ''}),
    (error: grpc.ServiceError) => ({code: error.code ?? -1, details: String(error.details ?? error.message)}),
  )
}

/** Random messages to every admin RPC over gRPC. */
export async function fuzzGrpc(
  node: TestNode,
  goods: Goods,
  options: {cases: number; seed: number; concurrency?: number},
): Promise<AdminFuzzReport> {
  const started = Date.now()
  const calls = cases(adminRpcs(), goods, false, options.cases, options.seed)
  const tally: Tally = {}
  const findings: Finding[] = []
  let next = 0
  const worker = async () => {
    while (next < calls.length) {
      const {rpc, message} = calls[next++]!
      const outcome = await callRpc(node, rpc, message)
      // A message the client library itself cannot encode never reaches the node.
      if (outcome.code === grpc.status.INTERNAL && /serialization failure/i.test(outcome.details)) {
        count(tally, 'not encodable')
        continue
      }
      count(tally, grpc.status[outcome.code] ?? outcome.code)
      const cancelled = rpc.stream && outcome.code === grpc.status.CANCELLED
      if (SERVER_FAULTS.has(outcome.code) && !cancelled) {
        findings.push({
          interface: 'grpc',
          request: `${rpc.service}/${rpc.method} ${brief(message)}`,
          response: `${grpc.status[outcome.code]}: ${outcome.details}`,
        })
      }
    }
  }
  await Promise.all(Array.from({length: options.concurrency ?? 8}, worker))
  return {cases: calls.length, tally, findings, ms: Date.now() - started}
}

/** Random JSON bodies (right and wrong kinds, unknown fields) to every RPC through the AdminGateway's /rpc proxy. */
export async function fuzzGatewayRpc(
  node: TestNode,
  token: string,
  goods: Goods,
  options: {cases: number; seed: number; concurrency?: number},
): Promise<AdminFuzzReport> {
  const started = Date.now()
  const half = Math.ceil(options.cases / 2)
  const calls = [
    ...cases(adminRpcs(), goods, false, half, options.seed),
    ...cases(adminRpcs(), goods, true, options.cases - half, options.seed + 1),
  ]
  const tally: Tally = {}
  const findings: Finding[] = []
  let next = 0
  const worker = async () => {
    while (next < calls.length) {
      const {rpc, message} = calls[next++]!
      // The gateway answers a server stream with what exists now; `follow` is refused there (400).
      const body = rpc.stream && message['follow'] === true && next % 2 === 0 ? {...message, follow: false} : message
      const path = `/rpc/${rpc.service}/${rpc.method}`
      try {
        const answer = await gateway(node, 'POST', path, {raw: JSON.stringify(body), token})
        count(tally, answer.status)
        const problem = restProblem(answer)
        if (problem)
          findings.push({
            interface: 'admin-gateway',
            request: `${path} ${brief(body)}`,
            response: `${problem}: ${answer.status} ${brief(answer.text)}`,
          })
      } catch (error) {
        count(tally, 'transport-error')
        findings.push({interface: 'admin-gateway', request: `${path} ${brief(body)}`, response: `no answer: ${String(error)}`})
      }
    }
  }
  await Promise.all(Array.from({length: options.concurrency ?? 8}, worker))
  return {cases: calls.length, tally, findings, ms: Date.now() - started}
}

/** Accounts, admins and ids that exist on the node, as plausible field values for the admin fuzz. */
export async function adminGoods(node: TestNode, prefix: string): Promise<Goods> {
  const goods: Goods = {
    ...BASE_GOODS,
    email: [],
    account_id: [],
    id: [],
    balance_account_id: [],
    from_balance_account_id: [],
    to_balance_account_id: [],
  }
  for (let i = 0; i < 3; i++) {
    const account = await node.services.accounts.create(`${prefix}-${i}-${process.pid}@example.com`, 'fuzz password 1234')
    node.services.operations.topup(
      {balanceAccountId: account.fundingAccountId},
      {asset: 'USDT', amount: '1000', reason: 'fuzz', operator: 'proof'},
    )
    goods['email']!.push(account.email)
    goods['account_id']!.push(account.id)
    goods['id']!.push(account.id)
    for (const key of ['balance_account_id', 'from_balance_account_id', 'to_balance_account_id'])
      goods[key]!.push(account.fundingAccountId, account.tradingAccountId)
  }
  goods['tier_id'] = ['default']
  goods['name'] = ['default', 'ETH-USDT']
  goods['blockchain'] = ['eth', 'btc', 'tron']
  goods['role'] = ['superadmin', 'operator', 'finance', 'arbitrator', 'auditor', 'root']
  goods['reason'] = ['fuzz']
  goods['amount'] = ['1', '0.5', '5000', '0']
  return goods
}
