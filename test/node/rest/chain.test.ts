/**
 * The user endpoints (docs/blockchain.md "User endpoints") over real HTTP and WebSocket, with a real EVM node (anvil)
 * behind the node: GET /deposits/address/, GET /deposits/, POST /withdrawals/ (API key with
 * `withdraw`, idempotent by client_withdrawal_id), GET /withdrawals/ and /withdrawals/{id}/, and the
 * `balance_update` event on the user stream when a deposit is credited.
 */
import anyTest, {type TestFn} from 'ava'
import {parseEther} from 'ethers'
import {ledgerOk, sendEth, startEvmWorld, type EvmWorld} from '../../helpers/evm-node.js'
import {assertError, bearer, freshTimestamp, signed, trader, type Trader} from '../../helpers/rest.js'
import {connect, ORDERS_PATH, signedQuery, wsUrl} from '../../helpers/ws-clients.js'

const test = anyTest as TestFn<{world: EvmWorld; alice: Trader; bob: Trader}>

const EXTERNAL = '0x000000000000000000000000000000000000dEaD'

test.before(async (t) => {
  const world = await startEvmWorld({confirmations: 2})
  const alice = await trader(world.node, {}, ['read', 'trade', 'withdraw'])
  const bob = await trader(world.node, {}, ['read', 'trade'])
  // The hot wallet needs coin to pay withdrawals out.
  const {chains} = await world.node.admin.call('BlockchainService', 'GetWallet', {})
  await sendEth(world, chains.find((chain) => chain.blockchain === 'eth')?.hot_wallet_address ?? '', parseEther('10'))
  t.context = {world, alice, bob}
})

test.after.always(async (t) => {
  await t.context.world?.close()
})

test.afterEach.always(async (t) => {
  t.true(await ledgerOk(t.context.world))
})

test.serial('GET /deposits/address/: the same address for ETH and USDT on eth; network required when ambiguous', async (t) => {
  const {world, alice} = t.context
  const eth = await signed(world.node, alice, 'GET', '/deposits/address/?asset=ETH')
  t.is(eth.status, 200)
  t.like(eth.body, {asset: 'ETH', network: 'eth'})
  const usdt = await bearer(world.node, alice.token, 'GET', '/deposits/address/?asset=USDT&network=eth')
  t.deepEqual(usdt.body, {asset: 'USDT', network: 'eth', address: eth.body.address})
  assertError(t, await signed(world.node, alice, 'GET', '/deposits/address/?asset=USDT'), 400, 'invalid_argument')
  assertError(t, await signed(world.node, alice, 'GET', '/deposits/address/?asset=NOPE&network=eth'), 404, 'not_found')
  assertError(t, await bearer(world.node, undefined, 'GET', '/deposits/address/?asset=ETH'), 401, 'unauthorized')
})

test.serial('a deposit shows in GET /deposits/ and its credit is pushed as balance_update on the user stream', async (t) => {
  const {world, alice} = t.context
  const {body} = await signed(world.node, alice, 'GET', '/deposits/address/?asset=ETH')
  const stream = await connect(wsUrl(world.node, `${ORDERS_PATH}?${signedQuery(alice.apiKey, alice.apiSecret)}`))
  try {
    await world.pass()
    const hash = await sendEth(world, body.address, parseEther('2'))
    await world.pass()
    const pending = await signed(world.node, alice, 'GET', '/deposits/')
    t.is(pending.body.total, 1)
    t.like(pending.body.deposits[0], {asset: 'ETH', network: 'eth', amount: '2', tx_hash: hash, status: 'pending'})
    await world.mine(1)
    await world.pass()
    const update = await stream.next()
    t.like(update, {
      event: 'balance_update',
      asset: 'ETH',
      account_type: 'funding',
      available: '2',
      locked: '0',
      reason: 'deposit',
    })
    const confirmed = await signed(world.node, alice, 'GET', '/deposits/?status=confirmed')
    t.is(confirmed.body.deposits[0]?.status, 'confirmed')
    assertError(t, await signed(world.node, alice, 'GET', '/deposits/?status=weird'), 400, 'invalid_argument')
  } finally {
    stream.close()
  }
})

test.serial('POST /withdrawals/: withdraw permission, idempotent client_withdrawal_id, then listed and read', async (t) => {
  const {world, alice, bob} = t.context
  const request = {asset: 'ETH', network: 'eth', amount: '0.5', to_address: EXTERNAL, client_withdrawal_id: 'w-1'}
  assertError(t, await signed(world.node, bob, 'POST', '/withdrawals/', request), 403, 'permission_denied')
  const first = await signed(world.node, alice, 'POST', '/withdrawals/', request)
  t.is(first.status, 200, JSON.stringify(first.body))
  t.like(first.body, {asset: 'ETH', network: 'eth', amount: '0.5', fee: '0', status: 'pending', client_withdrawal_id: 'w-1'})
  const again = await signed(world.node, alice, 'POST', '/withdrawals/', request)
  t.is(again.body.id, first.body.id, 'the same client_withdrawal_id returns the first withdrawal')
  const balances = await signed(world.node, alice, 'GET', '/balances/')
  t.like(
    balances.body.balances.find(
      (row: {asset: string; account_type: string}) => row.asset === 'ETH' && row.account_type === 'funding',
    ),
    {available: '1.5', locked: '0.5'},
  )
  await world.pass()
  await world.mine(1)
  await world.pass()
  const one = await signed(world.node, alice, 'GET', `/withdrawals/${first.body.id}/`)
  t.like(one.body, {id: first.body.id, status: 'confirmed'})
  t.regex(one.body.tx_hash, /^0x[0-9a-f]{64}$/)
  const list = await bearer(world.node, alice.token, 'GET', '/withdrawals/?limit=10')
  t.is(list.body.total, 1)
  assertError(t, await signed(world.node, bob, 'GET', `/withdrawals/${first.body.id}/`), 404, 'not_found')
  assertError(
    t,
    await signed(world.node, alice, 'POST', '/withdrawals/', {...request, client_withdrawal_id: 'w-2', amount: 0.5}),
    400,
    'invalid_argument',
  )
  assertError(
    t,
    await signed(world.node, alice, 'POST', '/withdrawals/', {...request, client_withdrawal_id: 'w-3', amount: '99'}),
    400,
    'insufficient_funds',
  )
})

test.serial('the same signed withdrawal sent twice queues one withdrawal (400 replayed_request)', async (t) => {
  const {world, alice} = t.context
  const before = (await signed(world.node, alice, 'GET', '/withdrawals/')).body.total
  const request = {asset: 'ETH', network: 'eth', amount: '0.1', to_address: EXTERNAL}
  const timestamp = freshTimestamp()
  const first = await signed(world.node, alice, 'POST', '/withdrawals/', request, {timestamp})
  t.is(first.status, 200, JSON.stringify(first.body))
  assertError(t, await signed(world.node, alice, 'POST', '/withdrawals/', request, {timestamp}), 400, 'replayed_request')
  t.is((await signed(world.node, alice, 'GET', '/withdrawals/')).body.total, before + 1)
})

test.serial('a restricted account cannot withdraw (403 account_restricted)', async (t) => {
  const {world, alice} = t.context
  world.node.services.accounts.changeStatus(alice.account.email, 'restricted', 'test')
  try {
    const refused = await signed(world.node, alice, 'POST', '/withdrawals/', {
      asset: 'ETH',
      network: 'eth',
      amount: '0.1',
      to_address: EXTERNAL,
    })
    assertError(t, refused, 403, 'account_restricted')
  } finally {
    world.node.services.accounts.changeStatus(alice.account.email, 'active', 'test')
  }
})
