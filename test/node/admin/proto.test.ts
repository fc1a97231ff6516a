import test from 'ava'
import {loadAdminProtos, loadServiceProto, SERVICE_NAMES} from '../../../src/node/admin/proto.js'

type ServiceDefinition = Record<string, {path: string; requestStream: boolean; responseStream: boolean}>
const shape = (service: ServiceDefinition) =>
  Object.entries(service).map(([name, m]) => [name, m.path, m.requestStream, m.responseStream])

test('each service loaded from its own proto file has the methods, paths and streaming of the full load', (t) => {
  // Before loadAdminProtos: once every proto is loaded, loadServiceProto answers from that load.
  const alone = SERVICE_NAMES.map((name) => {
    const service = (loadServiceProto(name) as unknown as {service: ServiceDefinition}).service
    t.truthy(service, name)
    return shape(service)
  })
  const {v1} = loadAdminProtos()
  t.deepEqual(
    alone,
    SERVICE_NAMES.map((name) => shape((v1[name] as unknown as {service: ServiceDefinition}).service)),
  )
  t.true(alone.every((methods) => methods.length > 0))
})
