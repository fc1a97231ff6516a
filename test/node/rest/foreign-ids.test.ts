/**
 * Foreign ids are 404 (docs/rest.md "Ids you may not reach"): every route of the public listener that takes an id is asked by a
 * stranger with another account's real id and with a random one, and both answers are the same —
 * status, code, and message once the id is taken out — so the answer never confirms that the id
 * exists. Within a sub-account family a master keeps its access.
 */
import {randomUUID} from 'node:crypto'
import test from 'ava'
import {startTestNode, uniqueEmail, type TestNode} from '../../helpers/node.js'
import {bearer, signed, trader, type RestResponse, type Trader} from '../../helpers/rest.js'
import {act, createAd, createOrder, type User} from '../../helpers/p2p.js'

let node: TestNode
/** Alice owns the resources; Bob trades with her on P2P; Mallory asks for them. */
let alice: Trader
let bob: Trader
let mallory: Trader
const ids: Record<string, string> = {}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)])

test.before(async () => {
  node = await startTestNode({rateLimits: {standard: 100_000, strict: 100_000, internal: 100_000, internalCidrs: []}})
  alice = await trader(node, {USDT: '1000'})
  bob = await trader(node)
  mallory = await trader(node, {USDT: '1000'})
  for (const who of [alice, mallory]) {
    node.services.operations.topup(
      {balanceAccountId: who.account.fundingAccountId},
      {asset: 'USDT', amount: '1000', reason: 'test funding', operator: 'test'},
    )
  }
  ids['balanceAccount'] = alice.account.fundingAccountId
  ids['tradingAccount'] = alice.account.tradingAccountId
  const order = await signed(node, alice, 'POST', '/orders/place/', {
    ticker: 'BTC-USDT',
    side: 'buy',
    type: 'limit',
    price: '10000',
    qty: '0.001',
    client_order_id: 'alice-resting',
  })
  ids['order'] = order.body.order_id
  ids['apiKey'] = node.services.apiKeys.list(alice.account.id)[0]!.id

  // A deposit and a withdrawal of Alice's, as the chain workers record them (no chain runs here).
  const now = new Date().toISOString()
  ids['deposit'] = randomUUID()
  node.services.db
    .prepare(
      `INSERT INTO top_ups (id, account_id, blockchain, asset, amount, tx_hash, tx_index, address, block_height, block_hash, status, detected_at, updated_at)
       VALUES (?, ?, 'eth', 'ETH', '1000', ?, 0, '0x0', 1, '0x1', 'pending', ?, ?)`,
    )
    .run(ids['deposit'], alice.account.id, `0x${'ab'.repeat(32)}`, now, now)
  ids['withdrawal'] = randomUUID()
  node.services.db
    .prepare(
      `INSERT INTO withdrawals (id, account_id, blockchain, asset, amount, fee, to_address, status, failure, created_at, updated_at)
       VALUES (?, ?, 'eth', 'ETH', '1000', '0', '0x0', 'failed', 'test', ?, ?)`,
    )
    .run(ids['withdrawal'], alice.account.id, now, now)

  // A P2P ad of Alice's, an order on it with Bob, a file in its chat; and an order of Mallory's own.
  const asUser = (who: Trader): User => ({account: who.account, token: who.token})
  ids['ad'] = await createAd(undefined, node, asUser(alice))
  ids['p2pOrder'] = await createOrder(undefined, node, asUser(bob), ids['ad'], '20')
  const accepted = await bearer(node, alice.token, 'POST', `/p2p/orders/${ids['p2pOrder']}/accept/`)
  if (accepted.status !== 200) throw new Error(`accept: ${JSON.stringify(accepted.body)}`)
  const form = new FormData()
  form.append('file', new Blob([PNG]), 'receipt.png')
  const uploaded = await fetch(`${node.httpUrl}/api/v1/p2p/orders/${ids['p2pOrder']}/messages/`, {
    method: 'POST',
    headers: {Authorization: `Bearer ${bob.token}`},
    body: form,
  })
  ids['file'] = ((await uploaded.json()) as {file: {id: string}}).file.id
  ids['ownP2pOrder'] = await createOrder(undefined, node, asUser(mallory), ids['ad'], '20')
})
test.after.always(async () => {
  await node?.close()
})

