/**
 * The gateway's side of sign-in: the session it answers travels in the body and in an HttpOnly,
 * SameSite=Strict cookie that alone authenticates, and the strict rate class (1/s per IP and
 * e-mail) guards the route. The rules of signing in (refusals, sign-out, the brute-force lock) are
 * identity's: test/node/identity/sign-in.test.ts.
 */
import test from 'ava'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {assertError, assertNotLogged, call, newIdentity, signUpUser} from '../../helpers/account-flows.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode({rateLimits: {standard: 100, strict: 1000, internal: 1000, internalCidrs: []}})
})
test.after.always(async () => {
  await node?.close()
})

test('sign-in answers the session in the body and an HttpOnly, SameSite=Strict exchange_session cookie', async (t) => {
  const user = await signUpUser(t, node, 'session')
  const reply = await call(node, 'POST', '/auth/sign-in/', {email: user.email.toUpperCase(), password: user.password})
  t.is(reply.status, 200, JSON.stringify(reply.body))
  t.deepEqual(Object.keys(reply.body).sort(), ['access_token', 'expires_in', 'token_type'])
  t.is(reply.body.token_type, 'Bearer')
  t.is(reply.body.expires_in, 3600)
  const cookie = reply.headers.get('set-cookie') ?? ''
  t.regex(cookie, new RegExp(`^exchange_session=${reply.body.access_token.replace(/[.]/g, '\\.')};`))
  t.regex(cookie, /httponly/i)
  t.regex(cookie, /samesite=strict/i)
  t.regex(cookie, /path=\//i)
  const claims = await node.services.tokens.verify(reply.body.access_token)
  t.is(claims.subject, user.accountId)
  t.is(claims.role, 'user')
  // The cookie alone authenticates on the gateway.
  const keys = await call(node, 'GET', '/api-keys/', undefined, {cookie: `exchange_session=${reply.body.access_token}`})
  t.is(keys.status, 200, JSON.stringify(keys.body))
  t.deepEqual(keys.body, {keys: []})
  assertError(t, await call(node, 'GET', '/api-keys/'), 401, 'unauthorized')
  assertNotLogged(t, node, [user.password, reply.body.access_token])
})

test('strict rate class (1/s per IP and e-mail): requests beyond it are 429 with Retry-After, loopback included', async (t) => {
  const strictNode = await startTestNode()
  try {
    // Three at once from one IP (two sign-ins for different e-mails and a sign-up): one gets through.
    const replies = await Promise.all([
      call(strictNode, 'POST', '/auth/sign-in/', {email: newIdentity('rate').email, password: 'some password'}),
      call(strictNode, 'POST', '/auth/sign-in/', {email: newIdentity('rate').email, password: 'some password'}),
      call(strictNode, 'POST', '/auth/sign-up/', {...newIdentity('rate'), phone: 'invalid'}),
    ])
    const statuses = replies.map((reply) => reply.status)
    t.is(statuses.filter((status) => status === 429).length, 2, String(statuses))
    t.true(statuses.includes(400) || statuses.includes(401), String(statuses))
    for (const refused of replies.filter((reply) => reply.status === 429)) {
      assertError(t, refused, 429, 'rate_limited')
      t.is(refused.headers.get('retry-after'), '1')
      t.is(refused.headers.get('x-ratelimit-limit'), '1')
      t.is(refused.headers.get('x-ratelimit-remaining'), '0')
    }
  } finally {
    await strictNode.close()
  }
})
