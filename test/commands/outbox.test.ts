import test from 'ava'
import {runCli, runJson} from '../helpers/cli.js'
import {startTestNode, type TestNode} from '../helpers/node.js'
import {assertError, call, codeAfter, newIdentity} from '../helpers/account-flows.js'

type OutboxMessage = {id: string; channel: string; to: string; subject: string; body: string; status: string; created_at: string}

let node: TestNode
test.before(async () => {
  // No SMTP server or SMS provider: the npm start default.
  node = await startTestNode({rateLimits: {standard: 100, strict: 1000, internal: 1000, internalCidrs: []}})
})
test.after.always(async () => {
  await node?.close()
})

const outbox = (args: string[] = []) => runJson<{messages: OutboxMessage[]}>(['outbox', 'list', ...args], node.grpcAddress)

test.serial(
  'without SMTP/SMS the codes land in the outbox; `exchange outbox list --json` shows them and a sign-up completes from it',
  async (t) => {
    const who = newIdentity('outbox')
    const started = await call(node, 'POST', '/auth/sign-up/', who)
    t.is(started.status, 200, JSON.stringify(started.body))

    const {messages} = await outbox()
    const mail = messages.find((m) => m.channel === 'email' && m.to === who.email)!
    const sms = messages.find((m) => m.channel === 'sms' && m.to === who.phone)!
    for (const message of [mail, sms]) {
      t.is(message.status, 'stored')
      t.regex(message.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
      t.regex(message.id, /^[0-9a-f-]{36}$/)
    }
    t.is(mail.subject, 'Your exchange verification code')
    const codes = {email_code: codeAfter(mail.body, /code is/), sms_code: codeAfter(sms.body, /code:/)}

    const done = await call(node, 'POST', '/auth/sign-up/complete/', {verification_id: started.body.verification_id, ...codes})
    t.is(done.status, 200, JSON.stringify(done.body))
    t.is(done.body.status, 'active')
    const details = await node.admin.call<{status: string}>('AccountsService', 'GetAccountDetails', {email: who.email})
    t.is(details.status, 'active')
  },
)

test.serial('outbox list filters by --channel, --to and --limit, newest first; the table mode prints the body', async (t) => {
  const first = newIdentity('filter')
  const second = newIdentity('filter')
  for (const who of [first, second]) t.is((await call(node, 'POST', '/auth/sign-up/', who)).status, 200)

  const toFirst = await outbox(['--to', first.email])
  t.deepEqual(
    toFirst.messages.map((m) => [m.channel, m.to]),
    [['email', first.email]],
  )
  const sms = await outbox(['--channel', 'sms', '--limit', '2'])
  t.deepEqual(
    sms.messages.map((m) => m.to),
    [second.phone, first.phone],
  )

  const table = await runCli(['outbox', 'list', '--to', second.phone, '--admin-url', node.grpcAddress])
  t.is(table.code, 0, table.stderr)
  t.true(table.stdout.includes(second.phone))
  t.regex(table.stdout, /Exchange sign-up code: \d{6}/)
  const bad = await runCli(['outbox', 'list', '--channel', 'fax', '--admin-url', node.grpcAddress])
  t.not(bad.code, 0)
})

test.serial('OutboxService.ListOutbox refuses an unknown channel with INVALID_ARGUMENT', async (t) => {
  const error = await node.admin.call('OutboxService', 'ListOutbox', {channel: 'fax'}).catch((e: {code: number}) => e)
  t.is((error as {code: number}).code, 3)
  // And the gateway refuses sign-ups it cannot validate before anything reaches the outbox.
  const before = (await node.admin.call<{messages: unknown[]}>('OutboxService', 'ListOutbox', {limit: 500})).messages.length
  assertError(t, await call(node, 'POST', '/auth/sign-up/', {...newIdentity('nothing'), phone: '12'}), 400, 'invalid_argument')
  t.is((await node.admin.call<{messages: unknown[]}>('OutboxService', 'ListOutbox', {limit: 500})).messages.length, before)
})
