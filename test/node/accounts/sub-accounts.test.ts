/**
 * Sub-accounts over REST (docs/account-flows.md "Sub-accounts"): the master creates and lists them,
 * moves funds within its family only, and its status governs them.
 */
import test from 'ava'
import {MAX_SUB_ACCOUNTS} from '../../../src/node/accounts/accounts.js'
import {startTestNode, uniqueEmail, type TestNode} from '../../helpers/node.js'
import {assertError, bearer, setStatus, signed, trader, type Credentials, type Trader} from '../../helpers/rest.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

type SubAccount = {
  id: string
  email: string
  status: string
  master_account_id: string
  funding_account_id: string
  trading_account_id: string
  created_at: string
}

/** A sub-account of `master` created over REST with the master's session. */
async function createSub(master: Trader, email = uniqueEmail('sub')): Promise<SubAccount> {
  const response = await bearer(node, master.token, 'POST', '/accounts/sub-accounts/', {email})
  if (response.status !== 200) throw new Error(`create sub-account: ${response.status} ${JSON.stringify(response.body)}`)
  return response.body as SubAccount
}

/** An API key of a sub-account (an operator's CreateAPIKey; a sub-account has no session to make one). */
function keyOf(sub: SubAccount): Credentials {
  return node.services.apiKeys.create(sub.id, ['trade', 'read'], 'sub key', [])
}

const transfer = (from: string, to: string, amount: string, asset = 'USDT') => ({
  from_balance_account_id: from,
  to_balance_account_id: to,
  asset,
  amount,
})

/** USDT available in a balance account, in minor units. */
const usdt = (balanceAccountId: string): bigint => node.services.ledger.balance(balanceAccountId, 'USDT').available

test('POST creates a sub-account on the master tier with its own balance accounts; GET lists them', async (t) => {
  const master = await trader(node)
  const email = uniqueEmail('sub')
  const response = await bearer(node, master.token, 'POST', '/accounts/sub-accounts/', {email})
  t.is(response.status, 200, JSON.stringify(response.body))
  const sub = response.body as SubAccount
  t.deepEqual(Object.keys(sub).sort(), [
    'created_at',
    'email',
    'funding_account_id',
    'id',
    'master_account_id',
    'status',
    'trading_account_id',
  ])
  t.regex(sub.id, UUID)
  t.like(sub, {email, status: 'active', master_account_id: master.account.id})
  t.not(sub.funding_account_id, sub.trading_account_id)
  for (const id of [sub.funding_account_id, sub.trading_account_id]) {
    t.not(id, master.account.fundingAccountId)
    t.not(id, master.account.tradingAccountId)
  }
  const stored = node.services.accounts.byId(sub.id)!
  t.is(stored.masterAccountId, master.account.id)
  t.is(stored.tierId, master.account.tierId)

  // A second one, with an API key (trade) this time; the list is oldest first.
  const second = await signed(node, master, 'POST', '/accounts/sub-accounts/', {email: uniqueEmail('sub')})
  t.is(second.status, 200)
  const list = await bearer(node, master.token, 'GET', '/accounts/sub-accounts/')
  t.is(list.status, 200)
  t.deepEqual(list.body, {sub_accounts: [sub, second.body], total: 2})
  t.deepEqual((await signed(node, master, 'GET', '/accounts/sub-accounts')).body, list.body)
  // Another account sees none of them.
  const stranger = await trader(node)
  t.deepEqual((await bearer(node, stranger.token, 'GET', '/accounts/sub-accounts/')).body, {sub_accounts: [], total: 0})
  // The master's balances view reads a sub-account's balance account.
  const view = await bearer(node, master.token, 'GET', `/balances/?balance_account_id=${sub.trading_account_id}`)
  t.is(view.status, 200)
  t.true(view.body.balances.every((b: {balance_account_id: string}) => b.balance_account_id === sub.trading_account_id))
})

test('creation refusals: e-mail taken (409), malformed (400), a sub-account of a sub-account (400), read-only key (403)', async (t) => {
  const master = await trader(node)
  const sub = await createSub(master)
  const post = (body: unknown) => bearer(node, master.token, 'POST', '/accounts/sub-accounts/', body)
  assertError(t, await post({email: sub.email}), 409, 'already_exists')
  assertError(t, await post({email: master.account.email}), 409, 'already_exists')
  assertError(t, await post({email: 'not-an-email'}), 400, 'invalid_argument')
  assertError(t, await post({}), 400, 'invalid_argument')
  // The sub-account's own key may not make a sub-account of it.
  const subKey = keyOf(sub)
  assertError(
    t,
    await signed(node, subKey, 'POST', '/accounts/sub-accounts/', {email: uniqueEmail('subsub')}),
    400,
    'invalid_argument',
  )
  const reader = await trader(node, {}, ['read'])
  assertError(
    t,
    await signed(node, reader, 'POST', '/accounts/sub-accounts/', {email: uniqueEmail('sub')}),
    403,
    'permission_denied',
  )
  assertError(
    t,
    await bearer(node, undefined, 'POST', '/accounts/sub-accounts/', {email: uniqueEmail('sub')}),
    401,
    'unauthorized',
  )
  t.is(node.services.accounts.subAccountsOf(master.account.id).length, 1)
  t.is(node.services.accounts.subAccountsOf(sub.id).length, 0)
})

