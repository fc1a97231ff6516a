/**
 * The order chat: open from ACCEPTED, text and one file per message (png/jpeg/pdf by content,
 * at most 5 MiB), files served to the parties and the dispute's arbitrator only, history kept
 * unchanged, and live p2p_order / p2p_message events on /api/v1/p2p/ws/.
 */
import {createHmac} from 'node:crypto'
import test from 'ava'
import WebSocket from 'ws'
import type {TestNode} from '../../helpers/node.js'
import {assertError} from '../../helpers/rest.js'
import {adminOf, assertError as assertGatewayError, gateway} from '../../helpers/admin-gateway.js'
import {act, call, createAd, createOrder, p2pNode, testClock, user, type User} from '../../helpers/p2p.js'

const clock = testClock()
let node: TestNode
let seller: User
let buyer: User
let adId: string

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)])
const EXECUTABLE = Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01', 'latin1'), Buffer.alloc(64, 1)])

test.before(async () => {
  node = await p2pNode(clock)
  seller = await user(node, {USDT: '1000'})
  buyer = await user(node)
  adId = await createAd(undefined, node, seller)
})
test.after.always(() => node?.close())

function upload(who: User, orderId: string, content: Buffer, name: string) {
  const form = new FormData()
  form.append('file', new Blob([content]), name)
  return fetch(`${node.httpUrl}/api/v1/p2p/orders/${orderId}/messages/`, {
    method: 'POST',
    headers: {Authorization: `Bearer ${who.token}`},
    body: form,
  }).then(async (response) => ({status: response.status, headers: response.headers, body: (await response.json()) as any}))
}

test.serial('chat: closed before ACCEPTED; text and a PNG pass, an executable renamed .png is refused', async (t) => {
  const orderId = await createOrder(undefined, node, buyer, adId, '20')
  assertError(t, await call(node, buyer, 'POST', `/p2p/orders/${orderId}/messages/`, {text: 'hello'}), 409, 'invalid_state')
  await act(t, node, seller, orderId, 'accept', 'ACCEPTED')
  const text = await call(node, buyer, 'POST', `/p2p/orders/${orderId}/messages/`, {text: 'hello'})
  t.is(text.status, 200, JSON.stringify(text.body))
  t.is(text.body.sender, buyer.account.id)
  assertError(
    t,
    await call(node, buyer, 'POST', `/p2p/orders/${orderId}/messages/`, {text: 'x'.repeat(2001)}),
    400,
    'invalid_argument',
  )

  const png = await upload(buyer, orderId, PNG, 'receipt.png')
  t.is(png.status, 200, JSON.stringify(png.body))
  t.is(png.body.file.type, 'image/png')
  const fake = await upload(buyer, orderId, EXECUTABLE, 'receipt.png')
  t.is(fake.status, 400)
  t.is(fake.body.error.code, 'invalid_argument')
  const {apiKey, apiSecret} = node.services.apiKeys.create(buyer.account.id, ['trade', 'read'], 'upload', [])
  const form = new FormData()
  form.append('file', new Blob([PNG]), 'receipt.png')
  const timestamp = String(Date.now())
  const target = `/api/v1/p2p/orders/${orderId}/messages/`
  const signedUpload = await fetch(`${node.httpUrl}${target}`, {
    method: 'POST',
    headers: {
      'X-API-Key': apiKey,
      'X-Timestamp': timestamp,
      'X-Signature': createHmac('sha256', apiSecret).update(`${timestamp}POST${target}`).digest('hex'),
    },
    body: form,
  })
  t.is(signedUpload.status, 403, 'uploads take a session JWT')
  // A file just over 5 MiB (its body within the reader's limit), and a body past that limit (refused
  // while it arrives, the connection's last answer): both 413.
  const big = await upload(buyer, orderId, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), 'big.png')
  t.is(big.status, 413)
  t.is(big.body.error.code, 'payload_too_large')
  const huge = await upload(buyer, orderId, Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]), 'huge.png')
  t.is(huge.status, 413)
  t.deepEqual(huge.body.error, {code: 'payload_too_large', message: 'the file is larger than 5 MiB'})
  t.is(huge.headers.get('connection'), 'close')

  const served = await fetch(`${node.httpUrl}${png.body.file.url}`, {headers: {Authorization: `Bearer ${seller.token}`}})
  t.is(served.status, 200)
  t.is(served.headers.get('content-type'), 'image/png')
  t.deepEqual(Buffer.from(await served.arrayBuffer()), PNG)
  const stranger = await user(node)
  const refused = await fetch(`${node.httpUrl}${png.body.file.url}`, {headers: {Authorization: `Bearer ${stranger.token}`}})
  t.is(refused.status, 404)

  const history = await call(node, seller, 'GET', `/p2p/orders/${orderId}/messages/`)
  t.deepEqual(
    history.body.messages.filter((m: {kind: string}) => m.kind !== 'system').map((m: {kind: string}) => m.kind),
    ['text', 'file'],
  )
  const refusal = (sql: string): string => {
    try {
      node.services.db.prepare(sql).run()
      return 'accepted'
    } catch (error) {
      return String((error as {message?: string}).message)
    }
  }
  t.regex(refusal("UPDATE p2p_messages SET text = 'edited'"), /never edited/)
  t.regex(refusal('DELETE FROM p2p_messages'), /kept/)

  // The arbitrator of the dispute reads the file with an AdminGateway token; another admin cannot.
  const arbitrator = await adminOf(node, 'arbitrator')
  await act(t, node, buyer, orderId, 'pay', 'PAYMENT_COMPLETED', {payment_method: 'bank_transfer'})
  await act(t, node, buyer, orderId, 'dispute', 'DISPUTE_DECISION_AWAITING', {reason: 'no release'})
  const byArbitrator = await fetch(`${node.httpUrl}${png.body.file.url}`, {
    headers: {Authorization: `Bearer ${arbitrator.token}`},
  })
  t.is(byArbitrator.status, 200)
  const auditor = await adminOf(node, 'auditor')
  const byAuditor = await fetch(`${node.httpUrl}${png.body.file.url}`, {headers: {Authorization: `Bearer ${auditor.token}`}})
  t.is(byAuditor.status, 403)

  // A role change ends older tokens on the files as on the AdminGateway: promoted to superadmin,
  // the auditor's token (issued for "auditor") is refused by both until it signs in again.
  await node.admin.call('AdminsService', 'SetAdminRole', {email: auditor.email, role: 'superadmin'})
  const promoted = await fetch(`${node.httpUrl}${png.body.file.url}`, {headers: {Authorization: `Bearer ${auditor.token}`}})
  t.is(promoted.status, 401)
  t.is(((await promoted.json()) as {error: {code: string}}).error.code, 'unauthorized')
  assertGatewayError(t, await gateway(node, 'GET', '/p2p/disputes/', {token: auditor.token}), 401, 'unauthorized')
  // Disabled, the arbitrator's token is refused by both (403).
  await node.admin.call('AdminsService', 'DisableAdmin', {email: arbitrator.email})
  const disabled = await fetch(`${node.httpUrl}${png.body.file.url}`, {headers: {Authorization: `Bearer ${arbitrator.token}`}})
  t.is(disabled.status, 403)
  assertGatewayError(t, await gateway(node, 'GET', '/p2p/disputes/', {token: arbitrator.token}), 403, 'permission_denied')
})

