/**
 * The durable P2P timers, driven by an injected clock (no sleeps): acceptance (CREATED →
 * CANCELLED), the ad's payment window (ACCEPTED → CANCELLED), seller confirmation
 * (PAYMENT_COMPLETED → DISPUTE_START, reason seller_timeout), and a deadline that passes while
 * the node is down fires when a node starts again on the same data dir.
 */
import fs from 'node:fs'
import test from 'ava'
import {startTestNode, tempDir, type TestNode} from '../../helpers/node.js'
import {DEFAULT_CONFIG} from '../../../src/node/ground/config.js'
import {adminOf} from '../../helpers/admin-gateway.js'
import {
  MINUTE,
  act,
  call,
  createAd,
  createOrder,
  funding,
  ledgerClean,
  p2pNode,
  testClock,
  user,
  type User,
} from '../../helpers/p2p.js'

const clock = testClock()
let node: TestNode
let seller: User
let buyer: User
let adId: string

test.before(async () => {
  node = await p2pNode(clock, {
    p2p: {clock: () => clock.now, timerTickMs: 3_600_000, acceptanceMinutes: 15, confirmationMinutes: 30},
  })
  await adminOf(node, 'arbitrator')
  seller = await user(node, {USDT: '1000'})
  buyer = await user(node)
  adId = await createAd(undefined, node, seller, {
    type: 'SELL',
    asset: 'USDT',
    fiat: 'USD',
    price_type: 'fixed',
    price: '1',
    min_amount: '1',
    max_amount: '1000',
    total_amount: '1000',
    payment_methods: ['bank_transfer'],
    payment_window_minutes: 20,
  })
})
test.after.always(() => node?.close())

const statusOf = async (id: string) => (await call(node, buyer, 'GET', `/p2p/orders/${id}/`)).body

test.serial('acceptance timeout: CREATED is cancelled by the timer after 15 minutes, escrow released', async (t) => {
  const id = await createOrder(undefined, node, buyer, adId, '10')
  const created = await statusOf(id)
  t.is(created.expires_at, new Date(clock.now + 15 * MINUTE).toISOString())
  clock.advance(15 * MINUTE - 1)
  node.services.p2p.scheduler.fireDue()
  t.is((await statusOf(id)).status, 'CREATED', 'not due yet')
  clock.advance(1)
  node.services.p2p.scheduler.fireDue()
  const order = await statusOf(id)
  t.is(order.status, 'CANCELLED')
  t.is(order.history.at(-1).by, 'timer')
  t.is(order.expires_at, null)
  t.deepEqual(funding(node, seller), {available: '1000', locked: '0'})
  ledgerClean(t, node)
})

test.serial("payment window: ACCEPTED is cancelled when the ad's window (20 min) passes", async (t) => {
  const id = await createOrder(undefined, node, buyer, adId, '10')
  clock.advance(5 * MINUTE)
  await act(t, node, seller, id, 'accept', 'ACCEPTED')
  clock.advance(20 * MINUTE - 1)
  node.services.p2p.scheduler.fireDue()
  t.is((await statusOf(id)).status, 'ACCEPTED')
  clock.advance(1)
  node.services.p2p.scheduler.fireDue()
  t.is((await statusOf(id)).status, 'CANCELLED')
  t.deepEqual(funding(node, seller), {available: '1000', locked: '0'})
})

test.serial('seller confirmation: PAYMENT_COMPLETED opens a dispute (seller_timeout) after 30 minutes', async (t) => {
  const id = await createOrder(undefined, node, buyer, adId, '10')
  await act(t, node, seller, id, 'accept', 'ACCEPTED')
  await act(t, node, buyer, id, 'pay', 'PAYMENT_COMPLETED', {payment_method: 'bank_transfer'})
  clock.advance(30 * MINUTE)
  node.services.p2p.scheduler.fireDue()
  const order = await statusOf(id)
  t.is(order.status, 'DISPUTE_DECISION_AWAITING')
  t.deepEqual(
    order.history.slice(-2).map((entry: {status: string; by: string}) => [entry.status, entry.by]),
    [
      ['DISPUTE_START', 'timer'],
      ['DISPUTE_DECISION_AWAITING', 'p2p'],
    ],
  )
  t.is(node.services.p2p.disputes.ofOrder(id)?.reason, 'seller_timeout')
  t.deepEqual(funding(node, seller), {available: '990', locked: '10'}, 'the escrow stays held during the dispute')
  ledgerClean(t, node)
})

test.serial('a deadline that passes while the node is down fires when it starts again on the same data dir', async (t) => {
  const dataDir = tempDir()
  const restartClock = testClock(clock.now)
  const config = {
    dataDir,
    rateLimits: {...DEFAULT_CONFIG.rateLimits, internal: 100_000},
    p2p: {clock: () => restartClock.now, timerTickMs: 3_600_000},
  }
  const first = await startTestNode(config)
  const maker = await user(first, {USDT: '50'})
  const taker = await user(first)
  const ad = await createAd(undefined, first, maker, {
    type: 'SELL',
    asset: 'USDT',
    fiat: 'USD',
    price_type: 'fixed',
    price: '1',
    min_amount: '1',
    max_amount: '50',
    total_amount: '50',
    payment_methods: ['card'],
  })
  const created = await createOrder(undefined, first, taker, ad, '20')
  const accepted = await createOrder(undefined, first, taker, ad, '5')
  await act(t, first, maker, accepted, 'accept', 'ACCEPTED')
  await first.stop()

  restartClock.advance(60 * MINUTE)
  const second = await startTestNode(config)
  try {
    const status = async (id: string) => (await call(second, taker, 'GET', `/p2p/orders/${id}/`)).body.status
    t.is(await status(created), 'CANCELLED')
    t.is(await status(accepted), 'CANCELLED')
    t.deepEqual(funding(second, maker), {available: '50', locked: '0'})
    ledgerClean(t, second)
  } finally {
    await second.close()
    fs.rmSync(dataDir, {recursive: true, force: true})
  }
})
