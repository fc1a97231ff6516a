/**
 * The user gateway in GET /api/v1/openapi.json (docs/account-flows.md "Endpoints"): every operation
 * under /auth/ and /api-keys/ is called on a live node — sign-up with the codes from the outbox,
 * completion and resend, sign-in with and without two-factor, sign-out, two-factor setup, enable and
 * disable, API keys — and every answer, refusals included, is checked against the document: the
 * status is documented, the body validates (ajv, JSON Schema 2020-12) against the schema for its
 * path, method and status (a refusal's `code` among the codes listed for that status), each
 * Set-Cookie line against the documented header, the X-RateLimit headers are there exactly when
 * documented, and a 429 carries Retry-After. The bodies sent with a success validate against the
 * documented request schema. The last test asserts that every documented refusal was seen live.
 */
import test, {type ExecutionContext} from 'ava'
import {Ajv2020} from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import type {ValidateFunction} from 'ajv'
import {API_KEY_PERMISSIONS} from '../../../src/node/apikeys/apikeys.js'
import {MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH} from '../../../src/node/identity/sign-up.js'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {call, newIdentity, outboxCodes, type Reply} from '../../helpers/account-flows.js'
import {authenticator} from '../../helpers/totp.js'

// ajv-formats is CommonJS: its default export is the plugin itself at run time.
const addFormats = ((addFormatsModule as unknown as {default?: unknown}).default ?? addFormatsModule) as unknown as (
  ajv: Ajv2020,
) => void

type Doc = {paths: Record<string, Record<string, any>>; components: Record<string, any>; [key: string]: any}

