/**
 * `exchange ledger verify` against a real node: balanced after every kind of manual operation,
 * and a tampered balance is reported with exit code 6 after the report is printed.
 * Serial: the last scenario tampers with the store and must not overlap the others.
 */
import test from 'ava'
import {runCli, runJson} from '../helpers/cli.js'
import {startTestNode, uniqueEmail, type TestNode} from '../helpers/node.js'

type Report = {
  ok: boolean
  transactions: string
  entries: string
  problems: string[]
  assets: {asset: string; journal_sum: string; user_total: string}[]
}
type Account = {id: string; email: string}

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const cliRaw = (args: string[]) => runCli([...args, '--admin-url', node.grpcAddress])
const newAccount = () =>
  node.admin.call<Account>('AccountsService', 'CreateAccount', {email: uniqueEmail('ledger'), password: 'correct horse battery'})
const op = (method: string, request: object) =>
  node.admin.call('OperationsService', method, {asset: 'USDT', reason: 'ledger test', ...request})

test.serial('ledger verify --json is ok after top-ups, withdrawals and transfers', async (t) => {
  const [alice, bob] = await Promise.all([newAccount(), newAccount()])
  await op('ManualTopup', {account_id: alice.id, amount: '100'})
  await op('ManualWithdraw', {account_id: alice.id, amount: '10.5'})
  await op('Transfer', {from_account_id: alice.id, to_account_id: bob.id, amount: '25'})
  const {trading_account_id, funding_account_id} = await node.admin.call<{
    trading_account_id: string
    funding_account_id: string
  }>('AccountsService', 'GetAccountDetails', {email: bob.email})
  await op('TransferBalanceAccount', {
    from_balance_account_id: funding_account_id,
    to_balance_account_id: trading_account_id,
    amount: '5',
  })

  const report = await runJson<Report>(['ledger', 'verify'], node.grpcAddress)
  t.true(report.ok)
  t.deepEqual(report.problems, [])
  t.is(report.transactions, '4')
  t.is(report.entries, '8')
  t.deepEqual(
    report.assets.find((row) => row.asset === 'USDT'),
    {asset: 'USDT', journal_sum: '0', user_total: '89.5'},
  )
})

test.serial('ledger verify in human mode: "ledger ok" with the counts and a table per asset, exit 0', async (t) => {
  const result = await cliRaw(['ledger', 'verify'])
  t.is(result.code, 0)
  t.regex(result.stdout, /^ledger ok: \d+ transactions, \d+ entries\n/)
  t.regex(result.stdout, /journal_sum/)
  t.regex(result.stdout, /USDT/)
})

test.serial('a balance that disagrees with its entries: the report names it and the exit code is 6', async (t) => {
  const account = await newAccount()
  await op('ManualTopup', {account_id: account.id, amount: '1'})
  const {funding_account_id} = await node.admin.call<{funding_account_id: string}>('AccountsService', 'GetAccountDetails', {
    email: account.email,
  })
  // Tamper with the stored balance behind the ledger's back, then put it back.
  const {db} = node.services
  const read = () =>
    (
      db.prepare('SELECT available FROM balances WHERE balance_account_id = ? AND asset = ?').get(funding_account_id, 'USDT') as {
        available: string
      }
    ).available
  const write = (value: string) =>
    db
      .prepare('UPDATE balances SET available = ? WHERE balance_account_id = ? AND asset = ?')
      .run(value, funding_account_id, 'USDT')
  const original = read()
  write(String(BigInt(original) + 1n))
  try {
    const json = await cliRaw(['ledger', 'verify', '--json'])
    t.is(json.code, 6)
    const report = JSON.parse(json.stdout) as Report
    t.false(report.ok)
    t.true(report.problems.some((problem) => problem.includes(funding_account_id)))
    t.regex(json.stderr, /failed_precondition/)

    const human = await cliRaw(['ledger', 'verify'])
    t.is(human.code, 6)
    t.true(human.stdout.includes(funding_account_id))
  } finally {
    write(original)
  }
})
