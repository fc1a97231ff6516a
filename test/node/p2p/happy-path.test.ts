import test from 'ava'
import type {TestNode} from '../../helpers/node.js'
import {
  act,
  buyAd,
  call,
  createAd,
  createOrder,
  funding,
  ledgerClean,
  p2pNode,
  sellAd,
  testClock,
  user,
} from '../../helpers/p2p.js'

const clock = testClock()
let node: TestNode

test.before(async () => {
  node = await p2pNode(clock)
})
test.after.always(() => node?.close())

test('SELL ad: create → accept → pay → confirm moves the escrow to the buyer, history keeps every state', async (t) => {
  const seller = await user(node, {USDT: '1000'})
  const buyer = await user(node)
  await call(node, seller, 'POST', '/p2p/me/payment-methods/', {payment_method: 'bank_transfer', details: 'IBAN DE00 1234'})
  const adId = await createAd(t, node, seller)
  const orderId = await createOrder(t, node, buyer, adId, '100')
  t.deepEqual(funding(node, seller), {available: '900', locked: '100'})

  const created = await call(node, buyer, 'GET', `/p2p/orders/${orderId}/`)
  t.is(created.body.side, 'buy')
  t.is(created.body.fiat_amount, '102')
  t.is(created.body.seller_payment_details, undefined, 'details are shown only after ACCEPTED')

  await act(t, node, seller, orderId, 'accept', 'ACCEPTED')
  const accepted = await call(node, buyer, 'GET', `/p2p/orders/${orderId}`)
  t.deepEqual(accepted.body.seller_payment_details, [{payment_method: 'bank_transfer', details: 'IBAN DE00 1234'}])
  await act(t, node, buyer, orderId, 'pay', 'PAYMENT_COMPLETED', {payment_method: 'bank_transfer'})
  const done = await act(t, node, seller, orderId, 'confirm', 'SUCCESS')
  t.deepEqual(
    done.body.history.map((entry: {status: string}) => entry.status),
    ['CREATED', 'ACCEPTED', 'PROCESSING', 'PAYMENT_COMPLETED', 'PAYMENT_CONFIRMED', 'SUCCESS'],
  )
  t.true(done.body.history.every((entry: {at: string; by: string}) => entry.at.endsWith('Z') && entry.by.length > 0))
  t.deepEqual(funding(node, seller), {available: '900', locked: '0'})
  t.deepEqual(funding(node, buyer), {available: '100', locked: '0'})

  const messages = await call(node, buyer, 'GET', `/p2p/orders/${orderId}/messages/`)
  t.true(messages.body.messages.filter((m: {kind: string}) => m.kind === 'system').length >= 6)

  const ad = await call(node, buyer, 'GET', `/p2p/advertisements/${adId}/`)
  t.is(ad.body.remaining_amount, '400')
  ledgerClean(t, node)
})

test('BUY ad: the taker is the seller; its funds are held and go to the maker on confirm', async (t) => {
  const maker = await user(node)
  const taker = await user(node, {USDT: '300'})
  const adId = await createAd(t, node, maker, buyAd)
  const orderId = await createOrder(t, node, taker, adId, '50')
  t.deepEqual(funding(node, taker), {available: '250', locked: '50'})
  const order = await call(node, taker, 'GET', `/p2p/orders/${orderId}/`)
  t.is(order.body.side, 'sell')
  t.is(order.body.seller_id, taker.account.id)
  t.is(order.body.buyer_id, maker.account.id)
  // The maker accepts, pays as the buyer; the taker confirms as the seller.
  await act(t, node, maker, orderId, 'accept', 'ACCEPTED')
  await act(t, node, maker, orderId, 'pay', 'PAYMENT_COMPLETED', {payment_method: 'card'})
  await act(t, node, taker, orderId, 'confirm', 'SUCCESS')
  t.deepEqual(funding(node, taker), {available: '250', locked: '0'})
  t.deepEqual(funding(node, maker), {available: '50', locked: '0'})

  const feedback = await call(node, maker, 'POST', `/p2p/orders/${orderId}/feedback/`, {rating: 5, comment: 'fast'})
  t.is(feedback.status, 200, JSON.stringify(feedback.body))
  const again = await call(node, maker, 'POST', `/p2p/orders/${orderId}/feedback/`, {rating: 4})
  t.is(again.status, 409)
  const profile = await call(node, maker, 'GET', `/p2p/users/${taker.account.id}/`)
  t.is(profile.body.completed_orders, 1)
  t.is(profile.body.rating.count, 1)
  t.is(profile.body.rating.average, '5')
  ledgerClean(t, node)
})

