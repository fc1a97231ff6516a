import test from 'ava'
import {startTestNode, uniqueEmail, type TestNode} from '../../helpers/node.js'
import {assertError, bearer, setStatus, signed, trader, type Trader} from '../../helpers/rest.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const ASSETS = ['BTC', 'ETH', 'TRX', 'USDT']

function rows(who: Trader, type: 'funding' | 'trading', values: Record<string, [string, string]> = {}) {
  const id = type === 'funding' ? who.account.fundingAccountId : who.account.tradingAccountId
  return ASSETS.map((asset) => {
    const [available, locked] = values[asset] ?? ['0', '0']
    return {asset, available, locked, balance_account_id: id, account_type: type}
  })
}

/** A sub-account of `master` with `funds` in its trading balance account and an API key of its own. */
function subAccountOf(master: Trader, funds: Record<string, string> = {}): Trader {
  const account = node.services.accounts.createSub(master.account, uniqueEmail('sub'))
  for (const [asset, amount] of Object.entries(funds)) {
    node.services.operations.topup(
      {balanceAccountId: account.tradingAccountId},
      {asset, amount, reason: 'test funding', operator: 'test'},
    )
  }
  const {apiKey, apiSecret} = node.services.apiKeys.create(account.id, ['trade', 'read'], 'sub key', [])
  // A sub-account has no sign-in; its calls here are signed with its key.
  return {account, apiKey, apiSecret, token: '', jti: ''}
}

const transfer = (from: string, to: string, asset: string, amount: unknown) => ({
  from_balance_account_id: from,
  to_balance_account_id: to,
  asset,
  amount,
})

test('GET /balances/ lists funding then trading, every active asset, with available and locked', async (t) => {
  const alice = await trader(node, {USDT: '1000', BTC: '0.5'})
  await signed(node, alice, 'POST', '/orders/place/', {
    ticker: 'BTC-USDT',
    side: 'buy',
    type: 'limit',
    price: '20000',
    qty: '0.01',
  })
  const response = await bearer(node, alice.token, 'GET', '/balances/')
  t.is(response.status, 200)
  t.deepEqual(response.body, {
    balances: [...rows(alice, 'funding'), ...rows(alice, 'trading', {BTC: ['0.5', '0'], USDT: ['800', '200']})],
  })
  const viaKey = await signed(node, alice, 'GET', '/balances')
  t.deepEqual(viaKey.body, response.body)
})

test('GET /balances/?balance_account_id filters to one balance account; a foreign one or a system one is 404 (docs/rest.md "Ids you may not reach")', async (t) => {
  const alice = await trader(node, {ETH: '1.25'})
  const bob = await trader(node)
  const trading = await bearer(node, alice.token, 'GET', `/balances/?balance_account_id=${alice.account.tradingAccountId}`)
  t.deepEqual(trading.body, {balances: rows(alice, 'trading', {ETH: ['1.25', '0']})})
  assertError(
    t,
    await bearer(node, alice.token, 'GET', `/balances/?balance_account_id=${bob.account.fundingAccountId}`),
    404,
    'not_found',
  )
  assertError(
    t,
    await bearer(node, alice.token, 'GET', `/balances/?balance_account_id=${node.services.ledger.systemAccount('fee')}`),
    404,
    'not_found',
  )
  assertError(t, await bearer(node, alice.token, 'GET', '/balances/?balance_account_id=nope'), 400, 'invalid_argument')
})

test('POST /balances/transfer/ moves funds between own trading and funding in one ledger transaction', async (t) => {
  const alice = await trader(node, {USDT: '100'})
  const response = await bearer(
    node,
    alice.token,
    'POST',
    '/balances/transfer/',
    transfer(alice.account.tradingAccountId, alice.account.fundingAccountId, 'USDT', '40.5'),
  )
  t.is(response.status, 200, JSON.stringify(response.body))
  t.deepEqual(Object.keys(response.body).sort(), ['status', 'transfer_id'])
  t.is(response.body.status, 'completed')
  t.regex(response.body.transfer_id, /^[0-9a-f-]{36}$/)
  t.deepEqual(node.services.ledger.balance(alice.account.tradingAccountId, 'USDT'), {available: 59_500_000n, locked: 0n})
  t.deepEqual(node.services.ledger.balance(alice.account.fundingAccountId, 'USDT'), {available: 40_500_000n, locked: 0n})
  const {entries} = node.services.ledger.entries({balanceAccountIds: [alice.account.fundingAccountId], limit: 10, offset: 0})
  t.is(entries[0]!.type, 'balance_transfer')
  t.is(entries[0]!.txId, response.body.transfer_id)
  // Back again, signed with an API key, on the slash-less path.
  const back = await signed(
    node,
    alice,
    'POST',
    '/balances/transfer',
    transfer(alice.account.fundingAccountId, alice.account.tradingAccountId, 'USDT', '40.5'),
  )
  t.is(back.status, 200)
  t.deepEqual(node.services.ledger.balance(alice.account.tradingAccountId, 'USDT'), {available: 100_000_000n, locked: 0n})
  t.true(node.services.ledger.verify().ok)
})

