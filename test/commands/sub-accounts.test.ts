/**
 * `exchange accounts create-sub` (AccountsService.CreateSubAccount) as a subprocess against a real
 * node: the --json result, details showing the master, and the refusals' exit codes. Serial, like
 * the other CLI files (each run is a Node process).
 */
import test from 'ava'
import {runCli, runJson} from '../helpers/cli.js'
import {startTestNode, uniqueEmail, type TestNode} from '../helpers/node.js'

type SubAccount = {
  id: string
  email: string
  tier_id: string
  funding_account_id: string
  trading_account_id: string
  master_account_id: string
  status: string
  created_at: string
}

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const cli = <T = Record<string, unknown>>(args: string[]) => runJson<T>(args, node.grpcAddress)
const cliRaw = (args: string[]) => runCli([...args, '--admin-url', node.grpcAddress])
const newAccount = (email = uniqueEmail('master')) =>
  node.admin.call<{id: string; email: string}>('AccountsService', 'CreateAccount', {email, password: 'correct horse battery'})

test.serial('create-sub --json: a sub-account of the master on its tier; details show master_account_id', async (t) => {
  const master = await newAccount()
  const email = uniqueEmail('sub')
  const sub = await cli<SubAccount>(['accounts', 'create-sub', '--master-email', master.email, '--email', email])
  t.like(sub, {email, master_account_id: master.id, status: 'active', tier_id: node.services.tiers.getDefault().id})
  t.not(sub.funding_account_id, sub.trading_account_id)
  const details = await cli<SubAccount>(['accounts', 'details', '--email', email])
  t.like(details, {id: sub.id, master_account_id: master.id, funding_account_id: sub.funding_account_id})
  t.deepEqual(
    node.services.accounts.subAccountsOf(master.id).map((account) => account.id),
    [sub.id],
  )
})

test.serial('create-sub refusals: a sub-account of a sub-account exits 6, a taken e-mail 5, an unknown master 4', async (t) => {
  const master = await newAccount()
  const sub = await cli<SubAccount>(['accounts', 'create-sub', '--master-email', master.email, '--email', uniqueEmail('sub')])
  const nested = await cliRaw(['accounts', 'create-sub', '--master-email', sub.email, '--email', uniqueEmail('sub')])
  t.is(nested.code, 6)
  t.regex(nested.stderr, /^Error: FAILED_PRECONDITION \(failed_precondition\): .+\n$/)
  const taken = await cliRaw(['accounts', 'create-sub', '--master-email', master.email, '--email', sub.email])
  t.is(taken.code, 5)
  const unknown = await cliRaw(['accounts', 'create-sub', '--master-email', uniqueEmail('nobody'), '--email', uniqueEmail('sub')])
  t.is(unknown.code, 4)
  const missing = await cliRaw(['accounts', 'create-sub', '--email', uniqueEmail('sub')])
  t.is(missing.code, 2)
  t.regex(missing.stderr, /missing required flag --master-email \(Master e-mail \(or --master-account-id\)\)/)
  t.is(node.services.accounts.subAccountsOf(master.id).length, 1)
})

test.serial('create-sub --master-account-id: the master named by its id; both names exit 2, an unknown id 4', async (t) => {
  const master = await newAccount()
  const email = uniqueEmail('sub')
  const sub = await cli<SubAccount>(['accounts', 'create-sub', '--master-account-id', master.id, '--email', email])
  t.like(sub, {email, master_account_id: master.id, status: 'active'})
  const both = await cliRaw([
    ...['accounts', 'create-sub', '--master-account-id', master.id],
    ...['--master-email', master.email, '--email', uniqueEmail('sub')],
  ])
  t.is(both.code, 2)
  t.regex(both.stderr, /cannot also be provided when using --master-(email|account-id)/)
  const unknown = await cliRaw([
    ...['accounts', 'create-sub', '--master-account-id', '00000000-0000-4000-8000-000000000000'],
    ...['--email', uniqueEmail('sub')],
  ])
  t.is(unknown.code, 4)
  t.regex(unknown.stderr, /^Error: NOT_FOUND \(not_found\): .+\n$/)
  t.deepEqual(
    node.services.accounts.subAccountsOf(master.id).map((account) => account.id),
    [sub.id],
  )
})

test.serial('create-sub in human mode prints the sub-account', async (t) => {
  const master = await newAccount()
  const email = uniqueEmail('sub')
  const result = await cliRaw(['accounts', 'create-sub', '--master-email', master.email, '--email', email])
  t.is(result.code, 0, result.stderr)
  for (const text of [email, master.id, 'master_account_id', 'trading_account_id']) t.true(result.stdout.includes(text), text)
})
