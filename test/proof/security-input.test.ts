/**
 * Proof, security of input and secrets: brute force on sign-in, on the 2FA challenge and on
 * sign-up codes locks out; SQL metacharacters, 60 KiB and 1 MiB strings in every text field of
 * every documented body, query parameter and path parameter are refused or stored as text, never
 * a 5xx, never SQL; SQL metacharacters and 1 MiB in every string field of every admin gRPC request
 * message, never INTERNAL; secrets (passwords, codes, TOTP and API secrets, the wallet mnemonic,
 * tokens) never appear in the node's logs, in error bodies or in the AdminGateway's metrics.
 */
import * as grpc from '@grpc/grpc-js'
import {loadAdminProtos} from '../../src/node/admin/proto.js'
import test from 'ava'
import {call, outboxCodes, signInUser, signUpUser, newIdentity} from '../helpers/account-flows.js'
import {adminOf, gateway, signIn} from '../helpers/admin-gateway.js'
import {authenticator} from '../helpers/totp.js'
import {startTestNode, type TestNode} from '../helpers/node.js'
import {UNLIMITED} from '../helpers/proof/node.js'
import {
  adminGoods,
  adminRpcs,
  callRpc,
  plausibleMessage,
  SERVER_FAULTS,
  stringFields,
  withValueAt,
} from '../helpers/proof/admin-fuzz.js'
import {restActor, restProblem, restRoutes, type RestActor} from '../helpers/proof/rest-fuzz.js'
import {brief, count, MIB_STRING, SQL_STRINGS, type Tally} from '../helpers/proof/values.js'
import {API, signature} from '../helpers/rest.js'
import {request} from '../helpers/proof/http.js'

let node: TestNode
let actor: RestActor
/** Every error body the node answered in this file, to search for secrets. */
const errorBodies: string[] = []

test.before(async () => {
  node = await startTestNode({rateLimits: UNLIMITED})
  actor = await restActor(node, `input-${process.pid}@example.com`)
})
test.after.always(async () => {
  await node?.close()
})

const remember = <T extends {status: number; body: unknown}>(reply: T): T => {
  if (reply.status >= 400) errorBodies.push(JSON.stringify(reply.body))
  return reply
}

test.serial('brute force: 5 wrong passwords lock sign-in, even for the right one (429 rate_limited)', async (t) => {
  const user = await signUpUser(t, node, 'brute-pw')
  const statuses: number[] = []
  for (let i = 0; i < 8; i++)
    statuses.push(
      remember(await call(node, 'POST', '/auth/sign-in/', {email: user.email, password: `guess ${i} ${user.password}`})).status,
    )
  t.deepEqual(statuses.slice(0, 4), [401, 401, 401, 401])
  t.true(
    statuses.slice(4).every((s) => s === 429),
    statuses.join(','),
  )
  t.is(remember(await call(node, 'POST', '/auth/sign-in/', {email: user.email, password: user.password})).status, 429)
})

test.serial('brute force: wrong 2FA codes on the sign-in challenge lock the account (429)', async (t) => {
  const user = await signUpUser(t, node, 'brute-2fa')
  const token = await signInUser(t, node, user)
  const setup = await call(node, 'POST', '/auth/2fa/setup/', undefined, {token})
  const secret = setup.body.secret as string
  const totp = authenticator(secret)
  t.is((await call(node, 'POST', '/auth/2fa/enable/', {code: await totp.next()}, {token})).status, 200)
  const challenge = await call(node, 'POST', '/auth/sign-in/', {email: user.email, password: user.password})
  const wrong = await Promise.all([0, 1, 2, 3, 4, 5].map((index) => totp.wrong(index)))
  const statuses: number[] = []
  for (const code of wrong) {
    statuses.push(
      remember(await call(node, 'POST', '/auth/sign-in/complete/', {challenge_id: challenge.body.challenge_id, '2fa_code': code}))
        .status,
    )
  }
  // The 5th failure locks the e-mail (429); the challenge itself is spent after 5 tries (401 from then on).
  t.deepEqual(statuses.slice(0, 5), [401, 401, 401, 401, 429])
  t.true(
    statuses.slice(5).every((s) => s === 401 || s === 429),
    statuses.join(','),
  )
  t.is(remember(await call(node, 'POST', '/auth/sign-in/', {email: user.email, password: user.password})).status, 429)
  secrets.push(secret)
})