test('transfer refusals: insufficient (400), locked funds do not count, bad input (400), foreign or system (404)', async (t) => {
  const alice = await trader(node, {USDT: '100'})
  const bob = await trader(node, {USDT: '100'})
  const {tradingAccountId: trading, fundingAccountId: funding} = alice.account
  const post = (body: unknown) => bearer(node, alice.token, 'POST', '/balances/transfer/', body)
  assertError(t, await post(transfer(trading, funding, 'USDT', '100.000001')), 400, 'insufficient_funds')
  await signed(node, alice, 'POST', '/orders/place/', {
    ticker: 'BTC-USDT',
    side: 'buy',
    type: 'limit',
    price: '10000',
    qty: '0.005',
  })
  assertError(t, await post(transfer(trading, funding, 'USDT', '60')), 400, 'insufficient_funds')
  for (const amount of [40, '4e1', '-1', '0', '', '1.0000001', null]) {
    assertError(t, await post(transfer(trading, funding, 'USDT', amount)), 400, 'invalid_argument')
  }
  assertError(t, await post(transfer(trading, trading, 'USDT', '1')), 400, 'invalid_argument')
  assertError(t, await post(transfer('x', funding, 'USDT', '1')), 400, 'invalid_argument')
  assertError(t, await post({to_balance_account_id: funding, asset: 'USDT', amount: '1'}), 400, 'invalid_argument')
  assertError(t, await post(transfer(trading, funding, 'DOGE', '1')), 404, 'not_found')
  // Into or out of someone else's balance account: forbidden, and nothing moves.
  assertError(t, await post(transfer(trading, bob.account.tradingAccountId, 'USDT', '1')), 404, 'not_found')
  assertError(t, await post(transfer(bob.account.tradingAccountId, funding, 'USDT', '1')), 404, 'not_found')
  assertError(t, await post(transfer(node.services.ledger.systemAccount('external'), funding, 'USDT', '1')), 404, 'not_found')
  t.deepEqual(node.services.ledger.balance(bob.account.tradingAccountId, 'USDT'), {available: 100_000_000n, locked: 0n})
  t.deepEqual(node.services.ledger.balance(trading, 'USDT'), {available: 50_000_000n, locked: 50_000_000n})
})

test('a master account may move funds to and from its sub-accounts; a sub-account may not pull from its master', async (t) => {
  const master = await trader(node, {USDT: '100'})
  const sub = subAccountOf(master, {USDT: '10'})
  const toSub = await bearer(
    node,
    master.token,
    'POST',
    '/balances/transfer/',
    transfer(master.account.tradingAccountId, sub.account.fundingAccountId, 'USDT', '25'),
  )
  t.is(toSub.status, 200, JSON.stringify(toSub.body))
  const fromSub = await bearer(
    node,
    master.token,
    'POST',
    '/balances/transfer/',
    transfer(sub.account.tradingAccountId, master.account.fundingAccountId, 'USDT', '10'),
  )
  t.is(fromSub.status, 200)
  t.deepEqual(node.services.ledger.balance(sub.account.fundingAccountId, 'USDT'), {available: 25_000_000n, locked: 0n})
  t.deepEqual(node.services.ledger.balance(master.account.fundingAccountId, 'USDT'), {available: 10_000_000n, locked: 0n})
  const subView = await bearer(node, master.token, 'GET', `/balances/?balance_account_id=${sub.account.fundingAccountId}`)
  t.deepEqual(subView.body, {balances: rows(sub, 'funding', {USDT: ['25', '0']})})
  assertError(
    t,
    await signed(
      node,
      sub,
      'POST',
      '/balances/transfer/',
      transfer(master.account.fundingAccountId, sub.account.fundingAccountId, 'USDT', '1'),
    ),
    404,
    'not_found',
  )
  // A blocked sub-account's funds stay where they are.
  setStatus(node, sub.account, 'blocked')
  assertError(
    t,
    await bearer(
      node,
      master.token,
      'POST',
      '/balances/transfer/',
      transfer(sub.account.fundingAccountId, master.account.fundingAccountId, 'USDT', '1'),
    ),
    403,
    'account_blocked',
  )
})

test('a restricted account cannot transfer (403) but can still read its balances', async (t) => {
  const dave = await trader(node, {USDT: '100'})
  setStatus(node, dave.account, 'restricted')
  const body = transfer(dave.account.tradingAccountId, dave.account.fundingAccountId, 'USDT', '1')
  assertError(t, await bearer(node, dave.token, 'POST', '/balances/transfer/', body), 403, 'account_restricted')
  assertError(t, await signed(node, dave, 'POST', '/balances/transfer/', body), 403, 'account_restricted')
  t.is((await bearer(node, dave.token, 'GET', '/balances/')).status, 200)
  t.deepEqual(node.services.ledger.balance(dave.account.tradingAccountId, 'USDT'), {available: 100_000_000n, locked: 0n})
})
