import {once} from 'node:events'
import test from 'ava'
import WebSocket from 'ws'
import {startTestNode, type TestNode} from '../../helpers/node.js'

// A node with small caps: 3 WebSocket connections in all, 2 per client IP.
let node: TestNode
test.before(async () => {
  node = await startTestNode({wsLimits: {maxConnections: 3, maxConnectionsPerIp: 2}})
})
test.after.always(async () => {
  await node?.close()
})

const BOOK = '/api/v1/exchange/ws/orderbook/?ticker=BTC-USDT'

/** Opens a socket from the loopback address `from`; resolves once open, or with the refusal's status and body. */
function open(from: string): Promise<{ws?: WebSocket; status?: number; body?: any}> {
  const ws = new WebSocket(`ws://127.0.0.1:${node.ports.http}${BOOK}`, {localAddress: from})
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ws}))
    ws.once('error', reject)
    ws.once('unexpected-response', (_req, res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
      res.on('end', () => resolve({status: res.statusCode, body: JSON.parse(text)}))
    })
  })
}

const closeAll = async (sockets: (WebSocket | undefined)[]) => {
  await Promise.all(
    sockets.map(async (ws) => {
      if (!ws || ws.readyState === WebSocket.CLOSED) return
      const closed = once(ws, 'close')
      ws.close()
      await closed
    }),
  )
}

test.serial(
  'caps: a third connection from one IP is refused with 429; the total cap with 503; a closed one frees its slot',
  async (t) => {
    const a1 = await open('127.0.0.1')
    const a2 = await open('127.0.0.1')
    t.truthy(a1.ws && a2.ws)
    const a3 = await open('127.0.0.1')
    t.is(a3.status, 429)
    t.is(a3.body?.error?.code, 'rate_limited')
    t.is(typeof a3.body?.error?.message, 'string')

    const b1 = await open('127.0.0.2')
    t.truthy(b1.ws, 'another IP is under its own cap')
    const c1 = await open('127.0.0.3')
    t.is(c1.status, 503)
    t.is(c1.body?.error?.code, 'unavailable')

    await closeAll([a1.ws])
    // The server sees the close a moment after the client.
    let again = await open('127.0.0.3')
    for (let tries = 0; !again.ws && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      again = await open('127.0.0.3')
    }
    t.truthy(again.ws, 'the slot of the closed connection is free again')
    await closeAll([a2.ws, b1.ws, again.ws])
  },
)

test.serial('caps: refused upgrades (bad ticker) do not keep a slot', async (t) => {
  for (let i = 0; i < 5; i++) {
    const ws = new WebSocket(`ws://127.0.0.1:${node.ports.http}/api/v1/exchange/ws/orderbook/?ticker=NOPE-USDT`)
    const [, res] = (await once(ws, 'unexpected-response')) as [unknown, {statusCode: number; resume(): void}]
    res.resume()
    t.is(res.statusCode, 404)
  }
  await new Promise((resolve) => setTimeout(resolve, 100))
  const opened = await Promise.all([open('127.0.0.4'), open('127.0.0.4'), open('127.0.0.5')])
  t.true(opened.every((result) => result.ws !== undefined))
  await closeAll(opened.map((result) => result.ws))
})

test.serial('per connection: a client frame over 4 KiB closes the socket with 1009', async (t) => {
  const {ws} = await open('127.0.0.6')
  const closed = once(ws!, 'close')
  ws!.send('x'.repeat(5000))
  const [code] = (await closed) as [number]
  t.is(code, 1009)
})
