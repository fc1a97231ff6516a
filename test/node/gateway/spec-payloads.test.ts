/**
 * The spec's completion payloads (`{email_code, sms_code}`, `{2fa_code}`) as a browser sends them:
 * sign-up and a two-factor sign-in set a short-lived cookie naming the flow, the completion reads
 * it, and clears it when done. The ids in the body keep working (tested both ways).
 */
import test from 'ava'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {
  assertError,
  call,
  newIdentity,
  outboxCodes,
  signInUser,
  signUpUser,
  WEB_APP,
  type Reply,
} from '../../helpers/account-flows.js'
import {authenticator} from '../../helpers/totp.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode({rateLimits: {standard: 100, strict: 1000, internal: 1000, internalCidrs: []}})
})
test.after.always(async () => {
  await node?.close()
})

type SetCookie = {name: string; value: string; attributes: Record<string, string>}

/** The Set-Cookie header of `reply` for `name`, parsed. */
function setCookie(reply: Reply, name: string): SetCookie | undefined {
  for (const line of reply.headers.getSetCookie()) {
    const [pair, ...rest] = line.split(';').map((part) => part.trim())
    const [cookieName, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)]
    if (cookieName !== name) continue
    const attributes: Record<string, string> = {}
    for (const attribute of rest) {
      const [key, ...parts] = attribute.split('=')
      attributes[key!.toLowerCase()] = parts.join('=')
    }
    return {name: cookieName, value, attributes}
  }
  return undefined
}

/** Asserts a flow cookie: HttpOnly, SameSite=Strict, Path=/api/v1/auth/, expiring at `expiresAt` (to the second). */
function assertFlowCookie(
  t: import('ava').ExecutionContext,
  cookie: SetCookie | undefined,
  value: string,
  expiresAt: string,
): void {
  t.truthy(cookie, 'no flow cookie')
  t.is(cookie!.value, value)
  t.true('httponly' in cookie!.attributes)
  t.is(cookie!.attributes['samesite']?.toLowerCase(), 'strict')
  t.is(cookie!.attributes['path'], '/api/v1/auth/')
  t.is(Math.floor(Date.parse(cookie!.attributes['expires']!) / 1000), Math.floor(Date.parse(expiresAt) / 1000))
}

/** Asserts that `reply` clears the cookie `name`. */
function assertCleared(t: import('ava').ExecutionContext, reply: Reply, name: string): void {
  const cookie = setCookie(reply, name)
  t.truthy(cookie, `${name} is not cleared`)
  t.is(cookie!.value, '')
  t.is(cookie!.attributes['path'], '/api/v1/auth/')
  t.true(Date.parse(cookie!.attributes['expires']!) < Date.now())
}

/** A signed-up user with two-factor on; returns the user and their authenticator. */
async function twoFactorUser(t: import('ava').ExecutionContext, prefix: string) {
  const user = await signUpUser(t, node, prefix)
  const auth = {token: await signInUser(t, node, user)}
  const {secret} = (await call(node, 'POST', '/auth/2fa/setup/', undefined, auth)).body as {secret: string}
  const totp = authenticator(secret)
  t.is((await call(node, 'POST', '/auth/2fa/enable/', {code: await totp.next()}, auth)).status, 200)
  return {user, totp}
}

test('sign-up sets the exchange_sign_up cookie; completion with only {email_code, sms_code} reads it and clears it', async (t) => {
  const who = newIdentity('spec-sign-up')
  const started = await call(node, 'POST', '/auth/sign-up/', who)
  t.is(started.status, 200, JSON.stringify(started.body))
  const cookie = setCookie(started, 'exchange_sign_up')
  assertFlowCookie(t, cookie, started.body.verification_id, started.body.expires_at)

  // The spec's payload, nothing else: without the cookie there is nothing to complete.
  const codes = outboxCodes(node, who)
  assertError(t, await call(node, 'POST', '/auth/sign-up/complete/', codes), 400, 'invalid_argument')
  const done = await call(node, 'POST', '/auth/sign-up/complete/', codes, {
    cookie: `exchange_sign_up=${cookie!.value}`,
    headers: WEB_APP,
  })
  t.is(done.status, 200, JSON.stringify(done.body))
  t.deepEqual(done.body, {account_id: done.body.account_id, email: who.email, status: 'active'})
  assertCleared(t, done, 'exchange_sign_up')
  t.truthy(await signInUser(t, node, who))
})

test('the body still names the sign-up: verification_id (or email) wins over the cookie', async (t) => {
  const first = newIdentity('spec-body')
  const second = newIdentity('spec-body')
  const a = await call(node, 'POST', '/auth/sign-up/', first)
  const b = await call(node, 'POST', '/auth/sign-up/', second)
  // The browser holds b's cookie; the body names a.
  const done = await call(
    node,
    'POST',
    '/auth/sign-up/complete/',
    {verification_id: a.body.verification_id, ...outboxCodes(node, first)},
    {cookie: `exchange_sign_up=${b.body.verification_id}`},
  )
  t.is(done.status, 200, JSON.stringify(done.body))
  t.is(done.body.email, first.email)
  const byEmail = await call(node, 'POST', '/auth/sign-up/complete/', {email: second.email, ...outboxCodes(node, second)})
  t.is(byEmail.status, 200, JSON.stringify(byEmail.body))
  t.is(byEmail.body.email, second.email)
})