test('the master moves funds master → sub, sub → master and sub → sub; balances move exactly, ledger balanced', async (t) => {
  const master = await trader(node, {USDT: '100'})
  const [a, b] = [await createSub(master), await createSub(master)]
  const post = (body: unknown) => bearer(node, master.token, 'POST', '/balances/transfer/', body)

  const toSub = await post(transfer(master.account.tradingAccountId, a.funding_account_id, '60.5'))
  t.is(toSub.status, 200, JSON.stringify(toSub.body))
  t.is(toSub.body.status, 'completed')
  t.is(usdt(master.account.tradingAccountId), 39_500_000n)
  t.is(usdt(a.funding_account_id), 60_500_000n)

  t.is((await post(transfer(a.funding_account_id, b.trading_account_id, '20.25'))).status, 200)
  t.is(usdt(a.funding_account_id), 40_250_000n)
  t.is(usdt(b.trading_account_id), 20_250_000n)

  t.is((await post(transfer(b.trading_account_id, master.account.fundingAccountId, '0.25'))).status, 200)
  t.is(usdt(b.trading_account_id), 20_000_000n)
  t.is(usdt(master.account.fundingAccountId), 250_000n)

  // Short of funds in the sub-account: 400 and nothing moves.
  assertError(t, await post(transfer(b.trading_account_id, a.trading_account_id, '20.000001')), 400, 'insufficient_funds')
  t.is(usdt(b.trading_account_id), 20_000_000n)
  t.is(usdt(a.trading_account_id), 0n)
  t.true(node.services.ledger.verify().ok)
})

test('a sub-account with its own key moves funds to its master and a sibling, never out of them', async (t) => {
  const master = await trader(node, {USDT: '50'})
  const [a, b] = [await createSub(master), await createSub(master)]
  await bearer(
    node,
    master.token,
    'POST',
    '/balances/transfer/',
    transfer(master.account.tradingAccountId, a.trading_account_id, '30'),
  )
  const key = keyOf(a)
  const post = (body: unknown) => signed(node, key, 'POST', '/balances/transfer/', body)
  t.is((await post(transfer(a.trading_account_id, a.funding_account_id, '5'))).status, 200)
  t.is((await post(transfer(a.trading_account_id, master.account.fundingAccountId, '10'))).status, 200)
  t.is((await post(transfer(a.funding_account_id, b.funding_account_id, '5'))).status, 200)
  t.is(usdt(a.trading_account_id), 15_000_000n)
  t.is(usdt(a.funding_account_id), 0n)
  t.is(usdt(master.account.fundingAccountId), 10_000_000n)
  t.is(usdt(b.funding_account_id), 5_000_000n)
  // Pulling from the master or a sibling is not the sub-account's to do.
  // As for any balance account the caller may not reach, the answer is 404 (docs/rest.md "Ids you may not reach").
  assertError(t, await post(transfer(master.account.tradingAccountId, a.trading_account_id, '1')), 404, 'not_found')
  assertError(t, await post(transfer(b.funding_account_id, a.trading_account_id, '1')), 404, 'not_found')
  assertError(
    t,
    await signed(node, key, 'GET', `/balances/?balance_account_id=${master.account.fundingAccountId}`),
    404,
    'not_found',
  )
  t.is(usdt(master.account.tradingAccountId), 20_000_000n)
  t.is(usdt(b.funding_account_id), 5_000_000n)
})

