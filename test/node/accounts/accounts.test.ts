import {status} from '@grpc/grpc-js'
import test from 'ava'
import type {GetAccountDetailsResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/GetAccountDetailsResponse.js'
import type {GetDefaultTierResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/GetDefaultTierResponse.js'
import type {ListAssetsResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/ListAssetsResponse.js'
import type {ListOrdersResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/ListOrdersResponse.js'
import type {ListTransactionsResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/ListTransactionsResponse.js'
import type {LoginAccountResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/LoginAccountResponse.js'
import {restingBuys} from '../../helpers/market.js'
import {rpcError, startTestNode, uniqueEmail, type TestNode} from '../../helpers/node.js'
import {balanceOf, balances, createAccount, PASSWORD, unknownUuid} from '../../helpers/admin-grpc.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const details = (email: string) =>
  node.admin.call<GetAccountDetailsResponse__Output>('AccountsService', 'GetAccountDetails', {email})

const topup = (accountId: string, asset: string, amount: string, reason = 'test funding') =>
  node.admin.call<{operation_id: string}>('OperationsService', 'ManualTopup', {account_id: accountId, asset, amount, reason})

// --- CreateAccount / GetAccountDetails ---

test('CreateAccount: an active account on the default tier with distinct funding and trading balance accounts', async (t) => {
  const email = uniqueEmail('create')
  const created = await node.admin.call<{id: string; email: string}>('AccountsService', 'CreateAccount', {
    email,
    password: PASSWORD,
  })
  t.regex(created.id, UUID)
  t.is(created.email, email)

  const defaultTier = await node.admin.call<GetDefaultTierResponse__Output>('TiersService', 'GetDefaultTier')
  const account = await details(email)
  t.regex(account.funding_account_id, UUID)
  t.regex(account.trading_account_id, UUID)
  t.not(account.funding_account_id, account.trading_account_id)
  t.regex(account.created_at, ISO_MS)
  t.deepEqual(account, {
    id: created.id,
    email,
    tier_id: defaultTier.tier_id,
    funding_account_id: account.funding_account_id,
    trading_account_id: account.trading_account_id,
    master_account_id: '',
    status: 'active',
    status_comment: '',
    is_vip: false,
    is_totp_enabled: false,
    created_at: account.created_at,
  })
})

test('CreateAccount: the e-mail is normalized to lower case', async (t) => {
  const email = uniqueEmail('MixedCase')
  const created = await node.admin.call<{id: string; email: string}>('AccountsService', 'CreateAccount', {
    email: email.toUpperCase(),
    password: PASSWORD,
  })
  t.is(created.email, email.toLowerCase())
  t.is((await details(email.toUpperCase())).id, created.id)
})

test('CreateAccount: a duplicate e-mail is ALREADY_EXISTS, also when cased differently', async (t) => {
  const email = uniqueEmail('dup')
  await node.admin.call('AccountsService', 'CreateAccount', {email, password: PASSWORD})
  const same = await rpcError(node.admin.call('AccountsService', 'CreateAccount', {email, password: PASSWORD}))
  t.is(same.code, status.ALREADY_EXISTS)
  t.is(same.errorCode, 'already_exists')
  const cased = await rpcError(
    node.admin.call('AccountsService', 'CreateAccount', {email: email.toUpperCase(), password: PASSWORD}),
  )
  t.is(cased.code, status.ALREADY_EXISTS)
})

test('CreateAccount: two concurrent creations of one e-mail make exactly one account', async (t) => {
  const email = uniqueEmail('race')
  const results = await Promise.allSettled([
    node.admin.call('AccountsService', 'CreateAccount', {email, password: PASSWORD}),
    node.admin.call('AccountsService', 'CreateAccount', {email, password: PASSWORD}),
  ])
  t.is(results.filter((r) => r.status === 'fulfilled').length, 1)
  const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
  t.is((rejected.reason as {code: number}).code, status.ALREADY_EXISTS)
})

test('CreateAccount: empty or malformed e-mail and short password are INVALID_ARGUMENT', async (t) => {
  for (const email of ['', '   ', 'not-an-email', 'a@b', 'two@@example.com', 'sp ace@example.com']) {
    const error = await rpcError(node.admin.call('AccountsService', 'CreateAccount', {email, password: PASSWORD}))
    t.is(error.code, status.INVALID_ARGUMENT, `email ${JSON.stringify(email)}`)
    t.is(error.errorCode, 'invalid_argument')
  }
  for (const password of ['', 'short', '1234567']) {
    const error = await rpcError(node.admin.call('AccountsService', 'CreateAccount', {email: uniqueEmail('pw'), password}))
    t.is(error.code, status.INVALID_ARGUMENT, `password ${JSON.stringify(password)}`)
  }
})

test('GetAccountDetails: unknown e-mail is NOT_FOUND, malformed e-mail INVALID_ARGUMENT', async (t) => {
  const missing = await rpcError(details(uniqueEmail('nobody')))
  t.is(missing.code, status.NOT_FOUND)
  t.is(missing.errorCode, 'not_found')
  t.is((await rpcError(details('nope'))).code, status.INVALID_ARGUMENT)
  t.is((await rpcError(details(''))).code, status.INVALID_ARGUMENT)
})

// --- LoginAccount ---

test('LoginAccount: returns a one-hour JWT for the account (sub, role user, exp, jti)', async (t) => {
  const account = await createAccount(node, 'login')
  const before = Math.floor(Date.now() / 1000)
  const response = await node.admin.call<LoginAccountResponse__Output>('AccountsService', 'LoginAccount', {
    email: account.email,
    password: PASSWORD,
  })
  t.is(response.expires_in, 3600)
  const parts = response.token.split('.')
  t.is(parts.length, 3)
  const header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8')) as Record<string, unknown>
  const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Record<string, unknown>
  t.is(header['alg'], 'HS256')
  t.is(payload['sub'], account.id)
  t.is(payload['role'], 'user')
  t.is(typeof payload['jti'], 'string')
  t.true((payload['jti'] as string).length > 0)
  const exp = payload['exp'] as number
  t.true(exp >= before + 3600 - 5 && exp <= Math.floor(Date.now() / 1000) + 3600 + 5, `exp ${exp}`)
  // The node itself accepts the token it issued.
  const claims = await node.services.tokens.verify(response.token)
  t.is(claims.subject, account.id)
})

test('LoginAccount: e-mail is matched case-insensitively', async (t) => {
  const account = await createAccount(node, 'logincase')
  const response = await node.admin.call<LoginAccountResponse__Output>('AccountsService', 'LoginAccount', {
    email: account.email.toUpperCase(),
    password: PASSWORD,
  })
  t.is(response.token.split('.').length, 3)
})

test('LoginAccount: wrong password is UNAUTHENTICATED, unknown e-mail NOT_FOUND, malformed e-mail INVALID_ARGUMENT', async (t) => {
  const account = await createAccount(node, 'loginbad')
  const wrong = await rpcError(
    node.admin.call('AccountsService', 'LoginAccount', {email: account.email, password: 'wrong password'}),
  )
  t.is(wrong.code, status.UNAUTHENTICATED)
  t.is(wrong.errorCode, 'unauthorized')
  const unknown = await rpcError(
    node.admin.call('AccountsService', 'LoginAccount', {email: uniqueEmail('ghost'), password: PASSWORD}),
  )
  t.is(unknown.code, status.NOT_FOUND)
  const malformed = await rpcError(node.admin.call('AccountsService', 'LoginAccount', {email: 'ghost', password: PASSWORD}))
  t.is(malformed.code, status.INVALID_ARGUMENT)
  const empty = await rpcError(node.admin.call('AccountsService', 'LoginAccount', {email: account.email, password: ''}))
  t.is(empty.code, status.INVALID_ARGUMENT)
})

test('LoginAccount: a blocked account is PERMISSION_DENIED, a restricted one may still sign in', async (t) => {
  const account = await createAccount(node, 'loginblocked')
  await node.admin.call('AccountsService', 'ChangeAccountStatus', {
    email: account.email,
    status: 'restricted',
    status_comment: 'kyc',
  })
  const restricted = await node.admin.call<LoginAccountResponse__Output>('AccountsService', 'LoginAccount', {
    email: account.email,
    password: PASSWORD,
  })
  t.is(restricted.expires_in, 3600)

  await node.admin.call('AccountsService', 'ChangeAccountStatus', {
    email: account.email,
    status: 'blocked',
    status_comment: 'fraud',
  })
  const blocked = await rpcError(node.admin.call('AccountsService', 'LoginAccount', {email: account.email, password: PASSWORD}))
  t.is(blocked.code, status.PERMISSION_DENIED)
  t.is(blocked.errorCode, 'account_blocked')

  await node.admin.call('AccountsService', 'ChangeAccountStatus', {email: account.email, status: 'active', status_comment: ''})
  await t.notThrowsAsync(node.admin.call('AccountsService', 'LoginAccount', {email: account.email, password: PASSWORD}))
})

// --- GetBalances ---

test('GetBalances: every active asset appears in funding and trading with "0" before any movement', async (t) => {
  const account = await createAccount(node, 'balzero')
  const {assets} = await node.admin.call<ListAssetsResponse__Output>('AssetsService', 'ListAssets', {})
  const codes = assets.map((a) => a.code).sort()
  t.true(codes.length >= 4)
  const expected = (['funding', 'trading'] as const).flatMap((type) =>
    codes.map((asset) => ({
      asset,
      amount: '0',
      account_type: type,
      available: '0',
      locked: '0',
      balance_account_id: type === 'funding' ? account.funding_account_id : account.trading_account_id,
    })),
  )
  t.deepEqual(await balances(node, account.email), expected)
})

test('GetBalances: a top-up shows in funding available; locked funds count into amount', async (t) => {
  const account = await createAccount(node, 'baltopup')
  await topup(account.id, 'BTC', '1.5')
  t.deepEqual(await balanceOf(node, account.email, 'BTC'), {
    asset: 'BTC',
    amount: '1.5',
    account_type: 'funding',
    available: '1.5',
    locked: '0',
    balance_account_id: account.funding_account_id,
  })
  t.is((await balanceOf(node, account.email, 'BTC', 'trading'))?.amount, '0')

  // Lock part of it the way an order would (no order RPC exists yet), straight through the ledger.
  node.services.ledger.hold(account.funding_account_id, 'BTC', 50_000_000n, {type: 'hold'})
  t.deepEqual(await balanceOf(node, account.email, 'BTC'), {
    asset: 'BTC',
    amount: '1.5',
    account_type: 'funding',
    available: '1',
    locked: '0.5',
    balance_account_id: account.funding_account_id,
  })
})

test('GetBalances: unknown e-mail is NOT_FOUND, malformed INVALID_ARGUMENT', async (t) => {
  t.is((await rpcError(balances(node, uniqueEmail('nobal')))).code, status.NOT_FOUND)
  t.is((await rpcError(balances(node, 'x@'))).code, status.INVALID_ARGUMENT)
})

// --- SetTier ---

test('SetTier: assigns an existing tier', async (t) => {
  const account = await createAccount(node, 'settier')
  const {tier_id} = await node.admin.call<{tier_id: string}>('TiersService', 'CreateTier', {
    name: `vip-${account.id}`,
    limits: '{"maker_fee": "0", "taker_fee": "0.001"}',
  })
  t.deepEqual(await node.admin.call('AccountsService', 'SetTier', {email: account.email, tier_id}), {})
  t.is((await details(account.email)).tier_id, tier_id)
})

test('SetTier: unknown tier or e-mail is NOT_FOUND, malformed tier id INVALID_ARGUMENT', async (t) => {
  const account = await createAccount(node, 'settierbad')
  const unknownTier = await rpcError(
    node.admin.call('AccountsService', 'SetTier', {email: account.email, tier_id: unknownUuid()}),
  )
  t.is(unknownTier.code, status.NOT_FOUND)
  const {tier_id} = await node.admin.call<GetDefaultTierResponse__Output>('TiersService', 'GetDefaultTier')
  const unknownEmail = await rpcError(node.admin.call('AccountsService', 'SetTier', {email: uniqueEmail('notier'), tier_id}))
  t.is(unknownEmail.code, status.NOT_FOUND)
  for (const bad of ['', 'not-a-uuid', `${tier_id}x`]) {
    const error = await rpcError(node.admin.call('AccountsService', 'SetTier', {email: account.email, tier_id: bad}))
    t.is(error.code, status.INVALID_ARGUMENT, bad)
  }
  t.is((await details(account.email)).tier_id, tier_id)
})

// --- ChangeAccountStatus ---

test('ChangeAccountStatus: active, restricted and blocked each round-trip with the comment', async (t) => {
  const account = await createAccount(node, 'status')
  for (const next of ['restricted', 'blocked', 'active'] as const) {
    t.deepEqual(
      await node.admin.call('AccountsService', 'ChangeAccountStatus', {
        email: account.email,
        status: next,
        status_comment: `now ${next}`,
      }),
      {},
    )
    const after = await details(account.email)
    t.is(after.status, next)
    t.is(after.status_comment, `now ${next}`)
  }
})

test('ChangeAccountStatus: an unknown status ("frozen", upper case, empty) is INVALID_ARGUMENT and changes nothing', async (t) => {
  const account = await createAccount(node, 'statusbad')
  for (const bad of ['frozen', 'ACTIVE', 'Blocked', '', 'suspended']) {
    const error = await rpcError(
      node.admin.call('AccountsService', 'ChangeAccountStatus', {email: account.email, status: bad, status_comment: 'x'}),
    )
    t.is(error.code, status.INVALID_ARGUMENT, bad)
  }
  const after = await details(account.email)
  t.is(after.status, 'active')
  t.is(after.status_comment, '')
})

test('ChangeAccountStatus: unknown e-mail is NOT_FOUND', async (t) => {
  const error = await rpcError(
    node.admin.call('AccountsService', 'ChangeAccountStatus', {email: uniqueEmail('nostatus'), status: 'blocked'}),
  )
  t.is(error.code, status.NOT_FOUND)
})

// --- SetAccountVIP ---

test('SetAccountVIP: turns the VIP flag on and off', async (t) => {
  const account = await createAccount(node, 'vip')
  t.deepEqual(await node.admin.call('AccountsService', 'SetAccountVIP', {email: account.email, is_vip: true}), {})
  t.true((await details(account.email)).is_vip)
  t.deepEqual(await node.admin.call('AccountsService', 'SetAccountVIP', {email: account.email, is_vip: false}), {})
  t.false((await details(account.email)).is_vip)
})

test('SetAccountVIP: unknown e-mail is NOT_FOUND, malformed INVALID_ARGUMENT', async (t) => {
  t.is(
    (await rpcError(node.admin.call('AccountsService', 'SetAccountVIP', {email: uniqueEmail('novip'), is_vip: true}))).code,
    status.NOT_FOUND,
  )
  t.is(
    (await rpcError(node.admin.call('AccountsService', 'SetAccountVIP', {email: '', is_vip: true}))).code,
    status.INVALID_ARGUMENT,
  )
})

// --- ListOrders ---

test('ListOrders: an existing account without orders gets an empty list', async (t) => {
  const account = await createAccount(node, 'orders')
  t.deepEqual(await node.admin.call<ListOrdersResponse__Output>('AccountsService', 'ListOrders', {email: account.email}), {
    orders: [],
  })
  t.deepEqual(
    await node.admin.call<ListOrdersResponse__Output>('AccountsService', 'ListOrders', {
      email: account.email,
      ticker: 'BTC-USDT',
      status: 'open',
      start_time: '2020-01-01T00:00:00.000Z',
      end_time: '2030-01-01T00:00:00.000Z',
      limit: 10,
      since_order_id: 5,
    }),
    {orders: []},
  )
})

test('ListOrders: offset pages past limit, newest first, with no order twice or missed', async (t) => {
  const account = await createAccount(node, 'orderpages')
  const placed = await restingBuys(node, account.id, 5)
  const page = async (offset: number) =>
    (
      await node.admin.call<ListOrdersResponse__Output>('AccountsService', 'ListOrders', {
        email: account.email,
        limit: 2,
        offset,
      })
    ).orders.map((order) => order.id)
  t.deepEqual([...(await page(0)), ...(await page(2)), ...(await page(4))], [...placed].reverse())
  t.deepEqual(await page(5), [])
  const error = await rpcError(node.admin.call('AccountsService', 'ListOrders', {email: account.email, offset: -1}))
  t.is(error.code, status.INVALID_ARGUMENT)
})

test('ListOrders: unknown e-mail is NOT_FOUND; bad status or start_time is INVALID_ARGUMENT', async (t) => {
  const account = await createAccount(node, 'ordersbad')
  t.is(
    (await rpcError(node.admin.call('AccountsService', 'ListOrders', {email: uniqueEmail('noorders')}))).code,
    status.NOT_FOUND,
  )
  for (const request of [
    {status: 'done'},
    {status: 'OPEN'},
    {start_time: 'yesterday'},
    {start_time: '2026-13-45T99:00:00Z'},
    {end_time: '1700000000'},
  ]) {
    const error = await rpcError(node.admin.call('AccountsService', 'ListOrders', {email: account.email, ...request}))
    t.is(error.code, status.INVALID_ARGUMENT, JSON.stringify(request))
  }
})

// --- ListTransactions ---

test('ListTransactions: signed entries newest first, with type, reference_id, reason, filters and paging', async (t) => {
  const account = await createAccount(node, 'tx')
  const first = await topup(account.id, 'USDT', '10', 'bank wire 1')
  const second = await node.admin.call<{operation_id: string}>('OperationsService', 'ManualWithdraw', {
    account_id: account.id,
    asset: 'USDT',
    amount: '3.25',
    reason: 'refund',
  })
  const third = await topup(account.id, 'BTC', '0.00000001', 'dust')

  const all = await node.admin.call<ListTransactionsResponse__Output>('AccountsService', 'ListTransactions', {
    email: account.email,
  })
  t.is(all.page?.total, 3)
  for (const tx of all.transactions) {
    t.regex(tx.created_at, ISO_MS)
    t.regex(tx.id, UUID)
  }
  t.deepEqual(
    all.transactions.map((tx) => ({...tx, id: undefined, created_at: undefined})),
    [
      {
        type: 'manual_topup',
        asset: 'BTC',
        amount: '0.00000001',
        balance_account_id: account.funding_account_id,
        reference_id: third.operation_id,
        bucket: 'available',
        reason: 'dust',
        id: undefined,
        created_at: undefined,
      },
      {
        type: 'manual_withdraw',
        asset: 'USDT',
        amount: '-3.25',
        balance_account_id: account.funding_account_id,
        reference_id: second.operation_id,
        bucket: 'available',
        reason: 'refund',
        id: undefined,
        created_at: undefined,
      },
      {
        type: 'manual_topup',
        asset: 'USDT',
        amount: '10',
        balance_account_id: account.funding_account_id,
        reference_id: first.operation_id,
        bucket: 'available',
        reason: 'bank wire 1',
        id: undefined,
        created_at: undefined,
      },
    ],
  )

  const usdt = await node.admin.call<ListTransactionsResponse__Output>('AccountsService', 'ListTransactions', {
    email: account.email,
    asset: 'USDT',
  })
  t.deepEqual(
    usdt.transactions.map((tx) => tx.reference_id),
    [second.operation_id, first.operation_id],
  )
  t.is(usdt.page?.total, 2)

  const withdrawals = await node.admin.call<ListTransactionsResponse__Output>('AccountsService', 'ListTransactions', {
    email: account.email,
    type: 'manual_withdraw',
  })
  t.deepEqual(
    withdrawals.transactions.map((tx) => [tx.reference_id, tx.amount]),
    [[second.operation_id, '-3.25']],
  )
  t.is(withdrawals.page?.total, 1)

  const paged = await node.admin.call<ListTransactionsResponse__Output>('AccountsService', 'ListTransactions', {
    email: account.email,
    page: {limit: 1, offset: 1},
  })
  t.deepEqual(
    paged.transactions.map((tx) => tx.reference_id),
    [second.operation_id],
  )
  t.is(paged.page?.total, 3)

  const beyond = await node.admin.call<ListTransactionsResponse__Output>('AccountsService', 'ListTransactions', {
    email: account.email,
    page: {limit: 10, offset: 3},
  })
  t.deepEqual(beyond.transactions, [])
  t.is(beyond.page?.total, 3)

  const future = await node.admin.call<ListTransactionsResponse__Output>('AccountsService', 'ListTransactions', {
    email: account.email,
    start_time: '2999-01-01T00:00:00.000Z',
  })
  t.deepEqual(future.transactions, [])
  t.is(future.page?.total, 0)

  const past = await node.admin.call<ListTransactionsResponse__Output>('AccountsService', 'ListTransactions', {
    email: account.email,
    end_time: '2000-01-01T00:00:00.000Z',
  })
  t.is(past.page?.total, 0)
})

test('ListTransactions: a transfer shows as a debit on one account and a credit on the other', async (t) => {
  const from = await createAccount(node, 'txfrom')
  const to = await createAccount(node, 'txto')
  await topup(from.id, 'ETH', '2')
  const {operation_id} = await node.admin.call<{operation_id: string}>('OperationsService', 'Transfer', {
    from_account_id: from.id,
    to_account_id: to.id,
    asset: 'ETH',
    amount: '0.5',
    reason: 'gift',
  })
  const [fromTx] = (
    await node.admin.call<ListTransactionsResponse__Output>('AccountsService', 'ListTransactions', {email: from.email})
  ).transactions
  const toList = await node.admin.call<ListTransactionsResponse__Output>('AccountsService', 'ListTransactions', {email: to.email})
  t.is(fromTx?.reference_id, operation_id)
  t.is(fromTx?.amount, '-0.5')
  t.is(toList.page?.total, 1)
  t.is(toList.transactions[0]?.reference_id, operation_id)
  t.is(toList.transactions[0]?.amount, '0.5')
  t.is(toList.transactions[0]?.balance_account_id, to.funding_account_id)
})

test('ListTransactions: a fresh account has none', async (t) => {
  const account = await createAccount(node, 'txnone')
  const response = await node.admin.call<ListTransactionsResponse__Output>('AccountsService', 'ListTransactions', {
    email: account.email,
  })
  t.deepEqual(response.transactions, [])
  t.is(response.page?.total, 0)
})

test('ListTransactions: unknown e-mail or asset is NOT_FOUND; bad asset code or time is INVALID_ARGUMENT', async (t) => {
  const account = await createAccount(node, 'txbad')
  t.is(
    (await rpcError(node.admin.call('AccountsService', 'ListTransactions', {email: uniqueEmail('notx')}))).code,
    status.NOT_FOUND,
  )
  t.is(
    (await rpcError(node.admin.call('AccountsService', 'ListTransactions', {email: account.email, asset: 'NOPE'}))).code,
    status.NOT_FOUND,
  )
  for (const request of [{asset: 'b@d!'}, {start_time: 'yesterday'}, {end_time: '2026-01-01'}]) {
    const error = await rpcError(node.admin.call('AccountsService', 'ListTransactions', {email: account.email, ...request}))
    t.is(error.code, status.INVALID_ARGUMENT, JSON.stringify(request))
  }
})

// --- ListAccounts by balance account ---

test('ListAccounts: balance_account_id finds the owner of a funding or trading balance account, nothing for others', async (t) => {
  const [owner, other] = [await createAccount(node, 'owner'), await createAccount(node, 'other')]
  type Listed = {accounts: {id: string; email: string}[]; page: {total: number}}
  const list = (request: Record<string, string>) => node.admin.call<Listed>('AccountsService', 'ListAccounts', request)
  for (const balanceAccountId of [owner.funding_account_id, owner.trading_account_id]) {
    const found = await list({balance_account_id: balanceAccountId})
    t.deepEqual(
      found.accounts.map((account) => [account.id, account.email]),
      [[owner.id, owner.email]],
    )
    t.is(found.page.total, 1)
    // With account_id as well: both must name the same account.
    t.is((await list({balance_account_id: balanceAccountId, account_id: owner.id})).accounts.length, 1)
    t.is((await list({balance_account_id: balanceAccountId, account_id: other.id})).accounts.length, 0)
  }
  const system = node.services.ledger.systemAccount('external')
  for (const balanceAccountId of [system, unknownUuid()]) {
    t.deepEqual(await list({balance_account_id: balanceAccountId}), {accounts: [], page: {total: 0}})
  }
  t.is((await rpcError(list({balance_account_id: 'not-a-uuid'}))).code, status.INVALID_ARGUMENT)
})