/** A route that takes an id: how Mallory asks it, given the id to name. */
type Route = {name: string; id: string; ask: (id: string) => Promise<RestResponse>}

const get = (path: (id: string) => string) => (id: string) => bearer(node, mallory.token, 'GET', path(id))
const post =
  (path: (id: string) => string, body: (id: string) => unknown = () => ({})) =>
  (id: string) =>
    bearer(node, mallory.token, 'POST', path(id), body(id))

const ROUTES: Route[] = [
  {name: 'GET /balances/?balance_account_id', id: 'balanceAccount', ask: get((id) => `/balances/?balance_account_id=${id}`)},
  {
    name: 'POST /balances/transfer/ from another account',
    id: 'balanceAccount',
    ask: post(
      () => '/balances/transfer/',
      (id) => ({
        from_balance_account_id: id,
        to_balance_account_id: mallory.account.fundingAccountId,
        asset: 'USDT',
        amount: '1',
      }),
    ),
  },
  {
    name: 'POST /balances/transfer/ to another account',
    id: 'tradingAccount',
    ask: post(
      () => '/balances/transfer/',
      (id) => ({
        from_balance_account_id: mallory.account.fundingAccountId,
        to_balance_account_id: id,
        asset: 'USDT',
        amount: '1',
      }),
    ),
  },
  {name: 'GET /orders/{id}/', id: 'order', ask: get((id) => `/orders/${id}/`)},
  {
    name: 'POST /orders/cancel/',
    id: 'order',
    ask: (id) => signed(node, mallory, 'POST', '/orders/cancel/', {order_id: id}),
  },
  {name: 'GET /deposits/{id}/', id: 'deposit', ask: get((id) => `/deposits/${id}/`)},
  {name: 'GET /withdrawals/{id}/', id: 'withdrawal', ask: get((id) => `/withdrawals/${id}/`)},
  {name: 'DELETE /api-keys/{id}/', id: 'apiKey', ask: (id) => bearer(node, mallory.token, 'DELETE', `/api-keys/${id}/`)},
  {
    name: 'PATCH /p2p/advertisements/{id}/',
    id: 'ad',
    ask: (id) => bearer(node, mallory.token, 'PATCH', `/p2p/advertisements/${id}/`, {price: '1.5'}),
  },
  {
    name: 'DELETE /p2p/advertisements/{id}/',
    id: 'ad',
    ask: (id) => bearer(node, mallory.token, 'DELETE', `/p2p/advertisements/${id}/`),
  },
  {name: 'GET /p2p/orders/{id}/', id: 'p2pOrder', ask: get((id) => `/p2p/orders/${id}/`)},
  ...['accept', 'reject', 'cancel', 'confirm'].map((action) => ({
    name: `POST /p2p/orders/{id}/${action}/`,
    id: 'p2pOrder',
    ask: post((id) => `/p2p/orders/${id}/${action}/`),
  })),
  {
    name: 'POST /p2p/orders/{id}/pay/',
    id: 'p2pOrder',
    ask: post(
      (id) => `/p2p/orders/${id}/pay/`,
      () => ({payment_method: 'bank_transfer'}),
    ),
  },
  {
    name: 'POST /p2p/orders/{id}/dispute/',
    id: 'p2pOrder',
    ask: post(
      (id) => `/p2p/orders/${id}/dispute/`,
      () => ({reason: 'no'}),
    ),
  },
  {
    name: 'POST /p2p/orders/{id}/feedback/',
    id: 'p2pOrder',
    ask: post(
      (id) => `/p2p/orders/${id}/feedback/`,
      () => ({rating: 5}),
    ),
  },
  {name: 'GET /p2p/orders/{id}/messages/', id: 'p2pOrder', ask: get((id) => `/p2p/orders/${id}/messages/`)},
  {
    name: 'POST /p2p/orders/{id}/messages/',
    id: 'p2pOrder',
    ask: post(
      (id) => `/p2p/orders/${id}/messages/`,
      () => ({text: 'hello'}),
    ),
  },
  {
    name: 'GET /p2p/orders/{id}/files/{file}/ of another order',
    id: 'p2pOrder',
    ask: get((id) => `/p2p/orders/${id}/files/${ids['file']}/`),
  },
  {
    name: "GET /p2p/orders/{own}/files/{id}/ with another order's file",
    id: 'file',
    ask: get((id) => `/p2p/orders/${ids['ownP2pOrder']}/files/${id}/`),
  },
]

