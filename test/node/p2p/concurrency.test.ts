/**
 * Simultaneous requests on one order or one ad end in exactly one outcome: many confirms racing
 * disputes, cancels racing pays, many takers on the last amount of an ad; the ledger stays clean.
 */
import test from 'ava'
import type {TestNode} from '../../helpers/node.js'
import {adminOf} from '../../helpers/admin-gateway.js'
import {act, call, createAd, createOrder, funding, ledgerClean, p2pNode, testClock, user} from '../../helpers/p2p.js'

const clock = testClock()
let node: TestNode

test.before(async () => {
  node = await p2pNode(clock)
  await adminOf(node, 'arbitrator')
})
test.after.always(() => node?.close())

const ad = (total: string) => ({
  type: 'SELL',
  asset: 'USDT',
  fiat: 'USD',
  price_type: 'fixed',
  price: '1',
  min_amount: '1',
  max_amount: '1000',
  total_amount: total,
  payment_methods: ['card'],
})

test.serial('confirm racing dispute on one order: exactly one wins', async (t) => {
  const seller = await user(node, {USDT: '100'})
  const buyer = await user(node)
  const adId = await createAd(undefined, node, seller, ad('100'))
  const orderId = await createOrder(undefined, node, buyer, adId, '100')
  await act(t, node, seller, orderId, 'accept', 'ACCEPTED')
  await act(t, node, buyer, orderId, 'pay', 'PAYMENT_COMPLETED', {payment_method: 'card'})
  const responses = await Promise.all(
    Array.from({length: 20}, (_, i) =>
      i % 2 === 0
        ? call(node, seller, 'POST', `/p2p/orders/${orderId}/confirm/`)
        : call(node, buyer, 'POST', `/p2p/orders/${orderId}/dispute/`, {reason: 'race'}),
    ),
  )
  t.is(responses.filter((response) => response.status === 200).length, 1)
  t.true(responses.filter((response) => response.status !== 200).every((response) => response.status === 409))
  const final = (await call(node, buyer, 'GET', `/p2p/orders/${orderId}/`)).body.status
  t.true(['SUCCESS', 'DISPUTE_DECISION_AWAITING'].includes(final))
  const total =
    BigInt(funding(node, seller).locked === '100' ? 100 : 0) + BigInt(funding(node, buyer).available === '100' ? 100 : 0)
  t.is(total, 100n, 'the 100 are either still held or with the buyer, never both')
  ledgerClean(t, node)
})

test.serial('cancel racing pay on one order: exactly one wins', async (t) => {
  const seller = await user(node, {USDT: '100'})
  const buyer = await user(node)
  const adId = await createAd(undefined, node, seller, ad('100'))
  const orderId = await createOrder(undefined, node, buyer, adId, '50')
  await act(t, node, seller, orderId, 'accept', 'ACCEPTED')
  const responses = await Promise.all(
    Array.from({length: 20}, (_, i) =>
      call(node, buyer, 'POST', `/p2p/orders/${orderId}/${i % 2 === 0 ? 'cancel' : 'pay'}/`, {payment_method: 'card'}),
    ),
  )
  t.is(responses.filter((response) => response.status === 200).length, 1)
  const final = (await call(node, buyer, 'GET', `/p2p/orders/${orderId}/`)).body
  t.true(['CANCELLED', 'PAYMENT_COMPLETED'].includes(final.status))
  t.deepEqual(
    funding(node, seller),
    final.status === 'CANCELLED' ? {available: '100', locked: '0'} : {available: '50', locked: '50'},
  )
  ledgerClean(t, node)
})

test.serial('many takers on the last amount of an ad: exactly one order is created', async (t) => {
  const seller = await user(node, {USDT: '1000'})
  const adId = await createAd(undefined, node, seller, ad('100'))
  const takers = await Promise.all(Array.from({length: 12}, () => user(node)))
  const responses = await Promise.all(
    takers.map((taker) => call(node, taker, 'POST', '/p2p/orders/', {advertisement_id: adId, amount: '100'})),
  )
  t.is(responses.filter((response) => response.status === 200).length, 1)
  t.true(responses.filter((response) => response.status !== 200).every((response) => response.status === 400))
  t.deepEqual(funding(node, seller), {available: '900', locked: '100'})
  t.is((await call(node, takers[0]!, 'GET', `/p2p/advertisements/${adId}/`)).body.remaining_amount, '0')
  ledgerClean(t, node)
})
