/**
 * The file descriptors that server reflection serves, made valid for strict clients. proto-loader
 * (protobufjs) names the entry message of a `map<K, V> foo_bar` field `FooBar`; protoc, and every
 * strict descriptor pool (Python's protobuf, C++), require `FooBarEntry` and refuse the file
 * otherwise. grpc.health.v1's `map<string, HealthCheckResponse> statuses` is such a field.
 */
import type * as protoLoader from '@grpc/proto-loader'
import descriptor from 'protobufjs/ext/descriptor/index.js'

/** The parts of a decoded DescriptorProto this fix reads and writes. */
type Message = {
  name?: string
  field?: {name?: string; typeName?: string}[]
  nestedType?: Message[]
  options?: {mapEntry?: boolean} | null
}

/** The map entry name protoc gives a map field: `foo_bar` → `FooBarEntry`. */
export function mapEntryName(fieldName: string): string {
  const camel = fieldName.replace(/_+([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())
  return `${camel.charAt(0).toUpperCase()}${camel.slice(1)}Entry`
}

/** Renames the map entries of `message` (and of its nested messages) and the field references to them. */
function fixMessage(message: Message): boolean {
  let changed = false
  for (const nested of message.nestedType ?? []) changed = fixMessage(nested) || changed
  for (const entry of message.nestedType ?? []) {
    if (!entry.options?.mapEntry || !entry.name) continue
    const field = message.field?.find((candidate) => lastPart(candidate.typeName) === entry.name)
    if (!field?.name) continue
    const wanted = mapEntryName(field.name)
    if (entry.name === wanted) continue
    const old = entry.name
    entry.name = wanted
    field.typeName = `${field.typeName!.slice(0, field.typeName!.length - old.length)}${wanted}`
    changed = true
  }
  return changed
}

const lastPart = (typeName: string | undefined): string => (typeName ?? '').split('.').pop() ?? ''

/** One serialized FileDescriptorProto with its map entries named as protoc names them. */
export function fixFileDescriptor(bytes: Uint8Array): Uint8Array {
  const file = descriptor.FileDescriptorProto.decode(bytes) as unknown as {messageType?: Message[]}
  let changed = false
  for (const message of file.messageType ?? []) changed = fixMessage(message) || changed
  return changed ? descriptor.FileDescriptorProto.encode(file as never).finish() : bytes
}

/** A package definition whose file descriptors have their map entries named as protoc names them. */
export function withValidDescriptors(definition: protoLoader.PackageDefinition): protoLoader.PackageDefinition {
  const fixed = new Map<Buffer | Uint8Array, Buffer>()
  const fix = (bytes: Buffer | Uint8Array): Buffer => {
    let result = fixed.get(bytes)
    if (!result) {
      result = Buffer.from(fixFileDescriptor(bytes))
      fixed.set(bytes, result)
    }
    return result
  }
  return Object.fromEntries(
    Object.entries(definition).map(([name, value]) => {
      const protos = (value as {fileDescriptorProtos?: (Buffer | Uint8Array)[]}).fileDescriptorProtos
      return [name, Array.isArray(protos) ? {...value, fileDescriptorProtos: protos.map(fix)} : value]
    }),
  ) as protoLoader.PackageDefinition
}