test("transfers to or from a stranger's account or another master's sub-account are 404 and move nothing", async (t) => {
  const master = await trader(node, {USDT: '100'})
  const other = await trader(node, {USDT: '100'})
  const mine = await createSub(master)
  const theirs = await createSub(other)
  await bearer(
    node,
    other.token,
    'POST',
    '/balances/transfer/',
    transfer(other.account.tradingAccountId, theirs.trading_account_id, '10'),
  )
  await bearer(
    node,
    master.token,
    'POST',
    '/balances/transfer/',
    transfer(master.account.tradingAccountId, mine.trading_account_id, '10'),
  )
  const post = (body: unknown) => bearer(node, master.token, 'POST', '/balances/transfer/', body)
  const refused = [
    transfer(master.account.tradingAccountId, other.account.tradingAccountId, '1'),
    transfer(master.account.tradingAccountId, theirs.funding_account_id, '1'),
    transfer(mine.trading_account_id, theirs.trading_account_id, '1'),
    transfer(mine.trading_account_id, other.account.fundingAccountId, '1'),
    transfer(theirs.trading_account_id, master.account.fundingAccountId, '1'),
    transfer(other.account.tradingAccountId, mine.funding_account_id, '1'),
  ]
  for (const body of refused) assertError(t, await post(body), 404, 'not_found')
  // Nor may the other master's sub-account key reach into this family.
  const theirKey = keyOf(theirs)
  assertError(
    t,
    await signed(
      node,
      theirKey,
      'POST',
      '/balances/transfer/',
      transfer(theirs.trading_account_id, mine.trading_account_id, '1'),
    ),
    404,
    'not_found',
  )
  assertError(t, await post(transfer(master.account.tradingAccountId, crypto.randomUUID(), '1')), 404, 'not_found')
  t.is(usdt(master.account.tradingAccountId), 90_000_000n)
  t.is(usdt(mine.trading_account_id), 10_000_000n)
  t.is(usdt(theirs.trading_account_id), 10_000_000n)
  t.is(usdt(other.account.tradingAccountId), 90_000_000n)
  t.is(usdt(other.account.fundingAccountId), 0n)
  t.true(node.services.ledger.verify().ok)
})

test('a blocked master blocks its sub-accounts; a restricted one restricts them; unblocking restores them', async (t) => {
  const master = await trader(node, {USDT: '10'})
  const sub = await createSub(master)
  const key = keyOf(sub)
  await bearer(
    node,
    master.token,
    'POST',
    '/balances/transfer/',
    transfer(master.account.tradingAccountId, sub.trading_account_id, '10'),
  )
  const me = () => signed(node, key, 'GET', '/accounts/me/')
  const move = () =>
    signed(node, key, 'POST', '/balances/transfer/', transfer(sub.trading_account_id, sub.funding_account_id, '1'))
  t.is((await me()).status, 200)
  t.is((await me()).body.status, 'active')

  setStatus(node, master.account, 'blocked')
  assertError(t, await me(), 403, 'account_blocked')
  assertError(t, await signed(node, key, 'GET', '/balances/'), 403, 'account_blocked')
  assertError(t, await move(), 403, 'account_blocked')
  // Its own status is untouched: the master's list (once unblocked) and admin details show it.
  t.is(node.services.accounts.byId(sub.id)!.ownStatus, 'active')

  setStatus(node, master.account, 'restricted')
  t.is((await me()).body.status, 'restricted')
  assertError(t, await move(), 403, 'account_restricted')
  t.is((await signed(node, key, 'GET', '/balances/')).status, 200)

  setStatus(node, master.account, 'active')
  t.is((await me()).body.status, 'active')
  t.is((await move()).status, 200)
  t.is(usdt(sub.funding_account_id), 1_000_000n)

  // A blocked sub-account alone: its master cannot move its funds, the master itself is unaffected.
  setStatus(node, node.services.accounts.byId(sub.id)!, 'blocked')
  assertError(
    t,
    await bearer(
      node,
      master.token,
      'POST',
      '/balances/transfer/',
      transfer(sub.trading_account_id, master.account.fundingAccountId, '1'),
    ),
    403,
    'account_blocked',
  )
  t.is((await bearer(node, master.token, 'GET', '/accounts/sub-accounts/')).body.sub_accounts[0].status, 'blocked')
  t.is(usdt(sub.trading_account_id), 9_000_000n)
})

test('a sub-account cannot sign in: it has no password', async (t) => {
  const master = await trader(node)
  const sub = await createSub(master)
  await t.throwsAsync(node.services.accounts.authenticate(sub.email, ''), {message: /password/})
  const wrong = await t.throwsAsync(node.services.accounts.authenticate(sub.email, 'password123'))
  t.is((wrong as {code?: string}).code, 'unauthorized')
  const signIn = await fetch(`${node.httpUrl}/api/v1/auth/sign-in/`, {
    method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({email: sub.email, password: 'password123'}),
  })
  t.is(signIn.status, 401)
})

test('a master has at most MAX_SUB_ACCOUNTS sub-accounts: the next one is 409 failed_precondition', async (t) => {
  const master = await trader(node)
  // Setup in one transaction (one commit) rather than 200 requests.
  node.services.db.transaction(() => {
    for (let i = 0; i < MAX_SUB_ACCOUNTS; i++) node.services.accounts.createSub(master.account, uniqueEmail('many'))
  })()
  const email = uniqueEmail('one-too-many')
  assertError(t, await bearer(node, master.token, 'POST', '/accounts/sub-accounts/', {email}), 409, 'failed_precondition')
  const list = await bearer(node, master.token, 'GET', '/accounts/sub-accounts/')
  t.is(list.body.total, MAX_SUB_ACCOUNTS)
  t.false(list.body.sub_accounts.some((sub: SubAccount) => sub.email === email))
})
