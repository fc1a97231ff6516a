import {randomUUID} from 'node:crypto'
import {status} from '@grpc/grpc-js'
import test from 'ava'
import type {ListTransactionsResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/ListTransactionsResponse.js'
import type {VerifyLedgerResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/VerifyLedgerResponse.js'
import {rpcError, startTestNode, type TestNode} from '../../helpers/node.js'
import {balanceOf, createAccount, unknownUuid} from '../../helpers/admin-grpc.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

let node: TestNode
test.before(async () => {
  node = await startTestNode()
  await node.admin.call('AssetsService', 'CreateAsset', {code: 'WEI18', name: 'Eighteen decimals', decimals: 18})
})
test.after.always(async () => {
  await node?.close()
})

type Op = {operation_id: string}
const op = (method: string, request: object) => node.admin.call<Op>('OperationsService', method, request)
const topup = (accountId: string, asset: string, amount: string, extra: object = {}) =>
  op('ManualTopup', {account_id: accountId, asset, amount, reason: 'test funding', ...extra})
const available = async (email: string, asset: string, type: 'funding' | 'trading' = 'funding') =>
  (await balanceOf(node, email, asset, type))?.available
const txCount = async (email: string) =>
  (await node.admin.call<ListTransactionsResponse__Output>('AccountsService', 'ListTransactions', {email})).page?.total
const journalRow = (operationId: string) =>
  node.services.db.prepare('SELECT type, reason, operator FROM ledger_transactions WHERE id = ?').get(operationId) as
    {type: string; reason: string; operator: string} | undefined

// --- happy paths of the six RPCs ---

test('ManualTopup credits the funding balance and journals reason and operator', async (t) => {
  const account = await createAccount(node, 'topup')
  const {operation_id} = await topup(account.id, 'USDT', '100.5', {reason: 'bank wire #42'})
  t.regex(operation_id, UUID)
  t.is(await available(account.email, 'USDT'), '100.5')
  t.is(await available(account.email, 'USDT', 'trading'), '0')
  t.deepEqual(journalRow(operation_id), {type: 'manual_topup', reason: 'bank wire #42', operator: 'test-operator'})
})

test('ManualWithdraw debits the funding balance', async (t) => {
  const account = await createAccount(node, 'withdraw')
  await topup(account.id, 'BTC', '1')
  const {operation_id} = await op('ManualWithdraw', {account_id: account.id, asset: 'BTC', amount: '0.25', reason: 'payout'})
  t.regex(operation_id, UUID)
  t.is(await available(account.email, 'BTC'), '0.75')
  t.deepEqual(journalRow(operation_id), {type: 'manual_withdraw', reason: 'payout', operator: 'test-operator'})
})

test('Transfer moves funds between the funding balances of two accounts', async (t) => {
  const from = await createAccount(node, 'xfrom')
  const to = await createAccount(node, 'xto')
  await topup(from.id, 'ETH', '3')
  const {operation_id} = await op('Transfer', {
    from_account_id: from.id,
    to_account_id: to.id,
    asset: 'ETH',
    amount: '1.000000000000000001',
    reason: 'settlement',
  })
  t.regex(operation_id, UUID)
  t.is(await available(from.email, 'ETH'), '1.999999999999999999')
  t.is(await available(to.email, 'ETH'), '1.000000000000000001')
  t.is(journalRow(operation_id)?.reason, 'settlement')
})

test('ManualTopupBalanceAccount and ManualWithdrawBalanceAccount act on the given (trading) balance account', async (t) => {
  const account = await createAccount(node, 'ba')
  const credited = await op('ManualTopupBalanceAccount', {
    balance_account_id: account.trading_account_id,
    asset: 'TRX',
    amount: '50',
    reason: 'promo',
  })
  t.regex(credited.operation_id, UUID)
  t.is(await available(account.email, 'TRX', 'trading'), '50')
  t.is(await available(account.email, 'TRX', 'funding'), '0')
  const debited = await op('ManualWithdrawBalanceAccount', {
    balance_account_id: account.trading_account_id,
    asset: 'TRX',
    amount: '20.000001',
    reason: 'promo reversal',
  })
  t.regex(debited.operation_id, UUID)
  t.not(debited.operation_id, credited.operation_id)
  t.is(await available(account.email, 'TRX', 'trading'), '29.999999')
})

test('TransferBalanceAccount moves funds from funding to trading of one account, and across accounts', async (t) => {
  const account = await createAccount(node, 'bax')
  const other = await createAccount(node, 'baxo')
  await topup(account.id, 'USDT', '10')
  const inner = await op('TransferBalanceAccount', {
    from_balance_account_id: account.funding_account_id,
    to_balance_account_id: account.trading_account_id,
    asset: 'USDT',
    amount: '4',
    reason: 'to trading',
  })
  t.regex(inner.operation_id, UUID)
  t.is(await available(account.email, 'USDT', 'funding'), '6')
  t.is(await available(account.email, 'USDT', 'trading'), '4')
  await op('TransferBalanceAccount', {
    from_balance_account_id: account.trading_account_id,
    to_balance_account_id: other.trading_account_id,
    asset: 'USDT',
    amount: '1.5',
    reason: 'across',
  })
  t.is(await available(account.email, 'USDT', 'trading'), '2.5')
  t.is(await available(other.email, 'USDT', 'trading'), '1.5')
})

// --- exactness ---

test('an 18-decimals asset and amounts above 10^9 round-trip exactly', async (t) => {
  const account = await createAccount(node, 'wei')
  await topup(account.id, 'WEI18', '123456789012.123456789012345678')
  t.deepEqual(await balanceOf(node, account.email, 'WEI18'), {
    asset: 'WEI18',
    amount: '123456789012.123456789012345678',
    account_type: 'funding',
    available: '123456789012.123456789012345678',
    locked: '0',
    balance_account_id: account.funding_account_id,
  })
  await op('ManualWithdraw', {account_id: account.id, asset: 'WEI18', amount: '0.000000000000000001', reason: 'one wei'})
  t.is(await available(account.email, 'WEI18'), '123456789012.123456789012345677')
  await topup(account.id, 'WEI18', '999999999999999999.999999999999999999')
  t.is(await available(account.email, 'WEI18'), '1000000123456789012.123456789012345676')

  await topup(account.id, 'BTC', '12345678901.12345678')
  await topup(account.id, 'BTC', '0.00000001')
  t.is(await available(account.email, 'BTC'), '12345678901.12345679')
})

test('malformed amounts are INVALID_ARGUMENT and change nothing', async (t) => {
  const account = await createAccount(node, 'badamount')
  await topup(account.id, 'BTC', '1')
  const bad = [
    '1e5',
    '-1',
    '0.123456789',
    '0',
    '0.0',
    '',
    ' 1',
    '1 ',
    '+1',
    '01',
    '.5',
    '1.',
    '1,5',
    '0x10',
    'NaN',
    'Infinity',
    'abc',
  ]
  for (const amount of bad) {
    for (const [method, request] of [
      ['ManualTopup', {account_id: account.id}],
      ['ManualWithdraw', {account_id: account.id}],
      ['ManualTopupBalanceAccount', {balance_account_id: account.funding_account_id}],
    ] as const) {
      const error = await rpcError(op(method, {...request, asset: 'BTC', amount, reason: 'bad'}))
      t.is(error.code, status.INVALID_ARGUMENT, `${method} ${JSON.stringify(amount)}`)
      t.is(error.errorCode, 'invalid_argument')
    }
  }
  t.is(await available(account.email, 'BTC'), '1')
  t.is(await txCount(account.email), 1)
})

test('an asset with fewer decimals refuses finer amounts (USDT has 6)', async (t) => {
  const account = await createAccount(node, 'usdt6')
  const error = await rpcError(topup(account.id, 'USDT', '1.0000001'))
  t.is(error.code, status.INVALID_ARGUMENT)
  await topup(account.id, 'USDT', '1.000001')
  t.is(await available(account.email, 'USDT'), '1.000001')
})

test('unknown asset is NOT_FOUND, empty or malformed asset code INVALID_ARGUMENT', async (t) => {
  const account = await createAccount(node, 'badasset')
  t.is((await rpcError(topup(account.id, 'NOPE', '1'))).code, status.NOT_FOUND)
  t.is((await rpcError(topup(account.id, '', '1'))).code, status.INVALID_ARGUMENT)
  t.is((await rpcError(topup(account.id, 'b-t-c', '1'))).code, status.INVALID_ARGUMENT)
})

test('missing reason is INVALID_ARGUMENT for every operation', async (t) => {
  const account = await createAccount(node, 'noreason')
  const other = await createAccount(node, 'noreason2')
  await topup(account.id, 'BTC', '1')
  const requests: [string, object][] = [
    ['ManualTopup', {account_id: account.id}],
    ['ManualWithdraw', {account_id: account.id}],
    ['Transfer', {from_account_id: account.id, to_account_id: other.id}],
    ['ManualTopupBalanceAccount', {balance_account_id: account.trading_account_id}],
    ['ManualWithdrawBalanceAccount', {balance_account_id: account.funding_account_id}],
    [
      'TransferBalanceAccount',
      {from_balance_account_id: account.funding_account_id, to_balance_account_id: account.trading_account_id},
    ],
  ]
  for (const [method, request] of requests) {
    for (const reason of ['', '   ']) {
      const error = await rpcError(op(method, {...request, asset: 'BTC', amount: '0.1', reason}))
      t.is(error.code, status.INVALID_ARGUMENT, `${method} reason ${JSON.stringify(reason)}`)
    }
  }
  t.is(await available(account.email, 'BTC'), '1')
  t.is(await txCount(account.email), 1)
})

// --- insufficient funds ---

test('overdraft is FAILED_PRECONDITION insufficient_funds and changes nothing', async (t) => {
  const account = await createAccount(node, 'overdraft')
  const other = await createAccount(node, 'overdraft2')
  await topup(account.id, 'USDT', '5')
  const requests: [string, object][] = [
    ['ManualWithdraw', {account_id: account.id}],
    ['Transfer', {from_account_id: account.id, to_account_id: other.id}],
    ['ManualWithdrawBalanceAccount', {balance_account_id: account.funding_account_id}],
    [
      'TransferBalanceAccount',
      {from_balance_account_id: account.funding_account_id, to_balance_account_id: account.trading_account_id},
    ],
  ]
  for (const [method, request] of requests) {
    const error = await rpcError(op(method, {...request, asset: 'USDT', amount: '5.000001', reason: 'too much'}))
    t.is(error.code, status.FAILED_PRECONDITION, method)
    t.is(error.errorCode, 'insufficient_funds', method)
  }
  // An empty balance account (trading) cannot pay anything either.
  const empty = await rpcError(
    op('ManualWithdrawBalanceAccount', {
      balance_account_id: account.trading_account_id,
      asset: 'USDT',
      amount: '0.000001',
      reason: 'x',
    }),
  )
  t.is(empty.errorCode, 'insufficient_funds')
  t.is(await available(account.email, 'USDT'), '5')
  t.is(await available(account.email, 'USDT', 'trading'), '0')
  t.is(await available(other.email, 'USDT'), '0')
  t.is(await txCount(account.email), 1)
  t.is(await txCount(other.email), 0)
  // Exactly the whole balance is fine.
  await op('ManualWithdraw', {account_id: account.id, asset: 'USDT', amount: '5', reason: 'all of it'})
  t.is(await available(account.email, 'USDT'), '0')
})

test('locked funds cannot be withdrawn: only available counts', async (t) => {
  const account = await createAccount(node, 'lockedfunds')
  await topup(account.id, 'BTC', '1')
  node.services.ledger.hold(account.funding_account_id, 'BTC', 60_000_000n, {type: 'hold'})
  const error = await rpcError(op('ManualWithdraw', {account_id: account.id, asset: 'BTC', amount: '0.5', reason: 'x'}))
  t.is(error.errorCode, 'insufficient_funds')
  await op('ManualWithdraw', {account_id: account.id, asset: 'BTC', amount: '0.4', reason: 'x'})
  t.deepEqual(
    [(await balanceOf(node, account.email, 'BTC'))?.available, (await balanceOf(node, account.email, 'BTC'))?.locked],
    ['0', '0.6'],
  )
})

// --- ids ---

test('transfer to the same account or balance account is INVALID_ARGUMENT', async (t) => {
  const account = await createAccount(node, 'self')
  await topup(account.id, 'BTC', '1')
  const same = await rpcError(
    op('Transfer', {from_account_id: account.id, to_account_id: account.id, asset: 'BTC', amount: '0.1', reason: 'self'}),
  )
  t.is(same.code, status.INVALID_ARGUMENT)
  const sameBa = await rpcError(
    op('TransferBalanceAccount', {
      from_balance_account_id: account.funding_account_id,
      to_balance_account_id: account.funding_account_id,
      asset: 'BTC',
      amount: '0.1',
      reason: 'self',
    }),
  )
  t.is(sameBa.code, status.INVALID_ARGUMENT)
  t.is(await txCount(account.email), 1)
})

test('unknown account or balance account ids are NOT_FOUND; malformed ids INVALID_ARGUMENT', async (t) => {
  const account = await createAccount(node, 'ids')
  await topup(account.id, 'BTC', '1')
  const common = {asset: 'BTC', amount: '0.1', reason: 'ids'}
  const notFound: [string, object][] = [
    ['ManualTopup', {account_id: unknownUuid()}],
    ['ManualWithdraw', {account_id: unknownUuid()}],
    ['Transfer', {from_account_id: account.id, to_account_id: unknownUuid()}],
    ['Transfer', {from_account_id: unknownUuid(), to_account_id: account.id}],
    ['ManualTopupBalanceAccount', {balance_account_id: unknownUuid()}],
    ['ManualWithdrawBalanceAccount', {balance_account_id: unknownUuid()}],
    ['TransferBalanceAccount', {from_balance_account_id: account.funding_account_id, to_balance_account_id: unknownUuid()}],
    ['TransferBalanceAccount', {from_balance_account_id: unknownUuid(), to_balance_account_id: account.funding_account_id}],
    // An account id is not a balance account id.
    ['ManualTopupBalanceAccount', {balance_account_id: account.id}],
    // A balance account id is not an account id.
    ['ManualTopup', {account_id: account.funding_account_id}],
  ]
  for (const [method, request] of notFound) {
    const error = await rpcError(op(method, {...request, ...common}))
    t.is(error.code, status.NOT_FOUND, `${method} ${JSON.stringify(request)}`)
  }
  const invalid: [string, object][] = [
    ['ManualTopup', {account_id: ''}],
    ['ManualTopup', {account_id: 'not-a-uuid'}],
    ['Transfer', {from_account_id: account.id, to_account_id: '123'}],
    ['ManualTopupBalanceAccount', {balance_account_id: ''}],
    ['ManualWithdrawBalanceAccount', {balance_account_id: 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz'}],
    ['TransferBalanceAccount', {from_balance_account_id: account.funding_account_id, to_balance_account_id: 'x'}],
  ]
  for (const [method, request] of invalid) {
    const error = await rpcError(op(method, {...request, ...common}))
    t.is(error.code, status.INVALID_ARGUMENT, `${method} ${JSON.stringify(request)}`)
  }
  t.is(await available(account.email, 'BTC'), '1')
})

test('system balance accounts (external, fee) are not reachable by balance account id', async (t) => {
  const account = await createAccount(node, 'system')
  await topup(account.id, 'BTC', '1')
  for (const kind of ['external', 'fee'] as const) {
    const systemId = node.services.ledger.systemAccount(kind)
    const credit = await rpcError(
      op('ManualTopupBalanceAccount', {balance_account_id: systemId, asset: 'BTC', amount: '1', reason: 'x'}),
    )
    t.is(credit.code, status.NOT_FOUND, kind)
    const drain = await rpcError(
      op('TransferBalanceAccount', {
        from_balance_account_id: systemId,
        to_balance_account_id: account.funding_account_id,
        asset: 'BTC',
        amount: '1',
        reason: 'x',
      }),
    )
    t.is(drain.code, status.NOT_FOUND, kind)
  }
  t.is(await available(account.email, 'BTC'), '1')
})

// --- idempotency ---

test('idempotency_key: the same request twice returns the same operation_id and credits once', async (t) => {
  const account = await createAccount(node, 'idem')
  const key = `idem-${randomUUID()}`
  const first = await topup(account.id, 'USDT', '7', {idempotency_key: key})
  const second = await topup(account.id, 'USDT', '7', {idempotency_key: key})
  t.is(second.operation_id, first.operation_id)
  t.is(await available(account.email, 'USDT'), '7')
  t.is(await txCount(account.email), 1)
})

test('idempotency_key: concurrent retries of one request apply it once', async (t) => {
  const account = await createAccount(node, 'idemrace')
  const key = `idemrace-${randomUUID()}`
  const results = await Promise.all(Array.from({length: 10}, () => topup(account.id, 'BTC', '0.5', {idempotency_key: key})))
  t.is(new Set(results.map((r) => r.operation_id)).size, 1)
  t.is(await available(account.email, 'BTC'), '0.5')
})

test('idempotency_key: the same key with a different amount, account or kind is ALREADY_EXISTS', async (t) => {
  const account = await createAccount(node, 'idemconf')
  const other = await createAccount(node, 'idemconf2')
  const key = `idemconf-${randomUUID()}`
  await topup(account.id, 'USDT', '7', {idempotency_key: key})
  const amount = await rpcError(topup(account.id, 'USDT', '8', {idempotency_key: key}))
  t.is(amount.code, status.ALREADY_EXISTS)
  t.is(amount.errorCode, 'already_exists')
  t.is((await rpcError(topup(other.id, 'USDT', '7', {idempotency_key: key}))).code, status.ALREADY_EXISTS)
  t.is(
    (
      await rpcError(
        op('ManualWithdraw', {account_id: account.id, asset: 'USDT', amount: '7', reason: 'x', idempotency_key: key}),
      )
    ).code,
    status.ALREADY_EXISTS,
  )
  t.is(await available(account.email, 'USDT'), '7')
  t.is(await available(other.email, 'USDT'), '0')
})

test('idempotency_key: a withdrawal retried after the balance was spent returns the first result', async (t) => {
  const account = await createAccount(node, 'idemwd')
  await topup(account.id, 'BTC', '1')
  const key = `idemwd-${randomUUID()}`
  const request = {account_id: account.id, asset: 'BTC', amount: '1', reason: 'all', idempotency_key: key}
  const first = await op('ManualWithdraw', request)
  const again = await op('ManualWithdraw', request)
  t.is(again.operation_id, first.operation_id)
  t.is(await available(account.email, 'BTC'), '0')
})

test('a failed operation does not consume its idempotency_key', async (t) => {
  const account = await createAccount(node, 'idemfail')
  const key = `idemfail-${randomUUID()}`
  const request = {account_id: account.id, asset: 'BTC', amount: '1', reason: 'x', idempotency_key: key}
  t.is((await rpcError(op('ManualWithdraw', request))).errorCode, 'insufficient_funds')
  await topup(account.id, 'BTC', '1')
  const done = await op('ManualWithdraw', request)
  t.regex(done.operation_id, UUID)
  t.is(await available(account.email, 'BTC'), '0')
})

// --- concurrency ---

test('50 concurrent withdrawals of 1 USDT on a balance of 10: exactly 10 succeed and the ledger verifies', async (t) => {
  const account = await createAccount(node, 'race')
  await topup(account.id, 'USDT', '10')
  const results = await Promise.allSettled(
    Array.from({length: 50}, (_, i) =>
      op('ManualWithdraw', {account_id: account.id, asset: 'USDT', amount: '1', reason: `race ${i}`}),
    ),
  )
  const succeeded = results.filter((r) => r.status === 'fulfilled')
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
  t.is(succeeded.length, 10)
  t.is(failed.length, 40)
  for (const failure of failed) {
    const error = failure.reason as {code: number; metadata: {get(key: string): unknown[]}}
    t.is(error.code, status.FAILED_PRECONDITION)
    t.is(String(error.metadata.get('error-code')[0]), 'insufficient_funds')
  }
  t.is(await available(account.email, 'USDT'), '0')
  t.is(await txCount(account.email), 11)
  const report = await node.admin.call<VerifyLedgerResponse__Output>('LedgerService', 'VerifyLedger')
  t.true(report.ok, report.problems.join('\n'))
  t.deepEqual(report.problems, [])
})
