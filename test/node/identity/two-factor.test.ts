import test from 'ava'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {assertError, assertNotLogged, call, signInUser, signUpUser} from '../../helpers/account-flows.js'
import {authenticator} from '../../helpers/totp.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode({rateLimits: {standard: 100, strict: 1000, internal: 1000, internalCidrs: []}})
})
test.after.always(async () => {
  await node?.close()
})

const isTotpEnabled = async (email: string): Promise<boolean> =>
  (await node.admin.call<{is_totp_enabled: boolean}>('AccountsService', 'GetAccountDetails', {email})).is_totp_enabled

test('two-factor: setup, enable with a code, sign-in needs the challenge, a replayed code is refused, disable', async (t) => {
  const user = await signUpUser(t, node, 'totp')
  const token = await signInUser(t, node, user)
  const auth = {token}
  t.deepEqual((await call(node, 'GET', '/auth/2fa/', undefined, auth)).body, {two_factor_enabled: false})
  assertError(t, await call(node, 'POST', '/auth/2fa/enable/', {code: '123456'}, auth), 409, 'failed_precondition')

  const setup = await call(node, 'POST', '/auth/2fa/setup/', undefined, auth)
  t.is(setup.status, 200, JSON.stringify(setup.body))
  const secret = setup.body.secret as string
  t.regex(secret, /^[A-Z2-7]{16,}$/)
  const uri = new URL(setup.body.otpauth_uri)
  t.is(uri.protocol, 'otpauth:')
  t.is(uri.host, 'totp')
  t.is(uri.searchParams.get('secret'), secret)
  t.is(uri.searchParams.get('issuer'), 'Exchange')
  t.true(decodeURIComponent(uri.pathname).includes(user.email))
  // Stored sealed, not in clear.
  const stored = node.services.db.prepare('SELECT secret_enc, enabled FROM totp WHERE account_id = ?').get(user.accountId) as {
    secret_enc: string
    enabled: number
  }
  t.false(stored.secret_enc.includes(secret))
  t.is(stored.enabled, 0)

  const totp = authenticator(secret)
  assertError(t, await call(node, 'POST', '/auth/2fa/enable/', {code: await totp.wrong()}, auth), 400, 'invalid_code')
  t.false(await isTotpEnabled(user.email))
  const enableCode = await totp.next()
  const enabled = await call(node, 'POST', '/auth/2fa/enable/', {code: enableCode}, auth)
  t.is(enabled.status, 200, JSON.stringify(enabled.body))
  t.deepEqual(enabled.body, {two_factor_enabled: true})
  t.true(await isTotpEnabled(user.email))
  assertError(t, await call(node, 'POST', '/auth/2fa/setup/', undefined, auth), 409, 'failed_precondition')

  // Sign-in now stops at a challenge: no token, no session cookie (only the challenge's own, see test/node/gateway/spec-payloads.test.ts).
  const challenge = await call(node, 'POST', '/auth/sign-in/', {email: user.email, password: user.password})
  t.is(challenge.status, 200, JSON.stringify(challenge.body))
  t.is(challenge.body.two_factor_required, true)
  t.truthy(challenge.body.challenge_id)
  t.is(challenge.body.access_token, undefined)
  t.notRegex(challenge.headers.get('set-cookie') ?? '', /exchange_session=/)
  // The code that enabled two-factor cannot be used again.
  const replayed = await call(node, 'POST', '/auth/sign-in/complete/', {
    challenge_id: challenge.body.challenge_id,
    '2fa_code': enableCode,
  })
  assertError(t, replayed, 401, 'unauthorized')
  const signInCode = await totp.next()
  const session = await call(node, 'POST', '/auth/sign-in/complete/', {
    challenge_id: challenge.body.challenge_id,
    '2fa_code': signInCode,
  })
  t.is(session.status, 200, JSON.stringify(session.body))
  t.is(session.body.token_type, 'Bearer')
  t.regex(session.headers.get('set-cookie') ?? '', /^exchange_session=.*HttpOnly/i)
  t.is((await node.services.tokens.verify(session.body.access_token)).subject, user.accountId)
  // A used challenge is done; a second sign-in with the same code is a replay.
  assertError(
    t,
    await call(node, 'POST', '/auth/sign-in/complete/', {challenge_id: challenge.body.challenge_id, '2fa_code': signInCode}),
    401,
    'unauthorized',
  )
  const again = await call(node, 'POST', '/auth/sign-in/', {email: user.email, password: user.password})
  assertError(
    t,
    await call(node, 'POST', '/auth/sign-in/complete/', {challenge_id: again.body.challenge_id, '2fa_code': signInCode}),
    401,
    'unauthorized',
  )

  // Disabling needs a valid code too.
  assertError(t, await call(node, 'POST', '/auth/2fa/disable/', {code: await totp.wrong()}, auth), 400, 'invalid_code')
  assertError(t, await call(node, 'POST', '/auth/2fa/disable/', {}, auth), 400, 'invalid_argument')
  const disabled = await call(node, 'POST', '/auth/2fa/disable/', {code: await totp.next()}, auth)
  t.is(disabled.status, 200, JSON.stringify(disabled.body))
  t.false(await isTotpEnabled(user.email))
  t.truthy(await signInUser(t, node, user))
  assertNotLogged(t, node, [secret, enableCode, signInCode, user.password])
  t.false(JSON.stringify((await call(node, 'GET', '/auth/2fa/', undefined, auth)).body).includes(secret))
})

test('a sign-in challenge expires, and wrong codes count toward the lock', async (t) => {
  const user = await signUpUser(t, node, 'challenge')
  const auth = {token: await signInUser(t, node, user)}
  const totp = authenticator((await call(node, 'POST', '/auth/2fa/setup/', undefined, auth)).body.secret)
  t.is((await call(node, 'POST', '/auth/2fa/enable/', {code: await totp.next()}, auth)).status, 200)

  const expired = await call(node, 'POST', '/auth/sign-in/', {email: user.email, password: user.password})
  node.services.db
    .prepare('UPDATE sign_in_challenges SET expires_at = ? WHERE id = ?')
    .run(new Date(Date.now() - 1000).toISOString(), expired.body.challenge_id)
  assertError(
    t,
    await call(node, 'POST', '/auth/sign-in/complete/', {
      challenge_id: expired.body.challenge_id,
      '2fa_code': await totp.next(),
    }),
    401,
    'unauthorized',
  )

  const challenge = await call(node, 'POST', '/auth/sign-in/', {email: user.email, password: user.password})
  const wrong = await totp.wrong()
  for (let i = 1; i <= 4; i++) {
    assertError(
      t,
      await call(node, 'POST', '/auth/sign-in/complete/', {challenge_id: challenge.body.challenge_id, '2fa_code': wrong}),
      401,
      'unauthorized',
    )
  }
  // The 5th failure for this e-mail locks it; the lock holds for the right code as well.
  const locked = await call(node, 'POST', '/auth/sign-in/complete/', {
    challenge_id: challenge.body.challenge_id,
    '2fa_code': wrong,
  })
  assertError(t, locked, 429, 'rate_limited')
  assertError(t, await call(node, 'POST', '/auth/sign-in/', {email: user.email, password: user.password}), 429, 'rate_limited')
})