test.serial('brute force: 5 wrong sign-up codes burn the sign-up; the right codes no longer work (410)', async (t) => {
  const who = newIdentity('brute-code')
  const started = await call(node, 'POST', '/auth/sign-up/', who)
  const codes = outboxCodes(node, who)
  const wrong = String((Number(codes.email_code) + 1) % 1_000_000).padStart(6, '0')
  const statuses: number[] = []
  for (let i = 0; i < 5; i++)
    statuses.push(
      remember(
        await call(node, 'POST', '/auth/sign-up/complete/', {
          verification_id: started.body.verification_id,
          email_code: wrong,
          sms_code: wrong,
        }),
      ).status,
    )
  t.deepEqual(statuses, [400, 400, 400, 400, 410])
  t.is(
    remember(await call(node, 'POST', '/auth/sign-up/complete/', {verification_id: started.body.verification_id, ...codes}))
      .status,
    410,
  )
  secrets.push(who.password, codes.email_code, codes.sms_code)
})

/** Hostile text for every field: SQL, just under the 64 KiB body limit, and 1 MiB. */
/** SQL metacharacters (a few: each is one more request per field), then 60 KiB, then 1 MiB. */
const SQL = [SQL_STRINGS[0]!, SQL_STRINGS[2]!, SQL_STRINGS[3]!]
const HOSTILE = [...SQL, 'x'.repeat(60 * 1024), MIB_STRING]
const PLAUSIBLE: Record<string, unknown> = {
  ticker: 'ETH-USDT',
  side: 'buy',
  type: 'limit',
  price: '1000',
  qty: '0.01',
  asset: 'USDT',
  amount: '1',
  fiat: 'USD',
  price_type: 'fixed',
  min_amount: '10',
  max_amount: '1000',
  total_amount: '100',
  payment_methods: ['bank_transfer'],
  payment_method: 'bank_transfer',
  network: 'eth',
  to_address: '0x0000000000000000000000000000000000000001',
  text: 'hi',
}

async function send(method: string, target: string, body: string): Promise<{status: number; body: unknown}> {
  const timestamp = String(Date.now())
  const headers: Record<string, string> = {
    'x-api-key': actor.apiKey,
    'x-timestamp': timestamp,
    'x-signature': signature(actor.apiSecret, timestamp, method, `${API}${target}`, body),
  }
  if (body) headers['content-type'] = 'application/json'
  return remember(await request(`${node.httpUrl}${API}${target}`, method, headers, body))
}

