/**
 * A refusal that leaves the request's body unread (http/lingering-close.ts): a body over 64 KiB, or a
 * refusal before the body was read, is the connection's last answer — `Connection: close`, then the
 * node's FIN, and no reset while the client is still sending. At stake: a pooled keep-alive client
 * (Python's requests.Session, Node's http.Agent) sends its next request, an order perhaps, on the
 * same connection; a reset fails it with ECONNRESET and its sender cannot tell whether it was placed.
 */
import http from 'node:http'
import net from 'node:net'
import test, {type ExecutionContext} from 'ava'
import {LINGER_MS} from '../../../src/node/http/lingering-close.js'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {API, freshTimestamp, signature, signed, trader, type Trader} from '../../helpers/rest.js'

let node: TestNode
let alice: Trader

test.before(async () => {
  node = await startTestNode()
  alice = await trader(node, {USDT: '100000'})
})
test.after.always(async () => {
  await node?.close()
})

const SIGN_IN = `${API}/auth/sign-in/`
const TWO_MIB = 2 * 1024 * 1024
const CHUNK = 64 * 1024

type Answer = {status: number; headers: http.IncomingHttpHeaders; body: any}

/**
 * One request through `agent`. The body goes out in 64 KiB writes, chunked or with a
 * Content-Length; the answer is taken as soon as it is complete, whatever became of the body's
 * later writes (a client that reads the early 413 stops sending: its writes then fail, as they should).
 */
function send(
  agent: http.Agent,
  method: string,
  path: string,
  options: {body?: Buffer; headers?: Record<string, string>; chunked?: boolean} = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false
    const request = http.request({host: '127.0.0.1', port: node.ports.http, method, path, agent}, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        answered = true
        const text = Buffer.concat(chunks).toString('utf8')
        resolve({status: response.statusCode ?? 0, headers: response.headers, body: text === '' ? undefined : JSON.parse(text)})
      })
      response.on('error', reject)
    })
    request.on('error', (error) => {
      if (!answered) reject(error)
    })
    for (const [name, value] of Object.entries(options.headers ?? {})) request.setHeader(name, value)
    const {body} = options
    if (body === undefined) return void request.end()
    if (options.chunked) request.setHeader('Transfer-Encoding', 'chunked')
    else request.setHeader('Content-Length', body.length)
    for (let at = 0; at < body.length; at += CHUNK) request.write(body.subarray(at, at + CHUNK))
    request.end()
  })
}

/** One pooled connection at a time, kept alive between requests: a refused request's next ones go where it went. */
const pool = () => new http.Agent({keepAlive: true, maxSockets: 1})

/** Three requests after the refused one, all answered: a health check, an unsigned order, a sign-in. */
async function nextThreeAreAnswered(t: ExecutionContext, agent: http.Agent): Promise<void> {
  const health = await send(agent, 'GET', '/healthz')
  t.is(health.status, 200)
  const unsigned = await send(agent, 'POST', `${API}/orders/place/`, {
    body: Buffer.from('{}'),
    headers: {'Content-Type': 'application/json'},
  })
  t.is(unsigned.status, 401)
  t.is(unsigned.body.error.code, 'unauthorized')
  const signIn = await send(agent, 'POST', SIGN_IN, {
    body: Buffer.from(JSON.stringify({email: 'nobody@example.com', password: 'wrong password'})),
    headers: {'Content-Type': 'application/json'},
  })
  // 401 for the wrong password, or 429 if this IP's sign-in class (1/s) was spent by another test.
  t.true(signIn.status === 401 || signIn.status === 429, JSON.stringify(signIn.body))
}

for (const chunked of [true, false]) {
  const how = chunked ? 'chunked' : 'with a Content-Length'
  test(`a 2 MiB body (${how}) is 413 payload_too_large with Connection: close; the pool's next three requests are answered`, async (t) => {
    const agent = pool()
    try {
      const refused = await send(agent, 'POST', SIGN_IN, {
        body: Buffer.alloc(TWO_MIB, 'x'),
        headers: {'Content-Type': 'application/json'},
        chunked,
      })
      t.is(refused.status, 413)
      t.is(refused.headers.connection, 'close')
      t.deepEqual(refused.body, {error: {code: 'payload_too_large', message: 'request body is larger than 64 KiB'}})
      await nextThreeAreAnswered(t, agent)
    } finally {
      agent.destroy()
    }
  })
}

