import test from 'ava'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {connect, delay, wsUrl} from '../../helpers/ws-clients.js'

let node: TestNode
let stopped = false
test.before(async () => {
  node = await startTestNode({wsPingIntervalMs: 200})
})
test.after.always(async () => {
  if (!stopped) await node?.close()
})

const bookUrl = () => wsUrl(node, '/api/v1/exchange/ws/orderbook/?ticker=BTC-USDT')

test.serial('a client that does not answer pings is dropped; one that answers stays', async (t) => {
  const silent = await connect(bookUrl(), {autoPong: false})
  const healthy = await connect(bookUrl())
  let pings = 0
  healthy.ws.on('ping', () => pings++)
  const started = Date.now()
  await silent.closed
  // Pinged at the first tick, terminated at the second one.
  t.true(Date.now() - started < 1500, `dropped after ${Date.now() - started} ms`)
  await delay(400)
  t.is(healthy.ws.readyState, healthy.ws.OPEN)
  t.true(pings >= 2, `${pings} pings`)
  healthy.close()
})

test.serial('shutting the node down closes every stream socket', async (t) => {
  const book = await connect(bookUrl())
  const trades = await connect(wsUrl(node, '/api/v1/exchange/ws/trades/?ticker=ETH-USDT'))
  stopped = true
  const closing = node.close()
  const codes = await Promise.all([book.closed, trades.closed])
  await closing
  for (const code of codes) t.true(code === 1001 || code === 1006, `close code ${code}`)
})
