import test from 'ava'
import type {VerifyLedgerResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/VerifyLedgerResponse.js'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {balances, createAccount} from '../../helpers/admin-grpc.js'

// Serial: every test looks at the whole ledger of the node.

let node: TestNode
test.before(async () => {
  node = await startTestNode()
  await node.admin.call('AssetsService', 'CreateAsset', {code: 'WEI18', name: 'Eighteen decimals', decimals: 18})
})
test.after.always(async () => {
  await node?.close()
})

const verify = () => node.admin.call<VerifyLedgerResponse__Output>('LedgerService', 'VerifyLedger')
const op = (method: string, request: object) =>
  node.admin.call<{operation_id: string}>('OperationsService', method, {reason: 'ledger test', ...request})

/** Exact sum of plain decimal strings (up to 18 places), as a plain decimal string. */
function sum(values: string[]): string {
  const scale = 18
  let total = 0n
  for (const value of values) {
    const [whole, fraction = ''] = value.split('.')
    total += BigInt(whole! + fraction.padEnd(scale, '0'))
  }
  const digits = total.toString().padStart(scale + 1, '0')
  const fraction = digits.slice(-scale).replace(/0+$/, '')
  return digits.slice(0, -scale) + (fraction ? `.${fraction}` : '')
}

const emails: string[] = []

test.serial('VerifyLedger: a fresh node has an empty, balanced ledger', async (t) => {
  t.deepEqual(await verify(), {ok: true, transactions: '0', entries: '0', problems: [], assets: []})
})

test.serial('VerifyLedger: after operations every asset sums to "0" and user_total is the sum of user balances', async (t) => {
  const a = await createAccount(node, 'ledger-a')
  const b = await createAccount(node, 'ledger-b')
  emails.push(a.email, b.email)
  await op('ManualTopup', {account_id: a.id, asset: 'USDT', amount: '10'})
  await op('ManualTopup', {account_id: a.id, asset: 'BTC', amount: '1.23456789'})
  await op('Transfer', {from_account_id: a.id, to_account_id: b.id, asset: 'USDT', amount: '2.5'})
  await op('ManualWithdraw', {account_id: b.id, asset: 'USDT', amount: '0.5'})
  await op('TransferBalanceAccount', {
    from_balance_account_id: a.funding_account_id,
    to_balance_account_id: a.trading_account_id,
    asset: 'USDT',
    amount: '1',
  })
  await op('ManualTopupBalanceAccount', {
    balance_account_id: b.trading_account_id,
    asset: 'WEI18',
    amount: '123456789012.123456789012345678',
  })
  await op('ManualWithdrawBalanceAccount', {
    balance_account_id: b.trading_account_id,
    asset: 'WEI18',
    amount: '0.000000000000000001',
  })

  const report = await verify()
  t.true(report.ok, report.problems.join('\n'))
  t.deepEqual(report.problems, [])
  t.is(report.transactions, '7')
  t.is(report.entries, '14')
  t.deepEqual(report.assets, [
    {asset: 'BTC', journal_sum: '0', user_total: '1.23456789'},
    {asset: 'USDT', journal_sum: '0', user_total: '9.5'},
    {asset: 'WEI18', journal_sum: '0', user_total: '123456789012.123456789012345677'},
  ])

  // user_total is what GetBalances shows across all accounts, funding and trading.
  const all = (await Promise.all(emails.map((email) => balances(node, email)))).flat()
  for (const row of report.assets) {
    t.is(sum(all.filter((balance) => balance.asset === row.asset).map((balance) => balance.amount)), row.user_total, row.asset)
  }
})

test.serial('VerifyLedger: locked funds count into user_total and keep the ledger balanced', async (t) => {
  const c = await createAccount(node, 'ledger-c')
  emails.push(c.email)
  await op('ManualTopup', {account_id: c.id, asset: 'BTC', amount: '2'})
  node.services.ledger.hold(c.funding_account_id, 'BTC', 50_000_000n, {type: 'hold'})
  const report = await verify()
  t.true(report.ok, report.problems.join('\n'))
  t.deepEqual(
    report.assets.find((row) => row.asset === 'BTC'),
    {asset: 'BTC', journal_sum: '0', user_total: '3.23456789'},
  )
  const all = (await Promise.all(emails.map((email) => balances(node, email)))).flat()
  t.is(sum(all.filter((balance) => balance.asset === 'BTC').map((balance) => balance.amount)), '3.23456789')
})

test.serial('VerifyLedger: a balance that does not match its entries is reported', async (t) => {
  const d = await createAccount(node, 'ledger-d')
  await op('ManualTopup', {account_id: d.id, asset: 'TRX', amount: '5'})
  const db = node.services.db
  const tamper = db.prepare('UPDATE balances SET available = ? WHERE balance_account_id = ? AND asset = ?')
  tamper.run('6000000', d.funding_account_id, 'TRX')
  try {
    const report = await verify()
    t.false(report.ok)
    t.true(report.problems.length > 0)
    t.true(
      report.problems.some((problem) => problem.includes(d.funding_account_id) && problem.includes('TRX')),
      report.problems.join('\n'),
    )
  } finally {
    tamper.run('5000000', d.funding_account_id, 'TRX')
  }
  t.true((await verify()).ok)
})
