/**
 * Every transition of the spec's P2P order table over HTTP, and a refused example of every action
 * the state or the caller's role does not allow (409 invalid_state / 403 permission_denied).
 */
import test from 'ava'
import type {TestNode} from '../../helpers/node.js'
import {assertError} from '../../helpers/rest.js'
import {adminOf} from '../../helpers/admin-gateway.js'
import {isPath, type P2PStatus} from '../../../src/node/p2p/states.js'
import {act, call, createAd, createOrder, funding, ledgerClean, p2pNode, testClock, user, type User} from '../../helpers/p2p.js'

const clock = testClock()
let node: TestNode
let seller: User
let buyer: User
let adId: string

test.before(async () => {
  node = await p2pNode(clock)
  await adminOf(node, 'arbitrator')
  seller = await user(node, {USDT: '100000'})
  buyer = await user(node)
  adId = await createAd(undefined, node, seller, {
    type: 'SELL',
    asset: 'USDT',
    fiat: 'USD',
    price_type: 'fixed',
    price: '1',
    min_amount: '1',
    max_amount: '100000',
    total_amount: '100000',
    payment_methods: ['bank_transfer'],
  })
})
test.after.always(() => node?.close())

type Action = 'accept' | 'reject' | 'cancel' | 'pay' | 'confirm' | 'dispute'

/** Who may do each action on a SELL ad's order (maker = seller, taker = buyer). */
const actorOf = (action: Action): User => (['accept', 'reject', 'confirm'].includes(action) ? seller : buyer)
const bodyOf = (action: Action) =>
  action === 'pay' ? {payment_method: 'bank_transfer'} : action === 'dispute' ? {reason: 'no payment arrived'} : {}

/** The path from CREATED to each reachable state, as actions. */
const ROUTES: Partial<Record<P2PStatus, Action[]>> = {
  CREATED: [],
  ACCEPTED: ['accept'],
  PAYMENT_COMPLETED: ['accept', 'pay'],
  SUCCESS: ['accept', 'pay', 'confirm'],
  REJECTED: ['reject'],
  CANCELLED: ['cancel'],
  DISPUTE_DECISION_AWAITING: ['accept', 'pay', 'dispute'],
}

const ALLOWED: Partial<Record<P2PStatus, Action[]>> = {
  CREATED: ['accept', 'reject', 'cancel'],
  ACCEPTED: ['pay', 'cancel'],
  PAYMENT_COMPLETED: ['confirm', 'dispute'],
}

async function orderIn(status: P2PStatus): Promise<string> {
  const id = await createOrder(undefined, node, buyer, adId, '10')
  for (const action of ROUTES[status]!) {
    const response = await call(node, actorOf(action), 'POST', `/p2p/orders/${id}/${action}/`, bodyOf(action))
    if (response.status !== 200) throw new Error(`${action}: ${JSON.stringify(response.body)}`)
  }
  return id
}

for (const [status, route] of Object.entries(ROUTES) as [P2PStatus, Action[]][]) {
  test.serial(`from ${status}: every action the table does not allow is 409 invalid_state`, async (t) => {
    const id = await orderIn(status)
    const order = await call(node, buyer, 'GET', `/p2p/orders/${id}/`)
    t.is(order.body.status, status)
    for (const action of ['accept', 'reject', 'cancel', 'pay', 'confirm', 'dispute'] as Action[]) {
      if (ALLOWED[status]?.includes(action)) continue
      const response = await call(node, actorOf(action), 'POST', `/p2p/orders/${id}/${action}/`, bodyOf(action))
      assertError(t, response, 409, 'invalid_state')
    }
    const after = await call(node, buyer, 'GET', `/p2p/orders/${id}/`)
    t.is(after.body.status, status, 'a refused action changes nothing')
    t.true(isPath(after.body.history.map((entry: {status: P2PStatus}) => entry.status)))
    t.is(
      after.body.history.length,
      status === 'DISPUTE_DECISION_AWAITING'
        ? 6
        : route.length + (status === 'PAYMENT_COMPLETED' || status === 'SUCCESS' ? 2 : 1) + (status === 'SUCCESS' ? 1 : 0),
    )
  })
}

