/**
 * P2P as the web app uses it (docs/rest.md "Browsers: cookies, CSRF and CORS", docs/p2p.md): the
 * sign-in's `exchange_session` cookie on the ads, the orders, the chat (text, a file upload as
 * multipart/form-data, its download) and the P2P WebSocket. Writes need `X-Requested-With:
 * exchange-web` (else 403 csrf_refused, nothing changes); the WebSocket needs the node's own Origin.
 */
import test from 'ava'
import {browserUser, fromPage, pageSocket, type WebUser} from '../../helpers/web-session.js'
import type {TestNode} from '../../helpers/node.js'
import {assertError} from '../../helpers/rest.js'
import {act, call, createOrder, p2pNode, sellAd, testClock, user, type User} from '../../helpers/p2p.js'
import {connect, refusal, type Client} from '../../helpers/ws-clients.js'
import {DEFAULT_CONFIG} from '../../../src/node/ground/config.js'

const clock = testClock()
let node: TestNode
let seller: WebUser
let buyer: User

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)])

test.before(async (t) => {
  node = await p2pNode(clock, {rateLimits: {...DEFAULT_CONFIG.rateLimits, internal: 100_000, standard: 100_000, strict: 1000}})
  // The seller uses the web app: the gateway's sign-up and sign-in, then only the cookie.
  seller = await browserUser(t, node, node, 'p2p-web')
  const account = node.services.accounts.byId(seller.accountId)!
  node.services.operations.topup(
    {balanceAccountId: account.fundingAccountId},
    {asset: 'USDT', amount: '1000', reason: 'test funding', operator: 'test'},
  )
  buyer = await user(node)
})
test.after.always(() => node?.close())

const p2pWs = () => `${node.httpUrl.replace('http', 'ws')}/api/v1/p2p/ws/`

/** The next message of `client` that `wanted` takes (others, such as system chat messages, are skipped). */
async function nextOf(client: Client, wanted: (message: any) => boolean): Promise<any> {
  for (;;) {
    const message = await client.next(5000)
    if (wanted(message)) return message
  }
}

function fileForm(content: Buffer, name: string): FormData {
  const form = new FormData()
  form.append('file', new Blob([content]), name)
  return form
}

test.serial('an ad, an order and the chat with the cookie: text, a file upload and its download', async (t) => {
  // Without the header nothing is created.
  assertError(t, await fromPage(node, seller, 'POST', '/p2p/advertisements/', sellAd, {web: false}), 403, 'csrf_refused')
  const ad = await fromPage(node, seller, 'POST', '/p2p/advertisements/', sellAd, {origin: node.httpUrl})
  t.is(ad.status, 200, JSON.stringify(ad.body))
  const adId = ad.body.advertisement_id as string
  const read = await fromPage(node, seller, 'GET', `/p2p/advertisements/${adId}/`, undefined, {web: false})
  t.is(read.status, 200, JSON.stringify(read.body))

  const orderId = await createOrder(undefined, node, buyer, adId, '20')
  assertError(t, await fromPage(node, seller, 'POST', `/p2p/orders/${orderId}/accept/`, {}, {web: false}), 403, 'csrf_refused')
  const accepted = await fromPage(node, seller, 'POST', `/p2p/orders/${orderId}/accept/`, {})
  t.is(accepted.status, 200, JSON.stringify(accepted.body))
  t.is(accepted.body.status, 'ACCEPTED')

  const messages = `/p2p/orders/${orderId}/messages/`
  assertError(t, await fromPage(node, seller, 'POST', messages, {text: 'hi'}, {web: false}), 403, 'csrf_refused')
  const text = await fromPage(node, seller, 'POST', messages, {text: 'send to IBAN ...'})
  t.is(text.status, 200, JSON.stringify(text.body))
  t.is(text.body.sender, seller.accountId)

  // A file: multipart/form-data, with the header; without it, or from a foreign page, refused before it is read.
  assertError(
    t,
    await fromPage(node, seller, 'POST', messages, undefined, {web: false, form: fileForm(PNG, 'a.png')}),
    403,
    'csrf_refused',
  )
  const foreign = {origin: 'https://evil.example', form: fileForm(PNG, 'a.png')}
  assertError(t, await fromPage(node, seller, 'POST', messages, undefined, foreign), 403, 'csrf_refused')
  const uploaded = await fromPage(node, seller, 'POST', messages, undefined, {
    origin: node.httpUrl,
    form: fileForm(PNG, 'receipt.png'),
  })
  t.is(uploaded.status, 200, JSON.stringify(uploaded.body))
  t.is(uploaded.body.file.type, 'image/png')

  const url = (uploaded.body.file.url as string).replace(/^\/api\/v1/, '')
  const downloaded = await fromPage(node, seller, 'GET', url, undefined, {web: false})
  t.is(downloaded.status, 200)
  t.is(downloaded.headers.get('content-type'), 'image/png')
  t.deepEqual(downloaded.body, PNG)

  const history = await fromPage(node, seller, 'GET', messages)
  t.deepEqual(
    history.body.messages.filter((m: {kind: string}) => m.kind !== 'system').map((m: {kind: string}) => m.kind),
    ['text', 'file'],
  )
  await act(t, node, buyer, orderId, 'cancel', 'CANCELLED')
})

test.serial(
  'the P2P WebSocket with the cookie from the own Origin follows the account; without or with a foreign Origin it is refused 403',
  async (t) => {
    for (const origin of [undefined, 'https://evil.example', 'null']) {
      const refused = await refusal(p2pWs(), pageSocket(seller.cookie, origin))
      t.is(refused.status, 403, String(origin))
      t.is(refused.body.error.code, 'csrf_refused')
    }
    const adId = (await fromPage(node, seller, 'POST', '/p2p/advertisements/', sellAd)).body.advertisement_id as string
    const socket = await connect(p2pWs(), pageSocket(seller.cookie, node.httpUrl))
    // `?token=` is unchanged and wins over the cookie: with it, the cookie's Origin rule is not asked.
    const byToken = await connect(`${p2pWs()}?token=${buyer.token}`, pageSocket(seller.cookie, 'https://evil.example'))
    try {
      const orderId = await createOrder(undefined, node, buyer, adId, '10')
      const isOrder = (message: any) => message.event === 'p2p_order'
      t.like(await nextOf(socket, isOrder), {order: {id: orderId, status: 'CREATED'}})
      t.like(await nextOf(byToken, isOrder), {order: {id: orderId, status: 'CREATED'}})
      t.is((await fromPage(node, seller, 'POST', `/p2p/orders/${orderId}/accept/`, {})).status, 200)
      t.is((await call(node, buyer, 'POST', `/p2p/orders/${orderId}/messages/`, {text: 'paid soon'})).status, 200)
      const fromBuyer = await nextOf(
        socket,
        (event) => event.event === 'p2p_message' && event.message.sender === buyer.account.id,
      )
      t.is(fromBuyer.message.text, 'paid soon')
      await act(t, node, buyer, orderId, 'cancel', 'CANCELLED')
    } finally {
      socket.close()
      byToken.close()
    }
  },
)
