/**
 * Disputes through the AdminGateway: round-robin assignment among active arbitrators, the
 * p2p_dispute alert, list/read (with chat and files)/decide with RBAC, audited, and the ledger
 * effect of a buyer or a seller win.
 */
import test, {type ExecutionContext} from 'ava'
import type {TestNode} from '../../helpers/node.js'
import {adminOf, auditOf, gateway, type SignedIn} from '../../helpers/admin-gateway.js'
import {act, call, createAd, createOrder, funding, ledgerClean, p2pNode, testClock, user} from '../../helpers/p2p.js'

const clock = testClock()
let node: TestNode
let first: SignedIn
let second: SignedIn
let superadmin: SignedIn

test.before(async () => {
  node = await p2pNode(clock)
  first = await adminOf(node, 'arbitrator')
  second = await adminOf(node, 'arbitrator')
  superadmin = await adminOf(node, 'superadmin')
})
test.after.always(() => node?.close())

async function disputed(t: ExecutionContext) {
  const seller = await user(node, {USDT: '100'})
  const buyer = await user(node)
  const adId = await createAd(undefined, node, seller, {
    type: 'SELL',
    asset: 'USDT',
    fiat: 'USD',
    price_type: 'fixed',
    price: '1',
    min_amount: '1',
    max_amount: '100',
    total_amount: '100',
    payment_methods: ['bank_transfer'],
  })
  const orderId = await createOrder(undefined, node, buyer, adId, '40')
  await act(t, node, seller, orderId, 'accept', 'ACCEPTED')
  await act(t, node, buyer, orderId, 'pay', 'PAYMENT_COMPLETED', {payment_method: 'bank_transfer'})
  await call(node, buyer, 'POST', `/p2p/orders/${orderId}/messages/`, {text: 'I paid, here is the receipt'})
  await act(t, node, buyer, orderId, 'dispute', 'DISPUTE_DECISION_AWAITING', {reason: 'seller does not confirm'})
  const dispute = node.services.p2p.disputes.ofOrder(orderId)!
  const arbitrator = [first, second, superadmin].find(
    (admin) => node.services.admins.byEmail(admin.email).id === dispute.arbitratorId,
  )!
  return {seller, buyer, orderId, disputeId: dispute.id, arbitrator}
}

const other = (admin: SignedIn) => (admin === first ? second : first)

test.serial('round robin: consecutive disputes go to different arbitrators; each raises a p2p_dispute alert', async (t) => {
  const a = await disputed(t)
  const b = await disputed(t)
  t.not(a.arbitrator.email, b.arbitrator.email)
  t.true([first.email, second.email].includes(a.arbitrator.email))
  const alerts = node.services.alerts.list({}).filter((alert) => alert.type === 'p2p_dispute')
  const payloads = alerts.map((alert) => JSON.parse(alert.payload as unknown as string) as {dispute_id: string; order_id: string})
  t.true(payloads.some((payload) => payload.dispute_id === a.disputeId && payload.order_id === a.orderId))
  t.true(alerts.every((alert) => alert.severity === 'warning'))
})

test.serial(
  'buyer wins: the escrow goes to the buyer, SUCCESS; only the assigned arbitrator or a superadmin decides',
  async (t) => {
    const {seller, buyer, orderId, disputeId, arbitrator} = await disputed(t)
    const list = await gateway(node, 'GET', '/p2p/disputes/', {token: arbitrator.token})
    t.is(list.status, 200, list.text)
    t.true(list.body.disputes.some((dispute: {id: string}) => dispute.id === disputeId))
    const othersList = await gateway(node, 'GET', '/p2p/disputes/', {token: other(arbitrator).token})
    t.false(othersList.body.disputes.some((dispute: {id: string}) => dispute.id === disputeId))

    const read = await gateway(node, 'GET', `/p2p/disputes/${disputeId}`, {token: arbitrator.token})
    t.is(read.status, 200, read.text)
    t.is(read.body.reason, 'seller does not confirm')
    t.is(read.body.order.id, orderId)
    t.true(read.body.messages.some((message: {text: string}) => message.text === 'I paid, here is the receipt'))
    t.true(read.body.timeline.length >= 6)

    const denied = await gateway(node, 'POST', `/p2p/disputes/${disputeId}/decide`, {
      token: other(arbitrator).token,
      body: {winner: 'buyer', comment: 'x'},
    })
    t.is(denied.status, 403, denied.text)
    const operator = await adminOf(node, 'operator')
    const byOperator = await gateway(node, 'GET', `/p2p/disputes/${disputeId}`, {token: operator.token})
    t.is(byOperator.status, 403)
    const bad = await gateway(node, 'POST', `/p2p/disputes/${disputeId}/decide`, {
      token: arbitrator.token,
      body: {winner: 'both'},
    })
    t.is(bad.status, 400)

    const decided = await gateway(node, 'POST', `/p2p/disputes/${disputeId}/decide`, {
      token: arbitrator.token,
      body: {winner: 'buyer', comment: 'receipt matches the bank statement'},
    })
    t.is(decided.status, 200, decided.text)
    t.is(decided.body.status, 'decided')
    t.is(decided.body.winner, 'buyer')
    t.is(decided.body.order.status, 'SUCCESS')
    t.deepEqual(
      decided.body.timeline.slice(-2).map((entry: {status: string}) => entry.status),
      ['DISPUTE_DECIDED', 'SUCCESS'],
    )
    t.deepEqual(funding(node, buyer), {available: '40', locked: '0'})
    t.deepEqual(funding(node, seller), {available: '60', locked: '0'})
    const again = await gateway(node, 'POST', `/p2p/disputes/${disputeId}/decide`, {
      token: superadmin.token,
      body: {winner: 'seller'},
    })
    t.is(again.status, 409)
    const audit = await auditOf(node, arbitrator.email)
    t.true(audit.some((entry) => entry.action === 'p2p/disputes/decide' && entry.result === 'ok'))
    ledgerClean(t, node)
  },
)

test.serial('seller wins (decided by a superadmin): the escrow returns to the seller, CANCELLED', async (t) => {
  const {seller, buyer, orderId, disputeId} = await disputed(t)
  const decided = await gateway(node, 'POST', `/p2p/disputes/${disputeId}/decide/`, {
    token: superadmin.token,
    body: {winner: 'seller', comment: 'no payment arrived'},
  })
  t.is(decided.status, 200, decided.text)
  t.is(decided.body.order.status, 'CANCELLED')
  t.deepEqual(funding(node, seller), {available: '100', locked: '0'})
  t.deepEqual(funding(node, buyer), {available: '0', locked: '0'})
  const order = await call(node, buyer, 'GET', `/p2p/orders/${orderId}/`)
  t.deepEqual(
    order.body.history.map((entry: {status: string}) => entry.status),
    [
      'CREATED',
      'ACCEPTED',
      'PROCESSING',
      'PAYMENT_COMPLETED',
      'DISPUTE_START',
      'DISPUTE_DECISION_AWAITING',
      'DISPUTE_DECIDED',
      'CANCELLED',
    ],
  )
  ledgerClean(t, node)
})
