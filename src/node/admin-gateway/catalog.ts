/**
 * Every RPC the AdminGateway can proxy, read from the loaded admin protos (so the table follows
 * the protos), and a check of a JSON request against the RPC's request message: unknown fields and
 * wrong JSON types are a 400 here instead of a silent default or a serialization failure later.
 */
import type {MethodDefinition, PackageDefinition} from '@grpc/proto-loader'
import {invalid} from '../ground/errors.js'
import {loadAdminProtos, SERVICE_NAMES, type ServiceName} from '../admin/proto.js'

const PACKAGE = 'exchange.admin.v1'

export type Rpc = {
  service: ServiceName
  method: string
  /** `Service/Method`, the name RBAC and the audit log use. */
  name: string
  serverStream: boolean
  requestType: string
}

type FieldDescriptor = {name: string; label: string; type: string; typeName: string}
type MessageDescriptor = {field?: FieldDescriptor[]}

/** All RPCs of the admin services, by `Service/Method`. */
export function rpcCatalog(definition: PackageDefinition = loadAdminProtos().definition): Map<string, Rpc> {
  const catalog = new Map<string, Rpc>()
  for (const service of SERVICE_NAMES) {
    const methods = definition[`${PACKAGE}.${service}`] as Record<string, MethodDefinition<object, object>> | undefined
    for (const [method, spec] of Object.entries(methods ?? {})) {
      const descriptor = spec.requestType as unknown as {type: {name: string}}
      catalog.set(`${service}/${method}`, {
        service,
        method,
        name: `${service}/${method}`,
        serverStream: spec.responseStream,
        requestType: descriptor.type.name,
      })
    }
  }
  return catalog
}

/**
 * Checks `body` against the message `typeName` (proto field names, JSON types: strings for string
 * and money fields, booleans, integers as numbers or digit strings, objects for messages, arrays
 * for repeated fields; null means unset) and returns it without the null fields.
 */
export function checkRequest(
  body: Record<string, unknown>,
  typeName: string,
  definition: PackageDefinition = loadAdminProtos().definition,
  path = '',
): Record<string, unknown> {
  const message = definition[`${PACKAGE}.${typeName}`] as unknown as {type: MessageDescriptor} | undefined
  const fields = new Map((message?.type.field ?? []).map((field) => [field.name, field]))
  const checked: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body)) {
    const field = fields.get(key)
    const name = `${path}${key}`
    if (!field) throw invalid(`unknown field ${name} in ${typeName}`)
    if (value === null) continue
    if (field.label === 'LABEL_REPEATED') {
      if (!Array.isArray(value)) throw invalid(`${name} must be an array`)
      checked[key] = value.map((item, index) => checkValue(item, field, `${name}[${index}]`, definition))
    } else {
      checked[key] = checkValue(value, field, name, definition)
    }
  }
  return checked
}

const INT32_MAX = 2 ** 31 - 1

function checkValue(value: unknown, field: FieldDescriptor, name: string, definition: PackageDefinition): unknown {
  switch (field.type) {
    case 'TYPE_STRING':
    case 'TYPE_BYTES':
    case 'TYPE_ENUM':
      if (typeof value !== 'string') throw invalid(`${name} must be a string`)
      return value
    case 'TYPE_BOOL':
      if (typeof value !== 'boolean') throw invalid(`${name} must be a boolean`)
      return value
    case 'TYPE_DOUBLE':
    case 'TYPE_FLOAT':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(`${name} must be a number`)
      return value
    case 'TYPE_MESSAGE':
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(`${name} must be an object`)
      return checkRequest(
        value as Record<string, unknown>,
        field.typeName.replace(/^\.?exchange\.admin\.v1\./, ''),
        definition,
        `${name}.`,
      )
    default:
      return checkInteger(value, field.type, name)
  }
}

function checkInteger(value: unknown, type: string, name: string): number | string {
  const text = typeof value === 'number' ? String(value) : value
  if (typeof text !== 'string' || !/^-?\d{1,19}$/.test(text)) throw invalid(`${name} must be an integer`)
  const unsigned = type.includes('UINT') || (type.includes('FIXED') && !type.includes('SFIXED'))
  if (unsigned && text.startsWith('-')) throw invalid(`${name} must not be negative`)
  if (type.endsWith('32') && Math.abs(Number(text)) > (unsigned ? 2 * INT32_MAX + 1 : INT32_MAX)) {
    throw invalid(`${name} is out of range`)
  }
  return typeof value === 'number' ? value : text
}