/** Status, code and the message with the id taken out. */
const shape = (response: RestResponse, id: string) => ({
  status: response.status,
  code: response.body?.error?.code,
  message: String(response.body?.error?.message).replaceAll(id, '<id>'),
})

for (const route of ROUTES) {
  test(`${route.name}: another account's id answers exactly as a random one`, async (t) => {
    const real = ids[route.id]!
    const random = randomUUID()
    const foreign = shape(await route.ask(real), real)
    t.is(foreign.status, 404, JSON.stringify(foreign))
    t.is(foreign.code, 'not_found')
    t.deepEqual(foreign, shape(await route.ask(random), random))
    t.notRegex(foreign.message, /another account|belongs/)
  })
}

test('the owner still reaches every one of them (the walk above named real resources)', async (t) => {
  const owner = (path: string) => bearer(node, alice.token, 'GET', path)
  for (const path of [
    `/balances/?balance_account_id=${ids['balanceAccount']}`,
    `/orders/${ids['order']}/`,
    `/deposits/${ids['deposit']}/`,
    `/withdrawals/${ids['withdrawal']}/`,
    `/p2p/orders/${ids['p2pOrder']}/`,
    `/p2p/orders/${ids['p2pOrder']}/messages/`,
    `/p2p/orders/${ids['p2pOrder']}/files/${ids['file']}/`,
  ]) {
    t.is((await owner(path)).status, 200, path)
  }
  t.is((await bearer(node, alice.token, 'PATCH', `/p2p/advertisements/${ids['ad']}/`, {price: '1.03'})).status, 200)
  t.true(
    node.services.apiKeys.list(alice.account.id).some((key) => key.id === ids['apiKey']),
    'the key is still there',
  )
})

test('a sub-account family keeps its access: a master reads and moves its sub-accounts’ funds; another master cannot', async (t) => {
  const sub = node.services.accounts.createSub(alice.account, uniqueEmail('sub'))
  const mine = await bearer(node, alice.token, 'GET', `/balances/?balance_account_id=${sub.fundingAccountId}`)
  t.is(mine.status, 200)
  t.true(mine.body.balances.every((balance: {balance_account_id: string}) => balance.balance_account_id === sub.fundingAccountId))
  const moved = await bearer(node, alice.token, 'POST', '/balances/transfer/', {
    from_balance_account_id: alice.account.fundingAccountId,
    to_balance_account_id: sub.fundingAccountId,
    asset: 'USDT',
    amount: '1',
  })
  t.is(moved.status, 200, JSON.stringify(moved.body))
  const foreign = shape(
    await bearer(node, mallory.token, 'GET', `/balances/?balance_account_id=${sub.fundingAccountId}`),
    sub.fundingAccountId,
  )
  t.deepEqual(foreign, {status: 404, code: 'not_found', message: 'balance account <id> not found'})
})

test('an act on the own order still works: the walk is not refusing everything', async (t) => {
  const response = await act(t, node, {account: alice.account, token: alice.token}, ids['ownP2pOrder']!, 'accept', 'ACCEPTED')
  t.is(response.status, 200)
})