test('resend with only the cookie sends new codes and renews the cookie with the new expiry', async (t) => {
  const who = newIdentity('spec-resend')
  const started = await call(node, 'POST', '/auth/sign-up/', who)
  const id = started.body.verification_id as string
  // Past the cool-down, as if a minute went by.
  node.services.db
    .prepare('UPDATE sign_ups SET last_sent_at = ? WHERE id = ?')
    .run(new Date(Date.now() - 61_000).toISOString(), id)
  const resent = await call(node, 'POST', '/auth/sign-up/resend/', {}, {cookie: `exchange_sign_up=${id}`, headers: WEB_APP})
  t.is(resent.status, 200, JSON.stringify(resent.body))
  t.is(resent.body.verification_id, id)
  assertFlowCookie(t, setCookie(resent, 'exchange_sign_up'), id, resent.body.expires_at)
  assertError(t, await call(node, 'POST', '/auth/sign-up/resend/', {}), 400, 'invalid_argument')
})

test('two-factor sign-in sets the exchange_sign_in cookie; completion with only {2fa_code} reads it and clears it', async (t) => {
  const {user, totp} = await twoFactorUser(t, 'spec-2fa')
  const challenge = await call(node, 'POST', '/auth/sign-in/', {email: user.email, password: user.password})
  t.is(challenge.status, 200, JSON.stringify(challenge.body))
  t.is(challenge.body.two_factor_required, true)
  const cookie = setCookie(challenge, 'exchange_sign_in')
  assertFlowCookie(t, cookie, challenge.body.challenge_id, challenge.body.expires_at)
  t.is(setCookie(challenge, 'exchange_session'), undefined)

  const code = await totp.next()
  assertError(t, await call(node, 'POST', '/auth/sign-in/complete/', {'2fa_code': code}), 400, 'invalid_argument')
  const session = await call(
    node,
    'POST',
    '/auth/sign-in/complete/',
    {'2fa_code': code},
    {cookie: `exchange_sign_in=${cookie!.value}`, headers: WEB_APP},
  )
  t.is(session.status, 200, JSON.stringify(session.body))
  t.is(session.body.token_type, 'Bearer')
  t.is((await node.services.tokens.verify(session.body.access_token)).subject, user.accountId)
  t.is(setCookie(session, 'exchange_session')?.value, session.body.access_token)
  assertCleared(t, session, 'exchange_sign_in')
  // The challenge is used: the same cookie again is refused, even with a fresh code.
  const fresh = await totp.next()
  assertError(
    t,
    await call(
      node,
      'POST',
      '/auth/sign-in/complete/',
      {'2fa_code': fresh},
      {
        cookie: `exchange_sign_in=${cookie!.value}`,
        headers: WEB_APP,
      },
    ),
    401,
    'unauthorized',
  )
  // And challenge_id in the body still works, without any cookie.
  const again = await call(node, 'POST', '/auth/sign-in/', {email: user.email, password: user.password})
  const byId = await call(node, 'POST', '/auth/sign-in/complete/', {
    challenge_id: again.body.challenge_id,
    '2fa_code': fresh,
  })
  t.is(byId.status, 200, JSON.stringify(byId.body))
})

test('a completion that relies on its flow cookie is a cookie write: X-Requested-With, JSON and a trusted Origin only', async (t) => {
  const who = newIdentity('spec-csrf')
  const started = await call(node, 'POST', '/auth/sign-up/', who)
  const cookie = `exchange_sign_up=${started.body.verification_id}`
  const codes = JSON.stringify(outboxCodes(node, who))
  // JSON from its own origin, but without the web app's header.
  const headerless = await call(node, 'POST', '/auth/sign-up/complete/', JSON.parse(codes), {
    cookie,
    headers: {Origin: node.httpUrl},
  })
  assertError(t, headerless, 403, 'csrf_refused')
  const plain = await call(node, 'POST', '/auth/sign-up/complete/', undefined, {
    cookie,
    headers: {...WEB_APP, 'Content-Type': 'text/plain'},
  })
  assertError(t, plain, 403, 'csrf_refused')
  const textBody = await fetch(`${node.httpUrl}/api/v1/auth/sign-up/complete/`, {
    method: 'POST',
    headers: {...WEB_APP, 'Content-Type': 'text/plain', Cookie: cookie},
    body: codes,
  })
  t.is(textBody.status, 403)
  const foreign = await call(node, 'POST', '/auth/sign-up/complete/', JSON.parse(codes), {
    cookie,
    headers: {...WEB_APP, Origin: 'https://evil.example'},
  })
  assertError(t, foreign, 403, 'csrf_refused')
  const own = await call(node, 'POST', '/auth/sign-up/complete/', JSON.parse(codes), {
    cookie,
    headers: {...WEB_APP, Origin: node.httpUrl},
  })
  t.is(own.status, 200, JSON.stringify(own.body))
})

test('the 5th wrong {2fa_code} locks the e-mail: 429 rate_limited with Retry-After, as docs/account-flows.md says', async (t) => {
  const {user, totp} = await twoFactorUser(t, 'spec-lock')
  const challenge = await call(node, 'POST', '/auth/sign-in/', {email: user.email, password: user.password})
  const cookie = {cookie: `exchange_sign_in=${challenge.body.challenge_id}`, headers: WEB_APP}
  const wrong = await totp.wrong()
  for (let i = 1; i <= 4; i++) {
    assertError(t, await call(node, 'POST', '/auth/sign-in/complete/', {'2fa_code': wrong}, cookie), 401, 'unauthorized')
  }
  const fifth = await call(node, 'POST', '/auth/sign-in/complete/', {'2fa_code': wrong}, cookie)
  assertError(t, fifth, 429, 'rate_limited')
  const retryAfter = Number(fifth.headers.get('retry-after'))
  t.true(retryAfter > 14 * 60 && retryAfter <= 15 * 60, `Retry-After: ${retryAfter}`)
})
