/**
 * The request body of the public listener (http/body.ts) over a raw socket, so that the test decides
 * how the bytes arrive: a body that is all there when the request starts (read at once from the
 * stream's buffer: the node runs in this process, so the test holds its event loop while the bytes
 * land) and one still arriving (streamed) must give the same answers — the documented 400 for bad JSON and a
 * non-object, 413 for more than 64 KiB, and for a good body the exact bytes the signature was made over.
 */
import net from 'node:net'
import test from 'ava'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {API, assertError, freshTimestamp, signature, trader, type Trader} from '../../helpers/rest.js'

let node: TestNode
let alice: Trader

test.before(async () => {
  node = await startTestNode()
  alice = await trader(node, {USDT: '100000'})
})
test.after.always(async () => {
  await node?.close()
})

type Raw = {status: number; body: any}

/**
 * POSTs `body` to `path` on a fresh connection: in one write while the event loop is held until it
 * has all arrived (`buffered`), or headers first and the body in two later writes (`trickled`).
 */
async function post(
  path: string,
  body: string,
  how: 'buffered' | 'trickled',
  headers: Record<string, string> = {},
): Promise<Raw> {
  const socket = net.connect(node.ports.http, '127.0.0.1')
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  const bytes = Buffer.from(body, 'utf8')
  const head =
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\n` +
    `Connection: close\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}\r\n`
  const chunks: Buffer[] = []
  socket.on('data', (chunk: Buffer) => chunks.push(chunk))
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  await pause(20) // the node has accepted the connection
  if (how === 'buffered') {
    socket.write(Buffer.concat([Buffer.from(head), bytes]))
    // Nothing runs on the loop meanwhile: the node reads the whole request in one turn.
    for (const until = Date.now() + 50; Date.now() < until;);
  } else {
    socket.write(head)
    await pause(30)
    const half = Math.floor(bytes.length / 2)
    socket.write(bytes.subarray(0, half))
    await pause(30)
    socket.write(bytes.subarray(half))
  }
  await closed
  const text = Buffer.concat(chunks).toString('utf8')
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1])
  const json = text.slice(text.indexOf('\r\n\r\n') + 4)
  return {status, body: JSON.parse(json)}
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The headers of a request signed by alice over exactly `body`. */
function signedHeaders(path: string, body: string): Record<string, string> {
  const timestamp = String(freshTimestamp())
  return {
    'X-API-Key': alice.apiKey,
    'X-Timestamp': timestamp,
    'X-Signature': signature(alice.apiSecret, timestamp, 'POST', path, body),
  }
}

const PLACE = `${API}/orders/place/`
const asRest = (raw: Raw) => ({status: raw.status, headers: new Headers(), body: raw.body})

for (const how of ['buffered', 'trickled'] as const) {
  test(`a body that is not JSON is 400 invalid_argument (${how})`, async (t) => {
    const answer = await post(PLACE, '{"ticker": "BTC-USDT",', how)
    assertError(t, asRest(answer), 400, 'invalid_argument')
    t.regex(answer.body.error.message, /not valid JSON/)
  })

  test(`a JSON body that is not an object is 400 invalid_argument (${how})`, async (t) => {
    for (const body of ['[1, 2]', '"text"', '42', 'null']) {
      const answer = await post(PLACE, body, how)
      assertError(t, asRest(answer), 400, 'invalid_argument')
      t.regex(answer.body.error.message, /must be a JSON object/, body)
    }
  })

  // (Node reads no further than 16 KiB of body ahead of the reader, so bodies this large are streamed either way.)
  test(`a body over 64 KiB is 413 payload_too_large, and one of exactly 64 KiB is read (${how})`, async (t) => {
    const over = await post(PLACE, `{"pad": "${'x'.repeat(64 * 1024)}"}`, how)
    assertError(t, asRest(over), 413, 'payload_too_large')
    t.regex(over.body.error.message, /larger than 64 KiB/)
    // 64 KiB exactly passes the body check and reaches authentication (none sent: 401).
    const exact = `{"pad": "${'x'.repeat(64 * 1024 - 11)}"}`
    t.is(Buffer.byteLength(exact), 64 * 1024)
    const answer = await post(PLACE, exact, how)
    assertError(t, asRest(answer), 401, 'unauthorized')
  })

  test(`a signed order's body is the exact bytes it was signed over, multi-byte text included (${how})`, async (t) => {
    // The client order id may not hold "é", so the order is refused after the signature check, by validation.
    const body = JSON.stringify({
      ticker: 'BTC-USDT',
      side: 'buy',
      type: 'limit',
      price: '100',
      qty: '0.01',
      client_order_id: 'café',
    })
    const refused = await post(PLACE, body, how, signedHeaders(PLACE, body))
    assertError(t, asRest(refused), 400, 'invalid_argument')
    t.regex(refused.body.error.message, /client_order_id/)
    const good = JSON.stringify({ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '100', qty: '0.01'})
    const placed = await post(PLACE, good, how, signedHeaders(PLACE, good))
    t.is(placed.status, 200, JSON.stringify(placed.body))
    t.is(placed.body.status, 'open')
  })
}
