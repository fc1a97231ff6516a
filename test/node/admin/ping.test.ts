import test from 'ava'
import {startTestNode, type TestNode} from '../../helpers/node.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

test('Ping answers ok over real gRPC', async (t) => {
  t.deepEqual(await node.admin.call('PingService', 'Ping'), {status: 'ok'})
})

test('GET /healthz answers ok on the public listener', async (t) => {
  const response = await fetch(`${node.httpUrl}/healthz`)
  t.is(response.status, 200)
  t.deepEqual(await response.json(), {status: 'ok'})
})
