import net from 'node:net'
import test from 'ava'
import {startTestNode, type TestNode} from '../../helpers/node.js'

// Small limits so that a slow client is cut off within the test: headers within 1 s, the whole
// request within 2 s (not less: on a loaded machine a normal request must still make it).
let node: TestNode
test.before(async () => {
  node = await startTestNode({httpTimeouts: {headersMs: 1000, requestMs: 2000, keepAliveMs: 1000}})
})
test.after.always(async () => {
  await node?.close()
})

/** Writes `partial` and waits: what the server sent before closing, and how long it took. */
function slowClient(port: number, partial: string): Promise<{text: string; ms: number}> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(partial))
    let text = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (text += chunk))
    socket.on('close', () => resolve({text, ms: Date.now() - started}))
    socket.on('error', () => undefined)
    setTimeout(() => {
      socket.destroy()
      reject(new Error(`still open after 15 s; received ${JSON.stringify(text)}`))
    }, 15_000)
  })
}

test('slowloris: headers that never end are answered 408 and the connection closed (public listener)', async (t) => {
  const {text, ms} = await slowClient(node.ports.http, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ')
  t.true(text === '' || text.startsWith('HTTP/1.1 408'), text)
  t.true(ms < 9000, `closed after ${ms} ms (Node's default would be 60 s)`)
})

test('slowloris: the AdminGateway cuts a slow client off too', async (t) => {
  const {text, ms} = await slowClient(node.ports.adminHttp, 'GET /healthz HTTP/1.1\r\n')
  t.true(text === '' || text.startsWith('HTTP/1.1 408'), text)
  t.true(ms < 9000, `closed after ${ms} ms (Node's default would be 60 s)`)
})

test('a body that never arrives is cut off by the request timeout', async (t) => {
  const {text, ms} = await slowClient(
    node.ports.http,
    'POST /api/v1/orders/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
  )
  t.true(text === '' || /^HTTP\/1\.1 (408|4\d\d)/.test(text), text)
  t.true(ms < 9000, `closed after ${ms} ms (Node's default would be 60 s)`)
  // A client that gives up (or is cut off) is not the node's fault: no internal error, no system_error alert.
  await new Promise((resolve) => setTimeout(resolve, 100))
  t.false(
    node.logs.some((line) => line.includes('"internal error"')),
    node.logs.filter((line) => line.includes('internal error')).join('\n'),
  )
})

test('a request sent at once is served', async (t) => {
  const response = await fetch(`${node.httpUrl}/healthz`)
  t.is(response.status, 200)
})