test('ads: listed best price first, filtered by amount; sell ads offer no more than the maker holds', async (t) => {
  const cheap = await user(node, {BTC: '1'})
  const dear = await user(node, {BTC: '1'})
  const taker = await user(node)
  const base = {...sellAd, asset: 'BTC', fiat: 'EUR', total_amount: '2', min_amount: '100', max_amount: '50000'}
  const dearId = await createAd(t, node, dear, {...base, price: '60000'})
  const cheapId = await createAd(t, node, cheap, {...base, price: '59000'})
  const list = await call(node, taker, 'GET', '/p2p/advertisements/?type=SELL&asset=BTC&fiat=EUR')
  t.deepEqual(
    list.body.advertisements.map((ad: {id: string}) => ad.id),
    [cheapId, dearId],
  )
  t.is(list.body.advertisements[0].available_amount, '1', 'total 2 but the maker holds 1')
  const filtered = await call(node, taker, 'GET', '/p2p/advertisements/?type=SELL&asset=BTC&fiat=EUR&amount=70000')
  t.deepEqual(filtered.body.advertisements, [])
  const paused = await call(node, cheap, 'PATCH', `/p2p/advertisements/${cheapId}/`, {status: 'paused'})
  t.is(paused.body.status, 'paused')
  const after = await call(node, taker, 'GET', '/p2p/advertisements/?type=SELL&asset=BTC&fiat=EUR')
  t.deepEqual(
    after.body.advertisements.map((ad: {id: string}) => ad.id),
    [dearId],
  )
  // The maker finds the paused ad again among its own, beside the active one it posted since.
  const cheapSecondId = await createAd(t, node, cheap, {...base, price: '59500'})
  const mine = await call(node, cheap, 'GET', '/p2p/me/advertisements/')
  t.deepEqual(
    mine.body.advertisements.map((ad: {id: string; status: string}) => [ad.id, ad.status]),
    [
      [cheapSecondId, 'active'],
      [cheapId, 'paused'],
    ],
    'newest first, paused included',
  )
  const theirs = await call(node, dear, 'GET', '/p2p/me/advertisements/')
  t.deepEqual(
    theirs.body.advertisements.map((ad: {id: string}) => ad.id),
    [dearId],
    "another maker's ads are not among mine",
  )
  await call(node, cheap, 'DELETE', `/p2p/advertisements/${cheapSecondId}/`)
  const resumed = await call(node, cheap, 'PATCH', `/p2p/advertisements/${cheapId}`, {
    status: 'active',
    price: '61000',
    max_amount: '40000',
  })
  t.is(resumed.status, 200, JSON.stringify(resumed.body))
  t.is(resumed.body.price, '61000')
  t.is(resumed.body.max_amount, '40000')
  const resorted = await call(node, taker, 'GET', '/p2p/advertisements/?type=SELL&asset=BTC&fiat=EUR')
  t.deepEqual(
    resorted.body.advertisements.map((ad: {id: string}) => ad.id),
    [dearId, cheapId],
    'the now dearer ad comes second',
  )
  const bad = await call(node, cheap, 'PATCH', `/p2p/advertisements/${cheapId}/`, {min_amount: '50000'})
  t.is(bad.status, 400, 'min above max')
  const deleted = await call(node, cheap, 'DELETE', `/p2p/advertisements/${cheapId}/`)
  t.is(deleted.body.status, 'deleted')
  t.is((await call(node, taker, 'GET', `/p2p/advertisements/${cheapId}/`)).status, 404)
  t.deepEqual((await call(node, cheap, 'GET', '/p2p/me/advertisements/')).body.advertisements, [], 'deleted ads are gone')
})

test('BUY ads are listed highest price first (best for the seller who takes them)', async (t) => {
  const low = await user(node)
  const high = await user(node)
  const taker = await user(node)
  const base = {...buyAd, asset: 'ETH', fiat: 'GBP', total_amount: '3', min_amount: '10', max_amount: '10000'}
  const lowId = await createAd(t, node, low, {...base, price: '2000'})
  const highId = await createAd(t, node, high, {...base, price: '2100'})
  const list = await call(node, taker, 'GET', '/p2p/advertisements/?type=BUY&asset=ETH&fiat=GBP&payment_method=card')
  t.deepEqual(
    list.body.advertisements.map((ad: {id: string}) => ad.id),
    [highId, lowId],
  )
  t.is(list.body.advertisements[0].available_amount, '3', 'a BUY ad needs no funds from its maker')
})