test('a refusal before the body is read (a multipart body to sign-in) closes the connection; the pool goes on', async (t) => {
  const agent = pool()
  try {
    const refused = await send(agent, 'POST', SIGN_IN, {
      body: Buffer.concat([Buffer.from('--b\r\n'), Buffer.alloc(TWO_MIB, 'x')]),
      headers: {'Content-Type': 'multipart/form-data; boundary=b'},
      chunked: true,
    })
    t.is(refused.status, 400)
    t.is(refused.headers.connection, 'close')
    t.is(refused.body.error.code, 'invalid_argument')
    await nextThreeAreAnswered(t, agent)
  } finally {
    agent.destroy()
  }
})

test('a 2 MiB body that is not JSON (text/plain) is 413 too; the pool goes on', async (t) => {
  const agent = pool()
  try {
    const refused = await send(agent, 'POST', SIGN_IN, {
      body: Buffer.alloc(TWO_MIB, 'x'),
      headers: {'Content-Type': 'text/plain'},
    })
    t.is(refused.status, 413)
    t.is(refused.headers.connection, 'close')
    t.is(refused.body.error.code, 'payload_too_large')
    await nextThreeAreAnswered(t, agent)
  } finally {
    agent.destroy()
  }
})

test('the Binance form answers a 2 MiB body 413 in its own shape, with Connection: close', async (t) => {
  const agent = pool()
  try {
    const refused = await send(agent, 'POST', '/api/v3/order', {
      body: Buffer.alloc(TWO_MIB, 'x'),
      headers: {'Content-Type': 'application/x-www-form-urlencoded', 'X-MBX-APIKEY': alice.apiKey},
      chunked: true,
    })
    t.is(refused.status, 413)
    t.is(refused.headers.connection, 'close')
    t.deepEqual(refused.body, {code: -1100, msg: 'request body is larger than 64 KiB'})
    await nextThreeAreAnswered(t, agent)
  } finally {
    agent.destroy()
  }
})

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type RawExchange = {text: string; error: NodeJS.ErrnoException | undefined; ended: boolean}

/**
 * What a client on a raw socket sees when it sends `head`, then `rest` in 64 KiB writes without
 * waiting for an answer (as Python's requests does), reads until the node closes its side, and
 * then closes its own: all it received, whether the node's FIN came (`ended`), and any socket error
 * (a reset shows as ECONNRESET, or EPIPE on a write). The writes are 5 ms apart, as over a network: on loopback a body sent at
 * once is all in the node's hands before it could close, and a reset would go unseen.
 */
function rawExchange(port: number, head: string, rest: Buffer = Buffer.alloc(0)): Promise<RawExchange> {
  return new Promise((resolve) => {
    // Half-open allowed: the node's early FIN must not end the client's side before its body is sent.
    const socket = net.connect({port, host: '127.0.0.1', allowHalfOpen: true})
    const chunks: Buffer[] = []
    let error: NodeJS.ErrnoException | undefined
    let sent = false
    let ended = false
    const done = () => sent && ended && socket.end()
    const timer = setTimeout(() => socket.destroy(Object.assign(new Error('still open after 15 s'), {code: 'TIMEOUT'})), 15_000)
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', (thrown: NodeJS.ErrnoException) => (error ??= thrown))
    socket.on('end', () => {
      ended = true
      done()
    })
    socket.on('close', () => {
      clearTimeout(timer)
      resolve({text: Buffer.concat(chunks).toString('utf8'), error, ended})
    })
    socket.on('connect', async () => {
      socket.write(head)
      for (let at = 0; at < rest.length && !socket.destroyed; at += CHUNK) {
        if (!socket.write(rest.subarray(at, at + CHUNK))) await new Promise((drained) => socket.once('drain', drained))
        await pause(5)
      }
      sent = true
      done()
    })
  })
}

/** The one HTTP answer in `text`: status, headers (lowercase names) and the JSON body, which must be whole. */
function parseAnswer(text: string): {status: number; headers: Record<string, string>; body: any; rest: string} {
  const end = text.indexOf('\r\n\r\n')
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n')
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  )
  const length = Number(headers['content-length'])
  const body = text.slice(end + 4, end + 4 + length)
  return {status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body), rest: text.slice(end + 4 + length)}
}

/** A 2 MiB body in HTTP/1.1 chunks of 64 KiB, with the last chunk. */
function chunkedBody(size: number): Buffer {
  const parts: Buffer[] = []
  for (let left = size; left > 0; left -= CHUNK) {
    const length = Math.min(CHUNK, left)
    parts.push(Buffer.from(`${length.toString(16)}\r\n`), Buffer.alloc(length, 'x'), Buffer.from('\r\n'))
  }
  parts.push(Buffer.from('0\r\n\r\n'))
  return Buffer.concat(parts)
}