test.serial('each legal transition from CREATED, ACCEPTED and PAYMENT_COMPLETED', async (t) => {
  await act(t, node, seller, await orderIn('CREATED'), 'accept', 'ACCEPTED')
  await act(t, node, seller, await orderIn('CREATED'), 'reject', 'REJECTED')
  await act(t, node, buyer, await orderIn('CREATED'), 'cancel', 'CANCELLED')
  await act(t, node, buyer, await orderIn('ACCEPTED'), 'pay', 'PAYMENT_COMPLETED', {payment_method: 'bank_transfer'})
  await act(t, node, buyer, await orderIn('ACCEPTED'), 'cancel', 'CANCELLED')
  await act(t, node, seller, await orderIn('PAYMENT_COMPLETED'), 'confirm', 'SUCCESS')
  const disputed = await act(t, node, seller, await orderIn('PAYMENT_COMPLETED'), 'dispute', 'DISPUTE_DECISION_AWAITING', {
    reason: 'x',
  })
  t.deepEqual(disputed.body.history.map((entry: {status: string}) => entry.status).slice(-2), [
    'DISPUTE_START',
    'DISPUTE_DECISION_AWAITING',
  ])
  ledgerClean(t, node)
})

test.serial('roles: only the maker accepts or rejects, only the buyer cancels and pays, only the seller confirms', async (t) => {
  const created = await orderIn('CREATED')
  assertError(t, await call(node, buyer, 'POST', `/p2p/orders/${created}/accept/`), 403, 'permission_denied')
  assertError(t, await call(node, buyer, 'POST', `/p2p/orders/${created}/reject/`), 403, 'permission_denied')
  assertError(t, await call(node, seller, 'POST', `/p2p/orders/${created}/cancel/`), 403, 'permission_denied')
  const accepted = await orderIn('ACCEPTED')
  assertError(
    t,
    await call(node, seller, 'POST', `/p2p/orders/${accepted}/pay/`, {payment_method: 'bank_transfer'}),
    403,
    'permission_denied',
  )
  const paid = await orderIn('PAYMENT_COMPLETED')
  assertError(t, await call(node, buyer, 'POST', `/p2p/orders/${paid}/confirm/`), 403, 'permission_denied')
  const stranger = await user(node)
  assertError(t, await call(node, stranger, 'GET', `/p2p/orders/${paid}/`), 404, 'not_found')
  assertError(t, await call(node, stranger, 'POST', `/p2p/orders/${paid}/dispute/`, {reason: 'x'}), 404, 'not_found')
})

test.serial('orders: own ad, limits, remaining amount, restricted and blocked takers are refused', async (t) => {
  assertError(
    t,
    await call(node, seller, 'POST', '/p2p/orders/', {advertisement_id: adId, amount: '5'}),
    403,
    'permission_denied',
  )
  assertError(
    t,
    await call(node, buyer, 'POST', '/p2p/orders/', {advertisement_id: adId, amount: '0.5'}),
    400,
    'invalid_argument',
  )
  assertError(t, await call(node, buyer, 'POST', '/p2p/orders/', {advertisement_id: adId, amount: 5}), 400, 'invalid_argument')
  const poor = await user(node, {USDT: '20'})
  const small = await createAd(t, node, poor, {
    type: 'SELL',
    asset: 'USDT',
    fiat: 'USD',
    price_type: 'fixed',
    price: '1',
    min_amount: '1',
    max_amount: '100',
    total_amount: '30',
    payment_methods: ['card'],
  })
  assertError(
    t,
    await call(node, buyer, 'POST', '/p2p/orders/', {advertisement_id: small, amount: '31'}),
    400,
    'invalid_argument',
  )
  assertError(
    t,
    await call(node, buyer, 'POST', '/p2p/orders/', {advertisement_id: small, amount: '25'}),
    400,
    'insufficient_funds',
  )
  t.deepEqual(funding(node, poor), {available: '20', locked: '0'})
  const byFiat = await call(node, buyer, 'POST', '/p2p/orders/', {advertisement_id: small, fiat_amount: '12.5'})
  t.is(byFiat.body.amount, '12.5')
  assertError(t, await call(node, poor, 'DELETE', `/p2p/advertisements/${small}/`), 409, 'invalid_state')

  const restricted = await user(node)
  node.services.accounts.changeStatus(restricted.account.email, 'restricted', 'test')
  assertError(
    t,
    await call(node, restricted, 'POST', '/p2p/orders/', {advertisement_id: adId, amount: '5'}),
    403,
    'account_restricted',
  )
  const blocked = await user(node)
  node.services.accounts.changeStatus(blocked.account.email, 'blocked', 'test')
  assertError(t, await call(node, blocked, 'POST', '/p2p/orders/', {advertisement_id: adId, amount: '5'}), 403, 'account_blocked')
})
