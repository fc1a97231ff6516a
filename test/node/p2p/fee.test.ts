/** A configured per-asset taker fee goes to the fee account: paid by a buyer-taker from what it receives, held on top for a seller-taker. */
import test from 'ava'
import type {TestNode} from '../../helpers/node.js'
import {act, buyAd, createAd, createOrder, funding, ledgerClean, p2pNode, sellAd, testClock, user} from '../../helpers/p2p.js'

const clock = testClock()
let node: TestNode

test.before(async () => {
  node = await p2pNode(clock, {p2p: {clock: () => clock.now, timerTickMs: 3_600_000, takerFees: {USDT: '0.01'}}})
})
test.after.always(() => node?.close())

const feeBalance = () => node.services.ledger.balance(node.services.ledger.systemAccount('fee'), 'USDT').available

test.serial('buyer-taker on a SELL ad pays 1% of the crypto it receives', async (t) => {
  const seller = await user(node, {USDT: '200'})
  const buyer = await user(node)
  const before = feeBalance()
  const orderId = await createOrder(undefined, node, buyer, await createAd(undefined, node, seller, sellAd), '100')
  t.deepEqual(funding(node, seller), {available: '100', locked: '100'})
  await act(t, node, seller, orderId, 'accept', 'ACCEPTED')
  await act(t, node, buyer, orderId, 'pay', 'PAYMENT_COMPLETED', {payment_method: 'card'})
  const done = await act(t, node, seller, orderId, 'confirm', 'SUCCESS')
  t.is(done.body.fee, '1')
  t.deepEqual(funding(node, buyer), {available: '99', locked: '0'})
  t.deepEqual(funding(node, seller), {available: '100', locked: '0'})
  t.is(feeBalance() - before, 1_000_000n)
  ledgerClean(t, node)
})

test.serial('seller-taker on a BUY ad has amount + fee held; a cancel releases both', async (t) => {
  const maker = await user(node)
  const taker = await user(node, {USDT: '200'})
  const adId = await createAd(undefined, node, maker, buyAd)
  const cancelled = await createOrder(undefined, node, taker, adId, '100')
  t.deepEqual(funding(node, taker), {available: '99', locked: '101'})
  await act(t, node, maker, cancelled, 'cancel', 'CANCELLED')
  t.deepEqual(funding(node, taker), {available: '200', locked: '0'})
  const orderId = await createOrder(undefined, node, taker, adId, '100')
  await act(t, node, maker, orderId, 'accept', 'ACCEPTED')
  await act(t, node, maker, orderId, 'pay', 'PAYMENT_COMPLETED', {payment_method: 'card'})
  await act(t, node, taker, orderId, 'confirm', 'SUCCESS')
  t.deepEqual(funding(node, maker), {available: '100', locked: '0'})
  t.deepEqual(funding(node, taker), {available: '99', locked: '0'})
  ledgerClean(t, node)
})