test.serial(
  'SQL metacharacters, 60 KiB and 1 MiB strings in every text field, query and path parameter: no 5xx, tables intact',
  async (t) => {
    const accountsBefore = (node.services.db.prepare('SELECT count(*) AS n FROM accounts').get() as {n: number}).n
    const started = Date.now()
    const routes = await restRoutes(node)
    const problems: string[] = []
    let sent = 0
    for (const route of routes) {
      const id = (actor.goods['id'] ?? [])[0] as string
      const path = (value: string) => route.path.replace(/\{(\w+)\}/g, () => encodeURIComponent(value))
      const base = Object.fromEntries(route.body.map((name) => [name, PLAUSIBLE[name] ?? 'x']))
      const targets: [string, string][] = []
      // SQL and 60 KiB (under the 64 KiB body limit, so it reaches validation and the store) in each
      // field; 1 MiB once per route (refused at the door, whichever field carries it).
      for (const field of route.body)
        for (const value of HOSTILE.slice(0, 4)) targets.push([path(id), JSON.stringify({...base, [field]: value})])
      if (route.body.length) targets.push([path(id), JSON.stringify({...base, [route.body[0]!]: MIB_STRING})])
      for (const name of route.query)
        for (const value of [...SQL, 'x'.repeat(8 * 1024)])
          targets.push([`${path(id)}?${new URLSearchParams({[name]: value})}`, ''])
      if (route.path.includes('{')) for (const value of SQL) targets.push([path(value), ''])
      for (const [target, body] of targets) {
        const answer = await send(
          route.method,
          target,
          route.method === 'GET' || route.method === 'DELETE' ? '' : body || JSON.stringify(base),
        )
        sent++
        const problem = restProblem(answer)
        if (problem)
          problems.push(
            `${route.method} ${target.slice(0, 120)} ${body.slice(0, 120)}: ${problem} ${JSON.stringify(answer.body).slice(0, 200)}`,
          )
      }
    }
    t.log(`${sent} requests over ${routes.length} routes in ${Date.now() - started} ms`)
    t.deepEqual(problems, [])
    t.deepEqual(node.services.db.prepare('PRAGMA integrity_check').all(), [{integrity_check: 'ok'}])
    t.true((node.services.db.prepare('SELECT count(*) AS n FROM accounts').get() as {n: number}).n >= accountsBefore)
    const verify = node.services.ledger.verify()
    t.true(verify.ok, verify.problems.join('; '))
  },
)

/** SQL metacharacters in one short value (a long one would be refused for its length before any SQL). */
const SQL_META = `x' OR '1'='1" --;%_\\`

test.serial(
  'SQL metacharacters and 1 MiB in every string field of every admin gRPC request: no INTERNAL, the node still answers',
  async (t) => {
    const started = Date.now()
    const definition = loadAdminProtos().definition
    const goods = await adminGoods(node, 'input-admin')
    const problems: string[] = []
    const tally: Tally = {}
    let fields = 0
    const rpcs = adminRpcs(definition)
    for (const rpc of rpcs) {
      // The other fields plausible (the accounts adminGoods made, USDT, eth, ...), so the hostile one gets far.
      const base = plausibleMessage(definition, rpc.requestType, goods)
      for (const path of stringFields(definition, rpc.requestType)) {
        fields++
        for (const value of [SQL_META, MIB_STRING]) {
          const message = withValueAt(base, path, value)
          const outcome = await callRpc(node, rpc, message)
          count(tally, grpc.status[outcome.code] ?? outcome.code)
          const cancelled = rpc.stream && outcome.code === grpc.status.CANCELLED
          if (SERVER_FAULTS.has(outcome.code) && !cancelled)
            problems.push(
              `${rpc.service}/${rpc.method} ${brief(message, 200)}: ${grpc.status[outcome.code]} ${brief(outcome.details, 200)}`,
            )
        }
      }
    }
    t.log(`${fields} string fields of ${rpcs.length} RPCs, ${fields * 2} calls in ${Date.now() - started} ms`, tally)
    t.true(fields >= 150, `${fields} string fields`)
    t.deepEqual(problems, [])
    await t.notThrowsAsync(node.admin.call('PingService', 'Ping', {}))
    t.is((await fetch(`${node.httpUrl}/healthz`)).status, 200)
    t.deepEqual(node.services.db.prepare('PRAGMA integrity_check').all(), [{integrity_check: 'ok'}])
    const verify = node.services.ledger.verify()
    t.true(verify.ok, verify.problems.join('; '))
  },
)

/**
 * Whether `secret` appears in `text`. A code of digits only counts as a whole token: a 6-digit code
 * is found inside a millisecond timestamp or a decimal about once in a few hundred thousand tries,
 * which would fail the test for nothing; the same code standing alone (in JSON quotes, after
 * `code=`, at the end of a sentence) is a leak.
 */