test.serial(
  'chat: open in every state from ACCEPTED until the deal ends, DISPUTE_DECIDED included; closed before and after',
  async (t) => {
    // docs/p2p.md "Decisions" and the spec's table: the chat opens at ACCEPTED and nothing closes it but the end of
    // the deal (REJECTED, CANCELLED, SUCCESS). DISPUTE_DECIDED is not an end: the decision is taken, the
    // escrow still held. A decision writes DISPUTE_DECIDED and its outcome in one transaction, so no order
    // rests there; the store is set to each state in turn to ask the route itself.
    const open = [
      'ACCEPTED',
      'PROCESSING',
      'PAYMENT_COMPLETED',
      'PAYMENT_CONFIRMED',
      'DISPUTE_START',
      'DISPUTE_DECISION_AWAITING',
      'DISPUTE_DECIDED',
    ]
    const closed = ['CREATED', 'REJECTED', 'CANCELLED', 'SUCCESS']
    const orderId = await createOrder(undefined, node, buyer, adId, '10')
    const setStatus = node.services.db.prepare('UPDATE p2p_orders SET status = ? WHERE id = ?')
    try {
      for (const status of [...open, ...closed]) {
        setStatus.run(status, orderId)
        const posted = await call(node, seller, 'POST', `/p2p/orders/${orderId}/messages/`, {text: `in ${status}`})
        if (open.includes(status)) t.is(posted.status, 200, `${status}: ${JSON.stringify(posted.body)}`)
        else assertError(t, posted, 409, 'invalid_state')
      }
    } finally {
      setStatus.run('CREATED', orderId)
    }
    const texts = (await call(node, buyer, 'GET', `/p2p/orders/${orderId}/messages/`)).body.messages
      .filter((message: {kind: string}) => message.kind === 'text')
      .map((message: {text: string}) => message.text)
    t.deepEqual(
      texts,
      open.map((status) => `in ${status}`),
    )
    await act(t, node, buyer, orderId, 'cancel', 'CANCELLED')
  },
)

test.serial('live events: the parties get p2p_order and p2p_message on /api/v1/p2p/ws/', async (t) => {
  const socket = new WebSocket(`${node.httpUrl.replace('http', 'ws')}/api/v1/p2p/ws/?token=${buyer.token}`)
  const events: {event: string; order?: {status: string}; message?: {text: string}}[] = []
  socket.on('message', (data) => events.push(JSON.parse(String(data))))
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  const orderId = await createOrder(undefined, node, buyer, adId, '10')
  await act(t, node, seller, orderId, 'accept', 'ACCEPTED')
  await call(node, seller, 'POST', `/p2p/orders/${orderId}/messages/`, {text: 'send to IBAN ...'})
  const deadline = Date.now() + 5000
  while (Date.now() < deadline && !events.some((e) => e.event === 'p2p_message' && e.message?.text === 'send to IBAN ...')) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  socket.close()
  t.deepEqual(
    events.filter((e) => e.event === 'p2p_order').map((e) => e.order?.status),
    ['CREATED', 'ACCEPTED'],
  )
  t.true(events.some((e) => e.event === 'p2p_message' && e.message?.text === 'send to IBAN ...'))

  // A signed API key, exactly as for /exchange/ws/orders/.
  const {apiKey, apiSecret} = node.services.apiKeys.create(seller.account.id, ['read'], 'ws', [])
  const timestamp = String(Date.now())
  const signature = createHmac('sha256', apiSecret).update(`${timestamp}GET/api/v1/exchange/ws/orders/`).digest('hex')
  const signed = new WebSocket(
    `${node.httpUrl.replace('http', 'ws')}/api/v1/p2p/ws?api_key=${apiKey}&timestamp=${timestamp}&signature=${signature}`,
  )
  await new Promise((resolve, reject) => signed.once('open', resolve).once('error', reject))
  signed.close()
  t.pass()

  const refused = new WebSocket(`${node.httpUrl.replace('http', 'ws')}/api/v1/p2p/ws/?token=nonsense`)
  const status = await new Promise<number>((resolve) =>
    refused.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
  )
  t.is(status, 401)
})