test('raw socket: the 413 arrives whole with Connection: close, then a clean FIN — no reset', async (t) => {
  const head = `POST ${SIGN_IN} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`
  const seen = await rawExchange(node.ports.http, head, chunkedBody(TWO_MIB))
  t.is(seen.error, undefined, `the client saw ${seen.error?.code}`)
  t.true(seen.ended, 'the node closed its side with a FIN')
  const answer = parseAnswer(seen.text)
  t.is(answer.status, 413)
  t.is(answer.headers['connection'], 'close')
  t.deepEqual(answer.body, {error: {code: 'payload_too_large', message: 'request body is larger than 64 KiB'}})
  t.is(answer.rest, '', 'nothing after the one answer')
})

test('raw socket: a signed order pipelined behind a refused body is not placed, and not answered', async (t) => {
  const order = JSON.stringify({ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '100', qty: '0.01'})
  const place = `${API}/orders/place/`
  const timestamp = String(freshTimestamp())
  const pipelined =
    `POST ${place} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(order)}\r\n` +
    `X-API-Key: ${alice.apiKey}\r\nX-Timestamp: ${timestamp}\r\n` +
    `X-Signature: ${signature(alice.apiSecret, timestamp, 'POST', place, order)}\r\n\r\n${order}`
  const head = `POST ${SIGN_IN} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${TWO_MIB}\r\n\r\n`
  const seen = await rawExchange(node.ports.http, head, Buffer.concat([Buffer.alloc(TWO_MIB, 'x'), Buffer.from(pipelined)]))
  t.is(seen.error, undefined, `the client saw ${seen.error?.code}`)
  const answer = parseAnswer(seen.text)
  t.is(answer.status, 413)
  t.is(answer.rest, '', 'the pipelined order has no answer')
  const orders = await signed(node, alice, 'GET', '/orders/')
  t.is(orders.status, 200)
  t.is(orders.body.total, 0, 'and it was not placed')
})

test('raw socket: a refused WebSocket upgrade ends with a FIN, even with bytes sent after the request', async (t) => {
  // The /api/v1 streams' refusal and the Binance form's.
  for (const path of [`${API}/exchange/ws/orderbook/?ticker=NOPE-USDT`, '/stream?streams=nosuchpair@trade']) {
    const head =
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
      'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n'
    // A client that sends before it reads the answer: 256 KiB the node never asked for.
    const seen = await rawExchange(node.ports.http, head, Buffer.alloc(256 * 1024, 'x'))
    t.is(seen.error, undefined, `${path}: the client saw ${seen.error?.code}`)
    t.true(seen.ended, path)
    const answer = parseAnswer(seen.text)
    t.true(answer.status === 404 || answer.status === 400, `${path}: ${answer.status}`)
    t.is(answer.headers['connection'], 'close', path)
    t.true('error' in answer.body || 'code' in answer.body, JSON.stringify(answer.body))
  }
})

test(`a client that goes on sending after the refusal is cut off after ${LINGER_MS} ms`, async (t) => {
  const socket = net.connect({port: node.ports.http, host: '127.0.0.1', allowHalfOpen: true})
  socket.on('error', () => undefined)
  await new Promise((resolve) => socket.once('connect', resolve))
  socket.write(
    `POST ${SIGN_IN} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
  )
  let answeredAt = 0
  socket.on('data', () => (answeredAt ||= Date.now()))
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())))
  // A chunk of 16 KiB every 50 ms, without end: slow enough to cost little, fast enough never to idle.
  const slice = Buffer.concat([Buffer.from('4000\r\n'), Buffer.alloc(16 * 1024, 'x'), Buffer.from('\r\n')])
  const timer = setInterval(() => socket.writable && socket.write(slice), 50)
  let giveUp: NodeJS.Timeout | undefined
  try {
    const closedAt = await Promise.race([
      closed,
      new Promise<number>((resolve) => (giveUp = setTimeout(() => resolve(0), LINGER_MS + 10_000))),
    ])
    t.true(answeredAt > 0, 'the 413 came first')
    t.true(closedAt > 0, `still open ${LINGER_MS + 10_000} ms on`)
    t.true(closedAt - answeredAt >= LINGER_MS - 100, `cut off ${closedAt - answeredAt} ms after the answer`)
  } finally {
    clearInterval(timer)
    clearTimeout(giveUp)
    socket.destroy()
  }
})