function leaks(text: string, secret: string): boolean {
  if (!/^\d+$/.test(secret)) return text.includes(secret)
  return new RegExp(`(?<![0-9A-Za-z_]|\\d\\.)${secret}(?![0-9A-Za-z_]|\\.\\d)`).test(text)
}

test('a code of digits leaks as a token, not as part of a timestamp or a decimal', (t) => {
  t.true(leaks('{"email_code":"345678"}', '345678'))
  t.true(leaks('your code is 345678.', '345678'))
  t.true(leaks('/verify?code=345678&x=1', '345678'))
  t.false(leaks('{"time":1712345678901}', '345678'))
  t.false(leaks('process_cpu_seconds_total 0.345678', '345678'))
  t.false(leaks('request 0a345678b', '345678'))
  t.false(leaks('{"bytes":345678.5}', '345678'))
})

/** Secrets handed to the node in this file; the last test searches logs, errors and metrics for them. */
const secrets: string[] = []

test.serial('secrets never appear in logs, error bodies or metrics', async (t) => {
  // A user through the real flows: password, codes, session, an API key made on the gateway.
  const user = await signUpUser(t, node, 'secrets')
  secrets.push(user.password)
  const token = await signInUser(t, node, user)
  const key = await call(node, 'POST', '/api-keys/', {permissions: ['read'], label: 'secret test'}, {token})
  t.is(key.status, 200, JSON.stringify(key.body))
  secrets.push(key.body.api_secret as string, token)
  // Wrong passwords and codes are not echoed in errors.
  remember(await call(node, 'POST', '/auth/sign-in/', {email: user.email, password: 'wrong secret password 42'}))
  secrets.push('wrong secret password 42')
  // The wallet mnemonic imported by the operator, an admin's password and session.
  const mnemonic = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
  await node.admin.call('BlockchainService', 'ImportWallet', {mnemonic}).catch(() => undefined)
  secrets.push(mnemonic)
  const admin = await adminOf(node, 'superadmin')
  secrets.push(admin.password, admin.token)
  remember(await signIn(node, admin.email, 'wrong admin password 42', '127.0.9.9'))
  secrets.push('wrong admin password 42')
  const wallet = await gateway(node, 'POST', '/rpc/BlockchainService/GetWallet', {body: {}, token: admin.token})
  t.false(JSON.stringify(wallet.body ?? '').includes('abandon'), 'GetWallet shows the public side only')
  const created = await gateway(node, 'POST', '/rpc/APIKeysService/CreateAPIKey', {
    body: {account_id: user.accountId, permissions: ['read']},
    token: admin.token,
  })
  if (created.status === 200) secrets.push(created.body.api_secret as string)
  secrets.push(actor.apiSecret, actor.token)
  // A session's id (jti) with jwt_key re-signs its token: logs name sessions by a fingerprint only.
  const jtis = [token, admin.token, actor.token].map((jwt) => sessionIdOf(jwt))
  secrets.push(...jtis)
  t.true(
    node.logs.some((line) => line.includes('"signed in"') && line.includes('"session"')),
    'sign-ins are logged with a session fingerprint',
  )

  const metrics = await gateway(node, 'GET', '/metrics')
  t.is(metrics.status, 200)
  const places = {logs: node.logs.join('\n'), errors: errorBodies.join('\n'), metrics: metrics.text}
  for (const secret of secrets.filter((s) => s.length >= 6)) {
    for (const [where, text] of Object.entries(places)) {
      t.false(leaks(text, secret), `a secret (${secret.slice(0, 4)}…) appears in ${where}`)
    }
  }
  t.true(secrets.length >= 10)
})

/** The `jti` claim of a JWT (its payload read without checking it). */
function sessionIdOf(jwt: string): string {
  const payload = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as {jti: string}
  return payload.jti
}