/** Every operation of the user gateway, as the document names it. */
const GATEWAY: [string, string][] = [
  ['post', '/auth/sign-up/'],
  ['post', '/auth/sign-up/complete/'],
  ['post', '/auth/sign-up/resend/'],
  ['post', '/auth/sign-in/'],
  ['post', '/auth/sign-in/complete/'],
  ['post', '/auth/sign-out/'],
  ['get', '/auth/2fa/'],
  ['post', '/auth/2fa/setup/'],
  ['post', '/auth/2fa/enable/'],
  ['post', '/auth/2fa/disable/'],
  ['post', '/api-keys/'],
  ['get', '/api-keys/'],
  ['delete', '/api-keys/{id}/'],
]
const FLOWS = GATEWAY.filter(([, path]) => /^\/auth\/sign-(up|in)\//.test(path))
const WITH_SESSION = GATEWAY.filter((operation) => !FLOWS.includes(operation))

const FAST = {standard: 100, strict: 1000, internal: 1000, internalCidrs: []}
let node: TestNode
let doc: Doc
const ajv = new Ajv2020({strict: false, allErrors: true})
addFormats(ajv)
const validators = new Map<string, ValidateFunction>()
/** "method path status" of every answer checked. */
const seen = new Set<string>()

test.before(async () => {
  node = await startTestNode({rateLimits: FAST})
  const response = await fetch(`${node.httpUrl}/api/v1/openapi.json`)
  if (response.status !== 200) throw new Error(`openapi.json answered ${response.status}`)
  doc = (await response.json()) as Doc
  ajv.addSchema(doc as object, 'openapi')
})
test.after.always(async () => {
  await node?.close()
})

const escape = (part: string): string => part.replace(/~/g, '~0').replace(/\//g, '~1')

/** The validator of the schema at a JSON pointer into the document. */
function validatorAt(pointer: string): ValidateFunction {
  let validate = validators.get(pointer)
  if (!validate) {
    validate = ajv.compile({$ref: `openapi#${pointer}`})
    validators.set(pointer, validate)
  }
  return validate
}

const operationPointer = (method: string, path: string): string => `/paths/${escape(path)}/${method}`

function operationOf(method: string, path: string): any {
  const operation = doc.paths[path]?.[method]
  if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in the document`)
  return operation
}

/** The documented response for a status, and its pointer (following a $ref to components). */
function responseOf(method: string, path: string, status: number): {response: any; pointer: string} | undefined {
  const response = operationOf(method, path).responses[String(status)]
  if (!response) return undefined
  if (typeof response.$ref === 'string') {
    const pointer = (response.$ref as string).replace(/^#/, '')
    let target: any = doc
    for (const part of pointer.split('/').slice(1)) target = target[part.replace(/~1/g, '/').replace(/~0/g, '~')]
    return {response: target, pointer}
  }
  return {response, pointer: `${operationPointer(method, path)}/responses/${status}`}
}

const label = (method: string, path: string, reply: Reply): string =>
  `${method.toUpperCase()} ${path} → ${reply.status} ${JSON.stringify(reply.body)?.slice(0, 300)}`

/**
 * Asserts that `reply` is documented for (method, path, its status): the body, the Set-Cookie lines,
 * the rate-limit headers of a 2xx (there exactly when documented) and Retry-After on a 429.
 */
function conforms(t: ExecutionContext, method: string, path: string, reply: Reply, expectedStatus?: number): void {
  const what = label(method, path, reply)
  if (expectedStatus !== undefined) t.is(reply.status, expectedStatus, what)
  seen.add(`${method} ${path} ${reply.status}`)
  const documented = responseOf(method, path, reply.status)
  if (!documented) {
    t.fail(`${what}: status not documented`)
    return
  }
  const {response, pointer} = documented
  const validate = validatorAt(`${pointer}/content/application~1json/schema`)
  t.true(validate(reply.body), `${what}: ${ajv.errorsText(validate.errors)}`)

  const headers = (response.headers ?? {}) as Record<string, any>
  const cookies = reply.headers.getSetCookie()
  if (cookies.length > 0 || headers['Set-Cookie']) {
    t.truthy(headers['Set-Cookie'], `${what}: sets cookies that are not documented: ${cookies.join(' | ')}`)
    if (headers['Set-Cookie']?.required) t.true(cookies.length > 0, `${what}: no Set-Cookie`)
    if (headers['Set-Cookie']) {
      const line = validatorAt(`${pointer}/headers/Set-Cookie/schema`)
      for (const cookie of cookies) t.true(line(cookie), `${what}: Set-Cookie ${cookie}: ${ajv.errorsText(line.errors)}`)
    }
  }
  if (reply.status < 300) {
    for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining']) {
      t.is(
        reply.headers.has(name),
        name in headers,
        `${what}: ${name} sent ${reply.headers.has(name)}, documented ${name in headers}`,
      )
    }
  }
  if (reply.status === 429) {
    t.truthy(headers['Retry-After'], `${what}: Retry-After not documented`)
    const retryAfter = validatorAt('/components/headers/Retry-After/schema')
    t.true(retryAfter(Number(reply.headers.get('Retry-After'))), `${what}: Retry-After ${reply.headers.get('Retry-After')}`)
  }
}

/** Asserts that `body` validates (or, with `valid` false, does not) against the request schema of (method, path). */
function requestConforms(t: ExecutionContext, method: string, path: string, body: unknown, valid = true): void {
  const validate = validatorAt(`${operationPointer(method, path)}/requestBody/content/application~1json/schema`)
  t.is(
    validate(body),
    valid,
    `${method.toUpperCase()} ${path} request ${JSON.stringify(body)}: ${ajv.errorsText(validate.errors)}`,
  )
}

type Options = {token?: string; cookie?: string; headers?: Record<string, string>; params?: Record<string, string>}

/** Calls the operation (path parameters from `params`) and checks the answer against the document. */
async function gw(
  t: ExecutionContext,
  method: string,
  path: string,
  body: unknown,
  expectedStatus: number,
  options: Options = {},
): Promise<Reply> {
  const target = path.replace(/\{(\w+)\}/g, (_, name: string) => options.params?.[name] ?? '')
  // A cookie write carries the web app's header, as the app sends it (docs/rest.md "Browsers: cookies, CSRF and CORS").
  const web: Record<string, string> = options.cookie !== undefined && method !== 'get' ? {'X-Requested-With': 'exchange-web'} : {}
  const reply = await call(node, method.toUpperCase(), target, body, {...options, headers: {...web, ...options.headers}})
  conforms(t, method, path, reply, expectedStatus)
  if (expectedStatus === 200 && body !== undefined && typeof body !== 'string') {
    t.truthy(operationOf(method, path).requestBody, `${method.toUpperCase()} ${path}: a body is sent, none is documented`)
    requestConforms(t, method, path, body)
  }
  return reply
}

/** A refusal with its code (the document checks that the code is listed for the status). */
async function refused(
  t: ExecutionContext,
  method: string,
  path: string,
  body: unknown,
  status: number,
  code: string,
  options: Options = {},
): Promise<Reply> {
  const reply = await gw(t, method, path, body, status, options)
  t.is(reply.body?.error?.code, code, label(method, path, reply))
  return reply
}

/** Moves a sign-up's last send back past the resend cool-down. */
const pastCoolDown = (verificationId: string): void => {
  node.services.db
    .prepare('UPDATE sign_ups SET last_sent_at = ? WHERE id = ?')
    .run(new Date(Date.now() - 61_000).toISOString(), verificationId)
}

const cookieValue = (reply: Reply, name: string): string | undefined =>
  reply.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${name}=`))
    ?.split(';')[0]!
    .slice(name.length + 1)

/** A user signed up through the gateway (codes from the outbox) and signed in. */
async function signedUp(t: ExecutionContext, prefix: string) {
  const who = newIdentity(prefix)
  const started = await gw(t, 'post', '/auth/sign-up/', who, 200)
  const done = await gw(
    t,
    'post',
    '/auth/sign-up/complete/',
    {verification_id: started.body.verification_id, ...outboxCodes(node, who)},
    200,
  )
  const session = await gw(t, 'post', '/auth/sign-in/', {email: who.email, password: who.password}, 200)
  return {...who, accountId: done.body.account_id as string, token: session.body.access_token as string}
}

/** A signed-up user with two-factor on, and their authenticator. */
async function withTwoFactor(t: ExecutionContext, prefix: string) {
  const user = await signedUp(t, prefix)
  const setup = await gw(t, 'post', '/auth/2fa/setup/', undefined, 200, {token: user.token})
  const totp = authenticator(setup.body.secret)
  await gw(t, 'post', '/auth/2fa/enable/', {code: await totp.next()}, 200, {token: user.token})
  return {...user, totp}
}

const block = (email: string) => node.services.accounts.changeStatus(email, 'blocked', 'openapi test')
const FOREIGN = {Origin: 'https://evil.example'}
const TEXT = {'Content-Type': 'text/plain'}

// ---------------------------------------------------------------------------------------------

test.serial('the document has every gateway operation: its tag, its security and the session cookie scheme', (t) => {
  t.deepEqual(doc.components['securitySchemes'].sessionCookie, {
    ...doc.components['securitySchemes'].sessionCookie,
    type: 'apiKey',
    in: 'cookie',
    name: 'exchange_session',
  })
  t.true((doc['tags'] as {name: string}[]).some((tag) => tag.name === 'gateway'))
  const documented = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/auth/') || path.startsWith('/api-keys/'))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => [method, path]))
  t.deepEqual(documented.sort(), [...GATEWAY].sort())
  for (const [method, path] of GATEWAY) {
    const operation = operationOf(method, path)
    t.deepEqual(operation.tags, ['gateway'], `${method} ${path}`)
    t.truthy(responseOf(method, path, 200), `${method} ${path} documents 200`)
    t.truthy(responseOf(method, path, 500), `${method} ${path} documents 500`)
  }
  for (const [method, path] of FLOWS) t.deepEqual(operationOf(method, path).security, [], `${method} ${path} is public`)
  for (const [method, path] of WITH_SESSION) {
    t.deepEqual(operationOf(method, path).security, [{bearerAuth: []}, {sessionCookie: []}], `${method} ${path} takes a session`)
    t.truthy(responseOf(method, path, 401), `${method} ${path} documents 401`)
  }
  // The spec's payloads are variants of the completion bodies.
  const variants = (name: string) =>
    (doc.components['schemas'][name].anyOf as {required: string[]}[]).map((variant) => [...variant.required].sort())
  t.deepEqual(variants('SignUpCompleteRequest'), [
    ['email_code', 'sms_code', 'verification_id'],
    ['email', 'email_code', 'sms_code'],
    ['email_code', 'sms_code'],
  ])
  t.deepEqual(variants('SignInCompleteRequest'), [['2fa_code', 'challenge_id'], ['2fa_code']])
  // The identity service's rules, as the document states them.
  const schemas = doc.components['schemas']
  t.deepEqual(schemas.ApiKeyPermission.enum, [...API_KEY_PERMISSIONS])
  t.like(schemas.SignUpRequest.properties.password, {minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH})
})

test.serial('sign-up: start, complete by verification_id, by e-mail and by the cookie alone; resend', async (t) => {
  const who = newIdentity('oa-sign-up')
  const started = await gw(t, 'post', '/auth/sign-up/', who, 200)
  const cookie = `exchange_sign_up=${cookieValue(started, 'exchange_sign_up')}`
  t.is(cookie, `exchange_sign_up=${started.body.verification_id}`)

  // Resend with only the cookie, past the cool-down: the cookie is renewed.
  pastCoolDown(started.body.verification_id)
  // With only the cookie: `{}`, as a cookie-named request must be JSON.
  const resent = await gw(t, 'post', '/auth/sign-up/resend/', {}, 200, {cookie})
  t.is(resent.body.verification_id, started.body.verification_id)
  t.is(cookieValue(resent, 'exchange_sign_up'), started.body.verification_id)
  // By verification_id and by e-mail.
  pastCoolDown(started.body.verification_id)
  await gw(t, 'post', '/auth/sign-up/resend/', {verification_id: started.body.verification_id}, 200)
  pastCoolDown(started.body.verification_id)
  await gw(t, 'post', '/auth/sign-up/resend/', {email: who.email}, 200)

  // The spec's payload with the cookie: the cookie is cleared.
  const codes = outboxCodes(node, who)
  const done = await gw(t, 'post', '/auth/sign-up/complete/', codes, 200, {cookie})
  t.is(done.body.email, who.email)
  t.is(cookieValue(done, 'exchange_sign_up'), '')

  const byEmail = newIdentity('oa-sign-up-email')
  await gw(t, 'post', '/auth/sign-up/', byEmail, 200)
  await gw(t, 'post', '/auth/sign-up/complete/', {email: byEmail.email, ...outboxCodes(node, byEmail)}, 200)
  // Phone with spaces, dashes and brackets, as the document's pattern allows.
  const spaced = {...newIdentity('oa-sign-up-phone'), phone: '+1 (415) 555-0123'}
  await gw(t, 'post', '/auth/sign-up/', spaced, 200)
})

test.serial('sign-up refusals: 400, 403, 404, 409, 410, 413 and the resend cool-down 429', async (t) => {
  const path = '/auth/sign-up/'
  const who = newIdentity('oa-sign-up-refused')
  for (const body of [
    {...who, email: 'not-an-email'},
    {...who, phone: '5550100'},
    {...who, password: 'short-pw'},
    {email: who.email, phone: who.phone},
  ]) {
    await refused(t, 'post', path, body, 400, 'invalid_argument')
    requestConforms(t, 'post', path, body, false)
  }
  await refused(t, 'post', path, 'not json', 400, 'invalid_argument')
  await refused(t, 'post', path, {...who, password: 'x'.repeat(70_000)}, 413, 'payload_too_large')
  const user = await signedUp(t, 'oa-registered')
  await refused(t, 'post', path, {...newIdentity('oa-registered'), email: user.email}, 409, 'already_exists')

  const complete = '/auth/sign-up/complete/'
  const started = await gw(t, 'post', path, who, 200)
  const id = started.body.verification_id as string
  const codes = outboxCodes(node, who)
  await refused(t, 'post', complete, 'not json', 400, 'invalid_argument')
  await refused(t, 'post', complete, codes, 400, 'invalid_argument') // no id, no e-mail, no cookie
  await refused(t, 'post', complete, {verification_id: 'nope', ...codes}, 400, 'invalid_argument')
  await refused(t, 'post', complete, {verification_id: id, email_code: 123456, sms_code: codes.sms_code}, 400, 'invalid_argument')
  await refused(t, 'post', complete, {verification_id: crypto.randomUUID(), ...codes}, 404, 'not_found')
  await refused(t, 'post', complete, {email: `nobody-${process.pid}@example.com`, ...codes}, 404, 'not_found')
  await refused(t, 'post', complete, codes, 403, 'csrf_refused', {cookie: `exchange_sign_up=${id}`, headers: FOREIGN})
  await refused(t, 'post', complete, {verification_id: id, email_code: '000000', sms_code: '000000'}, 400, 'invalid_code')
  await refused(t, 'post', complete, {verification_id: id, ...codes, pad: 'x'.repeat(70_000)}, 413, 'payload_too_large')
  await gw(t, 'post', complete, {verification_id: id, ...codes}, 200)
  await refused(t, 'post', complete, {verification_id: id, ...codes}, 409, 'already_exists')

  // The 5th wrong pair voids a sign-up: 410.
  const burned = newIdentity('oa-burned')
  const burnedId = (await gw(t, 'post', path, burned, 200)).body.verification_id as string
  const wrong = {verification_id: burnedId, email_code: '000000', sms_code: '000000'}
  for (let i = 1; i <= 4; i++) await refused(t, 'post', complete, wrong, 400, 'invalid_code')
  await refused(t, 'post', complete, wrong, 410, 'expired')
  await refused(t, 'post', complete, {...wrong, ...outboxCodes(node, burned)}, 410, 'expired')

  const resend = '/auth/sign-up/resend/'
  const pending = newIdentity('oa-resend')
  const pendingId = (await gw(t, 'post', path, pending, 200)).body.verification_id as string
  await refused(t, 'post', resend, {verification_id: pendingId}, 429, 'rate_limited')
  await refused(t, 'post', resend, {}, 400, 'invalid_argument')
  await refused(t, 'post', resend, 'not json', 400, 'invalid_argument')
  await refused(t, 'post', resend, {verification_id: crypto.randomUUID()}, 404, 'not_found')
  await refused(t, 'post', resend, {verification_id: id}, 409, 'already_exists')
  await refused(t, 'post', resend, {verification_id: burnedId}, 410, 'expired')
  await refused(t, 'post', resend, undefined, 403, 'csrf_refused', {cookie: `exchange_sign_up=${pendingId}`})
  await refused(t, 'post', resend, {}, 403, 'csrf_refused', {cookie: `exchange_sign_up=${pendingId}`, headers: FOREIGN})
  await refused(t, 'post', resend, {verification_id: pendingId, pad: 'x'.repeat(70_000)}, 413, 'payload_too_large')
  // Four resends after the first send; asking for a sixth send voids the sign-up.
  for (let i = 0; i < 4; i++) {
    pastCoolDown(pendingId)
    await gw(t, 'post', resend, {verification_id: pendingId}, 200)
  }
  pastCoolDown(pendingId)
  await refused(t, 'post', resend, {verification_id: pendingId}, 410, 'expired')
})

test.serial('sign-in without two-factor: the session and its cookie; sign-out by bearer and by cookie', async (t) => {
  const user = await signedUp(t, 'oa-sign-in')
  const session = await gw(t, 'post', '/auth/sign-in/', {email: user.email, password: user.password}, 200)
  t.deepEqual(Object.keys(session.body).sort(), ['access_token', 'expires_in', 'token_type'])
  t.is(cookieValue(session, 'exchange_session'), session.body.access_token)

  // The cookie alone authenticates; a cookie write needs JSON (an empty body is fine).
  const cookie = `exchange_session=${session.body.access_token}`
  await refused(t, 'post', '/auth/sign-out/', undefined, 403, 'csrf_refused', {cookie})
  await refused(t, 'post', '/auth/sign-out/', {}, 403, 'csrf_refused', {cookie, headers: FOREIGN})
  const out = await gw(t, 'post', '/auth/sign-out/', {}, 200, {cookie})
  t.deepEqual(out.body, {status: 'signed_out'})
  t.is(cookieValue(out, 'exchange_session'), '')
  await refused(t, 'post', '/auth/sign-out/', {}, 401, 'unauthorized', {cookie})

  const bearer = await gw(t, 'post', '/auth/sign-in/', {email: user.email, password: user.password}, 200)
  await gw(t, 'post', '/auth/sign-out/', undefined, 200, {token: bearer.body.access_token})
  await refused(t, 'post', '/auth/sign-out/', undefined, 401, 'unauthorized', {token: bearer.body.access_token})
  await refused(t, 'post', '/auth/sign-out/', undefined, 401, 'unauthorized')
  await refused(t, 'post', '/auth/sign-out/', 'not json', 400, 'invalid_argument', {token: user.token})
  await refused(t, 'post', '/auth/sign-out/', {pad: 'x'.repeat(70_000)}, 413, 'payload_too_large', {token: user.token})
})

test.serial('sign-in refusals: 400, 401, 403 blocked, 413 and the lock 429', async (t) => {
  const path = '/auth/sign-in/'
  const user = await signedUp(t, 'oa-sign-in-refused')
  await refused(t, 'post', path, {email: 'nope', password: 'x'}, 400, 'invalid_argument')
  await refused(t, 'post', path, {email: user.email}, 400, 'invalid_argument')
  await refused(t, 'post', path, 'not json', 400, 'invalid_argument')
  await refused(t, 'post', path, {email: user.email, password: 'x'.repeat(70_000)}, 413, 'payload_too_large')
  for (let i = 1; i <= 4; i++)
    await refused(t, 'post', path, {email: user.email, password: 'wrong password'}, 401, 'unauthorized')
  await refused(t, 'post', path, {email: user.email, password: 'wrong password'}, 429, 'rate_limited')
  await refused(t, 'post', path, {email: user.email, password: user.password}, 429, 'rate_limited')

  // A blocked account: sign-in is refused after the right password; its session may still sign out.
  const blocked = await signedUp(t, 'oa-blocked')
  block(blocked.email)
  await refused(t, 'post', path, {email: blocked.email, password: blocked.password}, 403, 'account_blocked')
  for (const [method, operation] of WITH_SESSION.filter(([, p]) => p !== '/auth/sign-out/')) {
    const body = method === 'post' ? {} : undefined
    await refused(t, method, operation, body, 403, 'account_blocked', {
      token: blocked.token,
      params: {id: crypto.randomUUID()},
    })
  }
  await gw(t, 'post', '/auth/sign-out/', undefined, 200, {token: blocked.token})
})

test.serial('two-factor: status, setup, enable, the sign-in challenge, completion by cookie and by id, disable', async (t) => {
  const user = await signedUp(t, 'oa-2fa')
  const auth = {token: user.token}
  t.deepEqual((await gw(t, 'get', '/auth/2fa/', undefined, 200, auth)).body, {two_factor_enabled: false})
  await refused(t, 'post', '/auth/2fa/enable/', {code: '123456'}, 409, 'failed_precondition', auth)
  await refused(t, 'post', '/auth/2fa/disable/', {code: '123456'}, 409, 'failed_precondition', auth)
  const setup = await gw(t, 'post', '/auth/2fa/setup/', undefined, 200, auth)
  t.is(new URL(setup.body.otpauth_uri).searchParams.get('secret'), setup.body.secret)
  const totp = authenticator(setup.body.secret)
  await refused(t, 'post', '/auth/2fa/enable/', {code: await totp.wrong()}, 400, 'invalid_code', auth)
  await refused(t, 'post', '/auth/2fa/enable/', {}, 400, 'invalid_argument', auth)
  await refused(t, 'post', '/auth/2fa/enable/', {code: 123456}, 400, 'invalid_argument', auth)
  // With the session cookie alone, a JSON write works.
  const cookie = {cookie: `exchange_session=${user.token}`}
  await gw(t, 'post', '/auth/2fa/enable/', {code: await totp.next()}, 200, cookie)
  t.deepEqual((await gw(t, 'get', '/auth/2fa/', undefined, 200, cookie)).body, {two_factor_enabled: true})
  await refused(t, 'post', '/auth/2fa/setup/', undefined, 409, 'failed_precondition', auth)
  await refused(t, 'post', '/auth/2fa/enable/', {code: '123456'}, 409, 'failed_precondition', auth)

  // Sign-in stops at a challenge and sets its cookie; the spec's {2fa_code} finishes it with the cookie.
  const credentials = {email: user.email, password: user.password}
  const challenge = await gw(t, 'post', '/auth/sign-in/', credentials, 200)
  t.is(challenge.body.two_factor_required, true)
  t.is(cookieValue(challenge, 'exchange_session'), undefined)
  const flow = {cookie: `exchange_sign_in=${cookieValue(challenge, 'exchange_sign_in')}`}
  t.is(flow.cookie, `exchange_sign_in=${challenge.body.challenge_id}`)
  const complete = '/auth/sign-in/complete/'
  await refused(t, 'post', complete, {'2fa_code': await totp.wrong()}, 401, 'unauthorized', flow)
  await refused(t, 'post', complete, {'2fa_code': '123456'}, 400, 'invalid_argument')
  await refused(t, 'post', complete, {challenge_id: 'nope', '2fa_code': '123456'}, 400, 'invalid_argument')
  await refused(t, 'post', complete, 'not json', 400, 'invalid_argument')
  await refused(t, 'post', complete, {'2fa_code': '123456', pad: 'x'.repeat(70_000)}, 413, 'payload_too_large')
  await refused(t, 'post', complete, {'2fa_code': '123456'}, 403, 'csrf_refused', {...flow, headers: FOREIGN})
  const byCookie = await gw(t, 'post', complete, {'2fa_code': await totp.next()}, 200, flow)
  t.is(cookieValue(byCookie, 'exchange_session'), byCookie.body.access_token)
  t.is(cookieValue(byCookie, 'exchange_sign_in'), '')
  await refused(t, 'post', complete, {'2fa_code': '123456'}, 401, 'unauthorized', flow) // the challenge is used
  const again = await gw(t, 'post', '/auth/sign-in/', credentials, 200)
  const byId = await gw(t, 'post', complete, {challenge_id: again.body.challenge_id, '2fa_code': await totp.next()}, 200)
  t.is(byId.headers.getSetCookie().length, 1)

  // A challenge of an account blocked meanwhile.
  const blocked = await withTwoFactor(t, 'oa-2fa-blocked')
  const pending = await gw(t, 'post', '/auth/sign-in/', {email: blocked.email, password: blocked.password}, 200)
  block(blocked.email)
  await refused(t, 'post', complete, {challenge_id: pending.body.challenge_id, '2fa_code': '123456'}, 403, 'account_blocked')

  // Disable: a code is needed; then it is off.
  const session = {token: byId.body.access_token as string}
  await refused(t, 'post', '/auth/2fa/disable/', {}, 400, 'invalid_argument', session)
  await refused(t, 'post', '/auth/2fa/disable/', {code: await totp.wrong()}, 400, 'invalid_code', session)
  await refused(t, 'post', '/auth/2fa/disable/', {code: '123456'}, 403, 'csrf_refused', {
    cookie: `exchange_session=${session.token}`,
    headers: FOREIGN,
  })
  t.deepEqual((await gw(t, 'post', '/auth/2fa/disable/', {code: await totp.next()}, 200, session)).body, {
    two_factor_enabled: false,
  })
})

test.serial('the lock answers 429 on sign-in completion, two-factor disable and API key creation', async (t) => {
  /** Five wrong codes in a row for a user with two-factor on: four refused with `first`, the fifth locks (429). */
  const wrongFive = async (path: string, body: (code: string) => object, first: number, withSession: boolean) => {
    const user = await withTwoFactor(t, `oa-lock-${path.replace(/\W/g, '')}`)
    const options = withSession ? {token: user.token} : {}
    const challenge =
      path === '/auth/sign-in/complete/'
        ? (await gw(t, 'post', '/auth/sign-in/', {email: user.email, password: user.password}, 200)).body.challenge_id
        : undefined
    for (let i = 1; i <= 5; i++) {
      const payload = {...body(await user.totp.wrong()), ...(challenge ? {challenge_id: challenge} : {})}
      const reply = await refused(t, 'post', path, payload, i < 5 ? first : 429, i < 5 ? codeOf(first) : 'rate_limited', options)
      if (i === 5) t.true(Number(reply.headers.get('Retry-After')) > 14 * 60)
    }
  }
  const codeOf = (status: number): string => (status === 401 ? 'unauthorized' : 'invalid_code')
  await wrongFive('/auth/sign-in/complete/', (code) => ({'2fa_code': code}), 401, false)
  await wrongFive('/auth/2fa/disable/', (code) => ({code}), 400, true)
  await wrongFive('/api-keys/', (code) => ({permissions: ['read'], '2fa_code': code}), 400, true)
})

test.serial('API keys: create (secret once), list, delete; with two-factor; their refusals', async (t) => {
  const user = await signedUp(t, 'oa-keys')
  const auth = {token: user.token}
  const request = {permissions: ['read', 'trade'], label: ' bot ', ip_allowlist: ['203.0.113.7', '2001:db8::/32']}
  const created = await gw(t, 'post', '/api-keys/', request, 200, auth)
  t.deepEqual(created.body.permissions, ['trade', 'read'])
  t.is(created.body.label, 'bot')
  t.is(created.body.last_used_at, null)
  const minimal = await gw(t, 'post', '/api-keys/', {permissions: ['withdraw']}, 200, {
    cookie: `exchange_session=${user.token}`,
  })
  const list = await gw(t, 'get', '/api-keys/', undefined, 200, {cookie: `exchange_session=${user.token}`})
  t.deepEqual(
    list.body.keys.map((key: {id: string}) => key.id),
    [created.body.id, minimal.body.id],
  )
  t.false(JSON.stringify(list.body).includes(created.body.api_secret))

  for (const body of [
    {permissions: []},
    {permissions: ['admin']},
    {permissions: ['read'], label: 'x'.repeat(65)},
    {permissions: ['read'], ip_allowlist: Array.from({length: 21}, (_, i) => `10.0.0.${i}`)},
  ]) {
    await refused(t, 'post', '/api-keys/', body, 400, 'invalid_argument', auth)
    requestConforms(t, 'post', '/api-keys/', body, false)
  }
  await refused(t, 'post', '/api-keys/', {permissions: ['read'], ip_allowlist: ['not-an-ip']}, 400, 'invalid_argument', auth)
  await refused(t, 'post', '/api-keys/', 'not json', 400, 'invalid_argument', auth)
  await refused(t, 'post', '/api-keys/', {permissions: ['read'], label: 'x'.repeat(70_000)}, 413, 'payload_too_large', auth)
  await refused(t, 'post', '/api-keys/', {permissions: ['read']}, 403, 'csrf_refused', {
    cookie: `exchange_session=${user.token}`,
    headers: FOREIGN,
  })
  await refused(t, 'post', '/api-keys/', {permissions: ['read']}, 401, 'unauthorized')
  await refused(t, 'get', '/api-keys/', undefined, 401, 'unauthorized', {token: 'not-a-token'})

  const remove = '/api-keys/{id}/'
  await refused(t, 'delete', remove, undefined, 400, 'invalid_argument', {...auth, params: {id: 'nope'}})
  await refused(t, 'delete', remove, undefined, 404, 'not_found', {...auth, params: {id: crypto.randomUUID()}})
  const stranger = await signedUp(t, 'oa-keys-stranger')
  await refused(t, 'delete', remove, undefined, 404, 'not_found', {token: stranger.token, params: {id: created.body.id}})
  await refused(t, 'delete', remove, undefined, 403, 'csrf_refused', {
    cookie: `exchange_session=${user.token}`,
    params: {id: created.body.id},
  })
  await refused(t, 'delete', remove, 'not json', 400, 'invalid_argument', {...auth, params: {id: created.body.id}})
  await refused(t, 'delete', remove, {pad: 'x'.repeat(70_000)}, 413, 'payload_too_large', {
    ...auth,
    params: {id: created.body.id},
  })
  await refused(t, 'delete', remove, undefined, 401, 'unauthorized', {params: {id: created.body.id}})
  t.deepEqual((await gw(t, 'delete', remove, undefined, 200, {...auth, params: {id: created.body.id}})).body, {success: true})
  await gw(t, 'delete', remove, {}, 200, {cookie: `exchange_session=${user.token}`, params: {id: minimal.body.id}})
  t.deepEqual((await gw(t, 'get', '/api-keys/', undefined, 200, auth)).body, {keys: []})

  // At most 20 keys: 409.
  for (let i = 0; i < 20; i++) node.services.apiKeys.create(stranger.accountId, ['read'], `k${i}`)
  await refused(t, 'post', '/api-keys/', {permissions: ['read']}, 409, 'failed_precondition', {token: stranger.token})

  // With two-factor on, 2fa_code is required, and each code works once.
  const secure = await withTwoFactor(t, 'oa-keys-2fa')
  const session = {token: secure.token}
  await refused(t, 'post', '/api-keys/', {permissions: ['read']}, 400, 'invalid_argument', session)
  await refused(
    t,
    'post',
    '/api-keys/',
    {permissions: ['read'], '2fa_code': await secure.totp.wrong()},
    400,
    'invalid_code',
    session,
  )
  const code = await secure.totp.next()
  await gw(t, 'post', '/api-keys/', {permissions: ['read'], label: 'with 2fa', '2fa_code': code}, 200, session)
  await refused(t, 'post', '/api-keys/', {permissions: ['read'], '2fa_code': code}, 400, 'invalid_code', session)
})

test.serial(
  'every operation with a body refuses a malformed one (400) and one over 64 KiB (413); sessions: 401 and 403',
  async (t) => {
    const user = await signedUp(t, 'oa-every')
    const params = {id: crypto.randomUUID()}
    for (const [method, path] of GATEWAY) {
      if (method === 'get') continue
      await refused(t, method, path, '{"broken', 400, 'invalid_argument', {token: user.token, params})
      await refused(t, method, path, {pad: 'x'.repeat(70_000)}, 413, 'payload_too_large', {token: user.token, params})
    }
    for (const [method, path] of WITH_SESSION) {
      await refused(t, method, path, undefined, 401, 'unauthorized', {params})
      if (method !== 'get') {
        await refused(t, method, path, undefined, 403, 'csrf_refused', {
          cookie: `exchange_session=${user.token}`,
          params,
          headers: TEXT,
        })
      }
    }
  },
)

test.serial(
  'the rate classes: strict on sign-up and sign-in, standard on the session endpoints, each a documented 429',
  async (t) => {
    const tight = await startTestNode({rateLimits: {standard: 1, strict: 1, internal: 1, internalCidrs: []}})
    try {
      const account = await tight.services.accounts.create(`oa-tight-${process.pid}@example.com`, 'some long password')
      const {token} = await tight.services.tokens.issue(account.id, 'user')
      const bodies: Record<string, unknown> = {
        '/auth/sign-up/': newIdentity('oa-tight'),
        '/auth/sign-in/': {email: account.email, password: 'wrong password'},
        '/auth/2fa/enable/': {code: '123456'},
        '/auth/2fa/disable/': {code: '123456'},
        '/api-keys/': {permissions: ['read']},
      }
      for (const [method, path] of GATEWAY) {
        if (path === '/auth/sign-out/') continue // no rate class
        const target = path.replace('{id}', crypto.randomUUID())
        const body = bodies[`${method} ${path}`] ?? (method === 'get' ? undefined : {})
        const options = FLOWS.some(([, flow]) => flow === path) ? {} : {token}
        const replies = await Promise.all([1, 2, 3].map(() => call(tight, method.toUpperCase(), target, body, options)))
        t.true(
          replies.some((reply) => reply.status === 429),
          `${method} ${path}: ${replies.map((r) => r.status).join(', ')}`,
        )
        for (const reply of replies) conforms(t, method, path, reply)
        for (const reply of replies.filter((r) => r.status === 429)) {
          t.is(reply.body.error.code, 'rate_limited')
          t.is(reply.headers.get('X-RateLimit-Remaining'), '0')
        }
      }
    } finally {
      await tight.close()
    }
  },
)

test.serial('the schemas are tight: a changed answer of each kind fails them', async (t) => {
  const who = newIdentity('oa-tight-schemas')
  const started = await call(node, 'POST', '/auth/sign-up/', who)
  const complete = '/auth/sign-up/complete/'
  const wrong = await call(node, 'POST', complete, {
    verification_id: started.body.verification_id,
    email_code: '000000',
    sms_code: '000000',
  })
  const done = await call(node, 'POST', complete, {verification_id: started.body.verification_id, ...outboxCodes(node, who)})
  const session = await call(node, 'POST', '/auth/sign-in/', {email: who.email, password: who.password})
  const answerOf = (method: string, path: string, status: number) =>
    validatorAt(`${responseOf(method, path, status)!.pointer}/content/application~1json/schema`)
  const fails = (validate: ValidateFunction, body: unknown, what: string) => t.false(validate(body), what)
  t.true(answerOf('post', complete, 400)(wrong.body))
  fails(answerOf('post', complete, 400), {error: {...wrong.body.error, code: 'not_found'}}, 'a code not listed for 400')
  fails(answerOf('post', complete, 200), {...done.body, extra: 1}, 'an extra field')
  fails(answerOf('post', complete, 200), {...done.body, status: 'blocked'}, 'another status')
  const signIn = answerOf('post', '/auth/sign-in/', 200)
  t.true(signIn(session.body))
  fails(signIn, {...session.body, two_factor_required: true}, 'a session and a challenge at once')
  fails(signIn, {...session.body, expires_in: '3600'}, 'expires_in as a string')
  const line = validatorAt(`${responseOf('post', '/auth/sign-in/', 200)!.pointer}/headers/Set-Cookie/schema`)
  const cookie = session.headers.getSetCookie()[0]!
  t.true(line(cookie))
  fails(line, cookie.replace('; httponly', ''), 'a cookie without HttpOnly')
  fails(line, cookie.replace('samesite=strict', 'samesite=lax'), 'a cookie with SameSite=Lax')
})

test.serial('every documented status of every gateway operation was answered live (500 aside)', (t) => {
  const missing: string[] = []
  for (const [method, path] of GATEWAY) {
    for (const status of Object.keys(operationOf(method, path).responses)) {
      if (status !== '500' && !seen.has(`${method} ${path} ${status}`)) missing.push(`${method} ${path} ${status}`)
    }
  }
  t.deepEqual(missing, [])
})
