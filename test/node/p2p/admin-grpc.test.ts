/** P2PService over the real admin gRPC API: registry, reference rates (a floating ad follows them), orders, disputes. */
import test from 'ava'
import {rpcError, type TestNode} from '../../helpers/node.js'
import {act, call, createAd, createOrder, funding, ledgerClean, p2pNode, testClock, user} from '../../helpers/p2p.js'

const clock = testClock()
let node: TestNode

test.before(async () => {
  node = await p2pNode(clock)
})
test.after.always(() => node?.close())

test.serial('payment methods and reference rates; a floating ad is priced from the reference', async (t) => {
  const added = await node.admin.call('P2PService', 'AddPaymentMethod', {
    id: 'sepa',
    name: 'SEPA transfer',
    kind: 'bank_transfer',
  })
  t.deepEqual(added, {payment_method: {id: 'sepa', name: 'SEPA transfer', kind: 'bank_transfer'}})
  const duplicate = await rpcError(node.admin.call('P2PService', 'AddPaymentMethod', {id: 'sepa', name: 'x', kind: 'other'}))
  t.is(duplicate.errorCode, 'already_exists')
  const methods = (await node.admin.call('P2PService', 'ListPaymentMethods', {})) as {payment_methods: {id: string}[]}
  t.true(methods.payment_methods.some((method) => method.id === 'sepa'))

  const maker = await user(node, {BTC: '1'})
  const noRate = await call(node, maker, 'POST', '/p2p/advertisements/', {
    type: 'SELL',
    asset: 'BTC',
    fiat: 'EUR',
    price_type: 'floating',
    premium_pct: '2',
    min_amount: '10',
    max_amount: '100000',
    total_amount: '1',
    payment_methods: ['sepa'],
  })
  t.is(noRate.status, 409, 'no reference rate yet')
  await node.admin.call('P2PService', 'SetReferenceRate', {asset: 'BTC', fiat: 'EUR', rate: '50000'})
  const rates = (await node.admin.call('P2PService', 'ListReferenceRates', {})) as {rates: {asset: string; rate: string}[]}
  t.deepEqual(
    rates.rates.map((rate) => [rate.asset, rate.rate]),
    [['BTC', '50000']],
  )
  const adId = await createAd(undefined, node, maker, {
    type: 'SELL',
    asset: 'BTC',
    fiat: 'EUR',
    price_type: 'floating',
    premium_pct: '2',
    min_amount: '10',
    max_amount: '100000',
    total_amount: '1',
    payment_methods: ['sepa'],
  })
  const ad = await call(node, maker, 'GET', `/p2p/advertisements/${adId}/`)
  t.is(ad.body.price, '51000')
  await node.admin.call('P2PService', 'SetReferenceRate', {asset: 'BTC', fiat: 'EUR', rate: '40000'})
  t.is((await call(node, maker, 'GET', `/p2p/advertisements/${adId}/`)).body.price, '40800')
  const bad = await rpcError(node.admin.call('P2PService', 'SetReferenceRate', {asset: 'BTC', fiat: 'euro', rate: '1'}))
  t.is(bad.errorCode, 'invalid_argument')
})

test.serial('orders and disputes: list, show, decide as the operator', async (t) => {
  await node.admin.call('AdminsService', 'CreateAdmin', {
    email: 'arb@example.com',
    password: 'admin password 1234',
    role: 'arbitrator',
  })
  const seller = await user(node, {USDT: '100'})
  const buyer = await user(node)
  const adId = await createAd(undefined, node, seller)
  const orderId = await createOrder(undefined, node, buyer, adId, '30')
  await act(t, node, seller, orderId, 'accept', 'ACCEPTED')
  await act(t, node, buyer, orderId, 'pay', 'PAYMENT_COMPLETED', {payment_method: 'card'})
  await act(t, node, seller, orderId, 'dispute', 'DISPUTE_DECISION_AWAITING', {reason: 'chargeback risk'})

  const list = (await node.admin.call('P2PService', 'ListP2POrders', {account_id: buyer.account.id})) as {orders: {id: string}[]}
  t.deepEqual(
    list.orders.map((order) => order.id),
    [orderId],
  )
  const shown = (await node.admin.call('P2PService', 'GetP2POrder', {order_id: orderId})) as {
    order: {status: string; history: unknown[]}
    messages: unknown[]
  }
  t.is(shown.order.status, 'DISPUTE_DECISION_AWAITING')
  t.true(shown.messages.length >= 5)
  const disputes = (await node.admin.call('P2PService', 'ListDisputes', {status: 'assigned'})) as {disputes: {id: string}[]}
  t.is(disputes.disputes.length, 1)
  const disputeId = disputes.disputes[0]!.id
  const got = (await node.admin.call('P2PService', 'GetDispute', {dispute_id: disputeId})) as {dispute: {reason: string}}
  t.is(got.dispute.reason, 'chargeback risk')
  const decided = (await node.admin.call('P2PService', 'DecideDispute', {
    dispute_id: disputeId,
    winner: 'seller',
    comment: 'ok',
  })) as {
    order: {status: string}
    dispute: {winner: string}
  }
  t.is(decided.order.status, 'CANCELLED')
  t.is(decided.dispute.winner, 'seller')
  t.deepEqual(funding(node, seller), {available: '100', locked: '0'})
  const again = await rpcError(node.admin.call('P2PService', 'DecideDispute', {dispute_id: disputeId, winner: 'buyer'}))
  t.is(again.errorCode, 'invalid_state')
  ledgerClean(t, node)
})
