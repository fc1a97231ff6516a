/**
 * Inputs the long fuzz run (npm run soak) found mishandled by the admin gRPC: an error message that
 * echoes a 1 MiB field, and a name that is an Object.prototype member.
 */
import {status} from '@grpc/grpc-js'
import test from 'ava'
import {MAX_DETAILS_CHARS} from '../../../src/node/admin/status.js'
import {AdminClient} from '../../../src/node/admin/client.js'
import {rpcError, startTestNode, type TestNode} from '../../helpers/node.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const MIB = 'x'.repeat(1024 * 1024)

test('a 1 MiB field that the error message echoes answers INVALID_ARGUMENT at once, with the message cut short', async (t) => {
  // A short deadline: before the fix the answer never came (its trailer passed HTTP/2's header-list limit).
  const client = new AdminClient(node.grpcAddress, {timeoutMs: 5000})
  t.teardown(() => client.close())
  for (const [service, method, request] of [
    ['StoreService', 'Backup', {path: MIB}],
    ['P2PService', 'SetReferenceRate', {asset: 'USDT', fiat: 'USD', rate: MIB}],
  ] as const) {
    const error = await rpcError(client.call(service, method, request))
    t.is(error.code, status.INVALID_ARGUMENT, `${service}/${method}: ${error.details.slice(0, 120)}`)
    t.true([...error.details].length <= MAX_DETAILS_CHARS + 1, `${service}/${method}: ${error.details.length} chars`)
    t.true(error.details.endsWith('…'))
  }
  // The connection is still good.
  await t.notThrowsAsync(client.call('PingService', 'Ping', {}))
})

test('AddAssetNetwork with a network named like an Object.prototype member is validated like any other name, not an internal error', async (t) => {
  const request = {
    asset: 'TRX',
    network: 'constructor',
    deposit_enabled: false,
    withdraw_enabled: true,
    contract_address: 'V',
    confirmations: -713,
  }
  const error = await rpcError(node.admin.call('AssetsService', 'AddAssetNetwork', request))
  t.is(error.code, status.INVALID_ARGUMENT, error.details)
  t.regex(error.details, /confirmations/)
})
