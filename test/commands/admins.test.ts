/**
 * `exchange admins ...` driven as an operator's script would: the built binary as a subprocess,
 * without a TTY, against a real node (with an admin token, as production would run it); then the
 * admins it made sign in at the AdminGateway and their actions show up in `exchange admins audit`.
 * Serial: each CLI run is a Node process costing most of a second of CPU.
 */
import test from 'ava'
import {runCli, runJson} from '../helpers/cli.js'
import {startTestNode, uniqueEmail, type TestNode} from '../helpers/node.js'
import {rpc, signIn} from '../helpers/admin-gateway.js'

const TOKEN = 'cli-admins-test-token'
const PASSWORD = 'cli admin password'

type Admin = {id: string; email: string; role: string; disabled: boolean; is_totp_enabled: boolean}
type Entry = {admin_email: string; role: string; action: string; request: string; result: string; created_at: string}

let node: TestNode
test.before(async () => {
  node = await startTestNode({adminToken: TOKEN})
})
test.after.always(async () => {
  await node?.close()
})

const env = {EXCHANGE_ADMIN_TOKEN: TOKEN}
const cli = <T = Record<string, unknown>>(args: string[]) => runJson<T>(args, node.grpcAddress, env)
const cliRaw = (args: string[]) => runCli([...args, '--admin-url', node.grpcAddress], {env})

test.serial(
  'first superadmin from the CLI: create, list, set-role, disable, and the audit of what they did at the gateway',
  async (t) => {
    const root = uniqueEmail('root')
    const ops = uniqueEmail('ops')
    const created = await cli<{id: string}>(['admins', 'create', '--email', root, '--password', PASSWORD, '--role', 'superadmin'])
    t.regex(created.id, /^[0-9a-f-]{36}$/)
    // Setup, not the subject: the second admin straight through the API.
    await node.admin.call('AdminsService', 'CreateAdmin', {email: ops, password: PASSWORD, role: 'operator'})

    const {admins} = await cli<{admins: Admin[]}>(['admins', 'list'])
    t.like(
      admins.find((admin) => admin.email === root),
      {id: created.id, role: 'superadmin', disabled: false, is_totp_enabled: false},
    )

    t.deepEqual(await cli(['admins', 'set-role', '--email', ops, '--role', 'finance']), {success: true})
    const signedIn = await signIn(node, ops, PASSWORD)
    t.is(signedIn.body.role, 'finance')
    t.is((await rpc(node, {token: signedIn.body.access_token}, 'TiersService/CreateTier', {name: 'x', limits: '{}'})).status, 403)
    t.is((await rpc(node, {token: signedIn.body.access_token}, 'PingService/Ping')).status, 200)

    const audit = await cli<{entries: Entry[]; page: {total: number}}>([
      'admins',
      'audit',
      '--admin-email',
      ops,
      '--limit',
      '2',
      '--offset',
      '1',
    ])
    t.is(audit.page.total, 3)
    t.deepEqual(
      audit.entries.map((entry) => [entry.action, entry.result, entry.role]),
      [
        ['TiersService/CreateTier', 'denied', 'finance'],
        ['sign_in', 'ok', 'finance'],
      ],
    )
    t.is(JSON.parse(audit.entries[1]!.request).password, '[redacted]')

    t.deepEqual(await cli(['admins', 'disable', '--email', ops]), {success: true})
    t.is((await rpc(node, {token: signedIn.body.access_token}, 'PingService/Ping')).status, 403)
  },
)

test.serial('failures exit non-zero with one line naming the gRPC code', async (t) => {
  const email = uniqueEmail('dup')
  await node.admin.call('AdminsService', 'CreateAdmin', {email, password: PASSWORD, role: 'auditor'})
  const duplicate = await cliRaw(['admins', 'create', '--email', email, '--password', PASSWORD, '--role', 'auditor'])
  t.is(duplicate.code, 5)
  t.regex(duplicate.stderr.trim(), /^Error: ALREADY_EXISTS \(already_exists\): admin .* already exists$/)

  const unknown = await cliRaw(['admins', 'disable', '--email', uniqueEmail('ghost')])
  t.is(unknown.code, 4)
  t.regex(unknown.stderr, /NOT_FOUND \(not_found\)/)

  t.false(duplicate.stderr.includes(PASSWORD))
  t.false(node.logs.join('\n').includes(PASSWORD))
})
