/**
 * The user gateway's part of the OpenAPI document (docs/account-flows.md "Endpoints"): sign-up,
 * sign-in, sign-out, two-factor and API keys under /auth/ and /api-keys/, merged into
 * listeners/openapi.ts. Every refusal names the error codes it carries (its status is the one
 * http/errors.ts gives the code), the cookies are described as the Set-Cookie lines the node writes,
 * and the flow cookies as cookie parameters. test/node/listeners/openapi-gateway.test.ts calls every
 * operation on a live node and validates each answer, refusals included, against this part.
 */
import {MAX_KEYS_PER_ACCOUNT} from '../gateway/api-keys.js'
import {AUTH_COOKIE_PATH, CHALLENGE_COOKIE, SIGN_UP_COOKIE} from '../gateway/pending.js'
import {SESSION_COOKIE} from '../http/session-cookie.js'
import type {ErrorCode} from '../ground/errors.js'
import {HTTP_STATUS} from '../http/errors.js'
import {body, exact, PUBLIC, RATE_LIMIT_HEADERS, schema, type Json, type Schema} from './openapi-parts.js'

/** Endpoints that take a session: the JWT as a bearer token, or the session cookie that sign-in sets. */
const SESSION: Json = [{bearerAuth: []}, {sessionCookie: []}]

// The identity service's rules (docs/account-flows.md "Sign-up", "Sign-in", "API keys from the gateway").
const MIN_PASSWORD_LENGTH = 10
const MAX_PASSWORD_LENGTH = 256
const SIGN_UP_TTL_MINUTES = 10
const CHALLENGE_TTL_MINUTES = 5
const API_KEY_PERMISSIONS = ['trade', 'withdraw', 'read']

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const JWT = '[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+'
const HTTP_DATE = '[A-Z][a-z]{2}, [0-9]{2} [A-Z][a-z]{2} [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT'
const EPOCH = 'Thu, 01 Jan 1970 00:00:00 GMT'

/** One Set-Cookie line as the node writes it (`; secure` only when the node itself serves TLS). */
const cookieLine = (name: string, value: string, path: string, expires: string): string =>
  `^${name}=${value}; path=${path}; expires=${expires}; samesite=strict(; secure)?; httponly$`

const COOKIES = {
  sessionSet: cookieLine(SESSION_COOKIE, JWT, '/', HTTP_DATE),
  sessionCleared: cookieLine(SESSION_COOKIE, '', '/', EPOCH),
  signUpSet: cookieLine(SIGN_UP_COOKIE, UUID, AUTH_COOKIE_PATH, HTTP_DATE),
  signUpCleared: cookieLine(SIGN_UP_COOKIE, '', AUTH_COOKIE_PATH, EPOCH),
  challengeSet: cookieLine(CHALLENGE_COOKIE, UUID, AUTH_COOKIE_PATH, HTTP_DATE),
  challengeCleared: cookieLine(CHALLENGE_COOKIE, '', AUTH_COOKIE_PATH, EPOCH),
}

/** The Set-Cookie header of an answer: each of its lines matches one of `lines`. */
const setCookie = (description: string, required: boolean, lines: string[]): Schema => ({
  description: `${description} Each Set-Cookie line matches the schema; all are HttpOnly and SameSite=Strict.`,
  required,
  schema:
    lines.length === 1
      ? {type: 'string', pattern: lines[0]!}
      : {type: 'string', anyOf: lines.map((pattern) => ({type: 'string', pattern}))},
})

const SIGN_UP_COOKIE_TEXT =
  `Sets \`${SIGN_UP_COOKIE}\` = the verification_id (Path=${AUTH_COOKIE_PATH}, expiring with the codes), so that ` +
  'a browser can finish with the codes alone.'

/** A successful answer: its body, the rate-limit headers when the route has a rate class, and its cookies. */
const answer = (description: string, name: string, options: {rateLimited: boolean; cookies?: Schema}): Schema => ({
  '200': {
    description,
    headers: {
      ...(options.rateLimited ? RATE_LIMIT_HEADERS : {}),
      ...(options.cookies ? {'Set-Cookie': options.cookies} : {}),
    },
    content: {'application/json': {schema: schema(name)}},
  },
})

type Refusal = [ErrorCode, string]

/**
 * The refusals of an operation, one response per HTTP status (http/errors.ts `HTTP_STATUS`), each
 * with the body `{error: {code, message}}` whose `code` is one of the codes listed for that status.
 */
function refusals(...entries: Refusal[]): Schema {
  const byStatus = new Map<number, Map<ErrorCode, string[]>>()
  for (const [code, when] of entries) {
    const status = HTTP_STATUS[code]
    const codes = byStatus.get(status) ?? new Map<ErrorCode, string[]>()
    codes.set(code, [...(codes.get(code) ?? []), when])
    byStatus.set(status, codes)
  }
  const responses: Schema = {}
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const codes = byStatus.get(status)!
    responses[String(status)] = {
      description: [...codes].map(([code, whens]) => `\`${code}\`: ${whens.join('; ')}.`).join(' '),
      ...(status === 429 ? {headers: {'Retry-After': {$ref: '#/components/headers/Retry-After'}}} : {}),
      content: {
        'application/json': {
          schema: exact({
            error: exact({
              code: {type: 'string', enum: [...codes.keys()]},
              message: {type: 'string', description: 'For people; clients branch on `code`.'},
            }),
          }),
        },
      },
    }
  }
  return responses
}

// The refusals several operations share.
const MALFORMED: Refusal = ['invalid_argument', 'the body is not a JSON object']
const TOO_LARGE: Refusal = ['payload_too_large', 'the body is over 64 KiB; the connection is closed after the answer']
const INTERNAL: Refusal = ['internal', 'an internal error; the message names only its id']
const STRICT: Refusal = ['rate_limited', 'the strict rate class (per client IP, and per e-mail named in the body) is spent']
const NO_SESSION: Refusal = [
  'unauthorized',
  `no session (neither \`Authorization: Bearer\` nor the \`${SESSION_COOKIE}\` cookie), or its JWT is malformed, ` +
    'expired, revoked, or not an account session',
]
const BLOCKED: Refusal = ['account_blocked', 'the account is blocked']
const STANDARD: Refusal = ['rate_limited', 'the standard rate class of the account is spent']
const COOKIE_WRITE: Refusal = [
  'csrf_refused',
  `a write that only the \`${SESSION_COOKIE}\` cookie authenticates lacks \`X-Requested-With: exchange-web\`, is not ` +
    '`Content-Type: application/json`, or comes from a foreign `Origin` (docs/rest.md "Browsers: cookies, CSRF and CORS")',
]
const flowCookieWrite = (cookie: string): Refusal => [
  'csrf_refused',
  `the \`${cookie}\` cookie names the flow and the request lacks \`X-Requested-With: exchange-web\`, is not ` +
    '`Content-Type: application/json`, or comes from a foreign `Origin` (docs/rest.md "Browsers: cookies, CSRF and CORS")',
]
const LOCKED: Refusal = [
  'rate_limited',
  'the e-mail is locked after 5 failed sign-ins within 15 minutes (the 5th failure answers this too); ' +
    '`Retry-After` is the seconds left (docs/account-flows.md "Brute-force lock")',
]

const flowCookie = (name: string, description: string): Schema => ({
  name,
  in: 'cookie',
  required: false,
  description,
  schema: schema('Uuid'),
})

const code = (description: string): Schema => ({
  type: 'string',
  minLength: 1,
  maxLength: 32,
  description: `${description} A string ("012345"); spaces and dashes in it are ignored; a JSON number is refused (400).`,
  examples: ['012345'],
})
const SIGN_UP_CODES: Schema = {
  email_code: code('The 6-digit code sent by e-mail.'),
  sms_code: code('The 6-digit code sent by SMS.'),
}

/** The fields of an API key as every answer shows it (GET, and the creation answer with its secret). */
const API_KEY: Schema = {
  id: schema('Uuid'),
  api_key: {type: 'string', pattern: '^[0-9a-f]{64}$', description: 'The public part, sent as X-API-Key.'},
  label: {type: 'string', maxLength: 64},
  permissions: {
    type: 'array',
    uniqueItems: true,
    items: schema('ApiKeyPermission'),
    description: `In the order ${API_KEY_PERMISSIONS.join(', ')}.`,
  },
  ip_allowlist: {type: 'array', items: {type: 'string'}},
  created_at: schema('Timestamp'),
  last_used_at: {anyOf: [schema('Timestamp'), {type: 'null'}], description: 'Null until a signed request used it.'},
}

export const gatewaySchemas: Schema = {
  Jwt: {type: 'string', description: 'An exchange JWT (HS256): `sub` the account id, `role` "user".', pattern: `^${JWT}$`},
  TwoFactorCode: code('A TOTP code of the authenticator app (RFC 6238: 6 digits, 30 s steps); each is accepted once.'),
  SignUpRequest: {
    type: 'object',
    required: ['email', 'password', 'phone'],
    properties: {
      email: {
        type: 'string',
        format: 'email',
        maxLength: 254,
        description: 'Trimmed and kept in lower case. 409 `already_exists` when an account has it (no codes are sent).',
      },
      password: {
        type: 'string',
        minLength: MIN_PASSWORD_LENGTH,
        maxLength: MAX_PASSWORD_LENGTH,
        description: `At least ${MIN_PASSWORD_LENGTH} characters, not the e-mail address; not trimmed.`,
      },
      phone: {
        type: 'string',
        description: 'E.164: "+", then 8 to 15 digits; spaces, dashes and brackets are ignored.',
        pattern: '^[\\s()-]*\\+[\\s()-]*[1-9]([\\s()-]*[0-9]){7,14}[\\s()-]*$',
        examples: ['+14155550123'],
      },
    },
  },
  SignUpStarted: exact(
    {
      verification_id: {...schema('Uuid'), description: 'Names the sign-up for complete and resend.'},
      status: {const: 'pending_verification'},
      expires_at: {
        ...schema('Timestamp'),
        description: `When the codes expire: ${SIGN_UP_TTL_MINUTES} minutes after sending.`,
      },
    },
    'A pending sign-up: a code went by e-mail and another by SMS.',
  ),
  SignUpCompleteRequest: {
    description:
      'Both codes, and which sign-up: `verification_id`, else `email` (its newest sign-up), else the ' +
      `\`${SIGN_UP_COOKIE}\` cookie; with none of them, 400.`,
    anyOf: [
      {
        title: 'SignUpCompleteById',
        type: 'object',
        required: ['verification_id', 'email_code', 'sms_code'],
        properties: {verification_id: schema('Uuid'), ...SIGN_UP_CODES},
      },
      {
        title: 'SignUpCompleteByEmail',
        type: 'object',
        required: ['email', 'email_code', 'sms_code'],
        properties: {email: {type: 'string', format: 'email', maxLength: 254}, ...SIGN_UP_CODES},
      },
      {
        title: 'SignUpCompleteWithCookie',
        type: 'object',
        description: `The spec's payload: the \`${SIGN_UP_COOKIE}\` cookie names the sign-up.`,
        required: ['email_code', 'sms_code'],
        properties: SIGN_UP_CODES,
      },
    ],
  },
  SignUpCompleted: exact(
    {
      account_id: schema('Uuid'),
      email: {type: 'string', format: 'email', description: 'In lower case.'},
      status: {const: 'active'},
    },
    'The exchange account is created; completing does not sign in.',
  ),
  SignUpResendRequest: {
    type: 'object',
    description:
      `Which sign-up: \`verification_id\`, else \`email\`, else the \`${SIGN_UP_COOKIE}\` cookie (then send \`{}\`: a ` +
      'request the cookie names must be `Content-Type: application/json`).',
    properties: {verification_id: schema('Uuid'), email: {type: 'string', format: 'email', maxLength: 254}},
  },
  SignInRequest: {
    type: 'object',
    required: ['email', 'password'],
    properties: {
      email: {type: 'string', format: 'email', maxLength: 254},
      password: {
        type: 'string',
        minLength: 1,
        description: `A password over ${MAX_PASSWORD_LENGTH} characters is a wrong password (401), not a 400.`,
      },
    },
  },
  Session: exact(
    {
      access_token: schema('Jwt'),
      token_type: {const: 'Bearer'},
      expires_in: {type: 'integer', minimum: 1, description: 'Seconds the token is valid: 3600.', examples: [3600]},
    },
    `A session: the JWT, also set as the \`${SESSION_COOKIE}\` cookie.`,
  ),
  TwoFactorChallenge: exact(
    {
      two_factor_required: {const: true},
      challenge_id: {...schema('Uuid'), description: 'For POST /auth/sign-in/complete/.'},
      expires_at: {
        ...schema('Timestamp'),
        description: `${CHALLENGE_TTL_MINUTES} minutes after sign-in; the challenge takes at most 5 codes.`,
      },
    },
    'Two-factor is on: no session yet. Finish with a code at POST /auth/sign-in/complete/.',
  ),
  SignInAnswer: {
    description: 'A session, or (two-factor on) a challenge.',
    oneOf: [schema('Session'), schema('TwoFactorChallenge')],
  },
  SignInCompleteRequest: {
    description: `The code, and which challenge: \`challenge_id\`, else the \`${CHALLENGE_COOKIE}\` cookie; with neither, 400.`,
    anyOf: [
      {
        title: 'SignInCompleteById',
        type: 'object',
        required: ['challenge_id', '2fa_code'],
        properties: {challenge_id: schema('Uuid'), '2fa_code': schema('TwoFactorCode')},
      },
      {
        title: 'SignInCompleteWithCookie',
        type: 'object',
        description: `The spec's payload: the \`${CHALLENGE_COOKIE}\` cookie names the challenge.`,
        required: ['2fa_code'],
        properties: {'2fa_code': schema('TwoFactorCode')},
      },
    ],
  },
  EmptyBody: {
    type: 'object',
    description:
      `Ignored. With the \`${SESSION_COOKIE}\` cookie alone, send \`{}\`: a cookie write must be ` +
      '`Content-Type: application/json`, and clients send none without a body.',
  },
  SignedOut: exact({status: {const: 'signed_out'}}),
  TwoFactorStatus: exact({two_factor_enabled: {type: 'boolean'}}),
  TwoFactorSetup: exact(
    {
      secret: {type: 'string', pattern: '^[A-Z2-7]+$', description: 'Base32; shown this once.'},
      otpauth_uri: {
        type: 'string',
        pattern: '^otpauth://totp/',
        description: 'otpauth://totp/Exchange:<email>?secret=…&issuer=Exchange, for a QR code.',
      },
      two_factor_enabled: {const: false},
    },
    'A new secret, not enabled until POST /auth/2fa/enable/ with one of its codes.',
  ),
  TwoFactorCodeRequest: {type: 'object', required: ['code'], properties: {code: schema('TwoFactorCode')}},
  TwoFactorEnabled: exact({two_factor_enabled: {const: true}}),
  TwoFactorDisabled: exact({two_factor_enabled: {const: false}}),
  ApiKeyPermission: {type: 'string', enum: API_KEY_PERMISSIONS},
  CreateApiKeyRequest: {
    type: 'object',
    required: ['permissions'],
    properties: {
      permissions: {type: 'array', minItems: 1, items: schema('ApiKeyPermission'), description: 'None implies another.'},
      label: {type: 'string', maxLength: 64, description: 'Trimmed; empty when absent.'},
      ip_allowlist: {
        type: 'array',
        maxItems: 20,
        items: {type: 'string', description: 'An IPv4 or IPv6 address or CIDR.', examples: ['203.0.113.7', '2001:db8::/32']},
        description: 'Addresses the key may sign from (403 `permission_denied` from others); empty or absent: any.',
      },
      '2fa_code': {...schema('TwoFactorCode'), description: 'Required when two-factor is on.'},
    },
  },
  ApiKey: exact(API_KEY, 'An API key, without its secret.'),
  CreatedApiKey: exact(
    {
      ...API_KEY,
      api_secret: {type: 'string', pattern: '^[0-9a-f]{64}$', description: 'The HMAC key of X-Signature; shown this once.'},
    },
    'The new key with its secret: the only answer that shows it.',
  ),
  ApiKeyList: exact({keys: {type: 'array', description: 'Oldest first; no secrets.', items: schema('ApiKey')}}),
  ApiKeyDeleted: exact({success: {const: true}}),
}

/** The optional body of a write that takes none: `{}` carries the JSON Content-Type a cookie write needs. */
const EMPTY_BODY: Schema = {required: false, content: {'application/json': {schema: schema('EmptyBody')}}}

const op = (summary: string, description: string, operation: Schema): Schema => ({
  tags: ['gateway'],
  summary,
  description,
  ...operation,
})

export const gatewayPaths: Schema = {
  '/auth/sign-up/': {
    post: op(
      'Start a sign-up: a code by e-mail and one by SMS',
      'Validates, stores a pending sign-up and sends the two codes (docs/account-flows.md "Sign-up"). A newer ' +
        'sign-up for the same e-mail voids the older one. Rate class: strict.',
      {
        security: PUBLIC,
        requestBody: body('SignUpRequest'),
        responses: {
          ...answer('The sign-up is pending', 'SignUpStarted', {
            rateLimited: true,
            cookies: setCookie(SIGN_UP_COOKIE_TEXT, true, [COOKIES.signUpSet]),
          }),
          ...refusals(
            MALFORMED,
            [
              'invalid_argument',
              'e-mail syntax, a phone not in E.164, a password shorter than 10 or longer than 256 characters or equal ' +
                'to the e-mail',
            ],
            ['already_exists', 'an account has this e-mail; no codes are sent'],
            TOO_LARGE,
            STRICT,
            INTERNAL,
          ),
        },
      },
    ),
  },
  '/auth/sign-up/complete/': {
    post: op(
      'Complete a sign-up with both codes: the account is created',
      'Both codes are checked, always both; the answer does not say which was wrong. The 5th wrong try voids the ' +
        'sign-up. The sign-up is named by `verification_id`, `email` or the flow cookie (docs/account-flows.md ' +
        '"Endpoints"). Completing does not sign in. Rate class: strict.',
      {
        security: PUBLIC,
        parameters: [flowCookie(SIGN_UP_COOKIE, 'Set by sign-up and resend; used when the body names no sign-up.')],
        requestBody: body('SignUpCompleteRequest'),
        responses: {
          ...answer('The account', 'SignUpCompleted', {
            rateLimited: true,
            cookies: setCookie(`Clears \`${SIGN_UP_COOKIE}\` when the request carried it.`, false, [COOKIES.signUpCleared]),
          }),
          ...refusals(
            MALFORMED,
            [
              'invalid_argument',
              'no verification_id, email or cookie; verification_id not a UUID; e-mail syntax; a code missing, a JSON ' +
                'number or over 32 characters',
            ],
            ['invalid_code', 'the codes do not match ("… N tries left")'],
            flowCookieWrite(SIGN_UP_COOKIE),
            ['not_found', 'no sign-up with this verification_id or e-mail'],
            [
              'already_exists',
              'the sign-up is complete already (sign in), or its e-mail was taken meanwhile (the sign-up is void)',
            ],
            [
              'expired',
              'the codes expired (ask for new ones with resend), the 5th wrong try, or the sign-up is void (a newer ' +
                'one, too many wrong codes or sends)',
            ],
            TOO_LARGE,
            STRICT,
            INTERNAL,
          ),
        },
      },
    ),
  },
  '/auth/sign-up/resend/': {
    post: op(
      'New codes for a pending sign-up',
      'New codes on both channels and a fresh expiry, also for an expired sign-up; the old codes stop working ' +
        'and the wrong-try count is kept. At most one send a minute and 5 sends per sign-up. Rate class: strict.',
      {
        security: PUBLIC,
        parameters: [flowCookie(SIGN_UP_COOKIE, 'Set by sign-up; used when the body names no sign-up.')],
        requestBody: {required: false, content: {'application/json': {schema: schema('SignUpResendRequest')}}},
        responses: {
          ...answer('The codes are sent again', 'SignUpStarted', {
            rateLimited: true,
            cookies: setCookie(`Renews \`${SIGN_UP_COOKIE}\` with the new expiry.`, true, [COOKIES.signUpSet]),
          }),
          ...refusals(
            MALFORMED,
            ['invalid_argument', 'no verification_id, email or cookie; verification_id not a UUID; e-mail syntax'],
            flowCookieWrite(SIGN_UP_COOKIE),
            ['not_found', 'no sign-up with this verification_id or e-mail'],
            ['already_exists', 'the sign-up is complete already'],
            ['expired', 'the sign-up is void (a newer one, too many wrong codes), or asking for a 6th send voids it'],
            TOO_LARGE,
            STRICT,
            ['rate_limited', 'codes were sent less than 60 s ago; `Retry-After` is the seconds left'],
            INTERNAL,
          ),
        },
      },
    ),
  },
  '/auth/sign-in/': {
    post: op(
      'Sign in with e-mail and password: a session, or a two-factor challenge',
      'Order: lock check, password, account status, two-factor (docs/account-flows.md "Sign-in"). Without two-factor ' +
        `the answer is a session and the \`${SESSION_COOKIE}\` cookie; with it, a challenge and the ` +
        `\`${CHALLENGE_COOKIE}\` cookie, and no session yet. Rate class: strict.`,
      {
        security: PUBLIC,
        requestBody: body('SignInRequest'),
        responses: {
          ...answer('A session, or a two-factor challenge', 'SignInAnswer', {
            rateLimited: true,
            cookies: setCookie(
              `A session sets \`${SESSION_COOKIE}\` = access_token (Path=/, expiring with the token); a challenge sets ` +
                `\`${CHALLENGE_COOKIE}\` = challenge_id (Path=${AUTH_COOKIE_PATH}, expiring with the challenge).`,
              true,
              [COOKIES.sessionSet, COOKIES.challengeSet],
            ),
          }),
          ...refusals(
            MALFORMED,
            ['invalid_argument', 'e-mail syntax; password missing'],
            ['unauthorized', 'wrong e-mail or password: the same answer for an unknown e-mail'],
            ['account_blocked', 'the account is blocked (told only after the right password)'],
            TOO_LARGE,
            STRICT,
            LOCKED,
            INTERNAL,
          ),
        },
      },
    ),
  },
  '/auth/sign-in/complete/': {
    post: op(
      'Finish a two-factor sign-in with a code: the session',
      `The challenge is named by \`challenge_id\` or the \`${CHALLENGE_COOKIE}\` cookie. A challenge lives ` +
        `${CHALLENGE_TTL_MINUTES} minutes, takes at most 5 codes and is used once; wrong codes count toward the ` +
        'lock. Rate class: strict.',
      {
        security: PUBLIC,
        parameters: [
          flowCookie(CHALLENGE_COOKIE, 'Set by a sign-in that needs two-factor; used when the body has no challenge_id.'),
        ],
        requestBody: body('SignInCompleteRequest'),
        responses: {
          ...answer('The session', 'Session', {
            rateLimited: true,
            cookies: setCookie(
              `Sets \`${SESSION_COOKIE}\` = access_token, and clears \`${CHALLENGE_COOKIE}\` when the request carried it.`,
              true,
              [COOKIES.sessionSet, COOKIES.challengeCleared],
            ),
          }),
          ...refusals(
            MALFORMED,
            [
              'invalid_argument',
              'no challenge_id or cookie; challenge_id not a UUID; 2fa_code missing, a JSON number or over 32 characters',
            ],
            ['unauthorized', 'the challenge is unknown, used, expired or out of tries; a wrong or replayed code'],
            BLOCKED,
            flowCookieWrite(CHALLENGE_COOKIE),
            TOO_LARGE,
            STRICT,
            LOCKED,
            INTERNAL,
          ),
        },
      },
    ),
  },
  '/auth/sign-out/': {
    post: op(
      'Sign out: the session is revoked',
      'Revokes this session (its JWT is refused from now on, on every interface; other sessions stay) and clears ' +
        'the cookie. A blocked account may sign out. With the cookie alone, send the body `{}` (a cookie write must ' +
        'be `Content-Type: application/json`). No rate class: the answer has no X-RateLimit headers.',
      {
        security: SESSION,
        requestBody: EMPTY_BODY,
        responses: {
          ...answer('Signed out', 'SignedOut', {
            rateLimited: false,
            cookies: setCookie(`Clears \`${SESSION_COOKIE}\`.`, true, [COOKIES.sessionCleared]),
          }),
          ...refusals(['invalid_argument', 'a body that is not a JSON object'], NO_SESSION, COOKIE_WRITE, TOO_LARGE, INTERNAL),
        },
      },
    ),
  },
  '/auth/2fa/': {
    get: op('Whether two-factor is on', 'Rate class: standard, per account.', {
      security: SESSION,
      responses: {
        ...answer('Two-factor status', 'TwoFactorStatus', {rateLimited: true}),
        ...refusals(NO_SESSION, BLOCKED, STANDARD, INTERNAL),
      },
    }),
  },
  '/auth/2fa/setup/': {
    post: op(
      'A new TOTP secret (not enabled yet)',
      'Returns a fresh secret and its otpauth:// URI, the only time the secret is shown; setting up again replaces ' +
        'a pending secret (docs/account-flows.md "Two-factor (TOTP)"). Rate class: standard.',
      {
        security: SESSION,
        requestBody: EMPTY_BODY,
        responses: {
          ...answer('The secret', 'TwoFactorSetup', {rateLimited: true}),
          ...refusals(
            MALFORMED,
            NO_SESSION,
            BLOCKED,
            COOKIE_WRITE,
            ['failed_precondition', 'two-factor is on: disable it first'],
            TOO_LARGE,
            STANDARD,
            INTERNAL,
          ),
        },
      },
    ),
  },
  '/auth/2fa/enable/': {
    post: op('Turn two-factor on with a code of the pending secret', 'Each code is accepted once. Rate class: standard.', {
      security: SESSION,
      requestBody: body('TwoFactorCodeRequest'),
      responses: {
        ...answer('Two-factor is on', 'TwoFactorEnabled', {rateLimited: true}),
        ...refusals(
          MALFORMED,
          ['invalid_argument', 'code missing, a JSON number or over 32 characters'],
          ['invalid_code', 'the code does not match the pending secret now, or was used already'],
          NO_SESSION,
          BLOCKED,
          COOKIE_WRITE,
          ['failed_precondition', 'no pending secret (set up first), or two-factor is on already'],
          TOO_LARGE,
          STANDARD,
          INTERNAL,
        ),
      },
    }),
  },
  '/auth/2fa/disable/': {
    post: op(
      'Turn two-factor off with a code',
      'Removes the secret. A wrong code counts toward the sign-in lock. Rate class: standard.',
      {
        security: SESSION,
        requestBody: body('TwoFactorCodeRequest'),
        responses: {
          ...answer('Two-factor is off', 'TwoFactorDisabled', {rateLimited: true}),
          ...refusals(
            MALFORMED,
            ['invalid_argument', 'code missing, a JSON number or over 32 characters'],
            ['invalid_code', 'a wrong or already used code'],
            NO_SESSION,
            BLOCKED,
            COOKIE_WRITE,
            ['failed_precondition', 'two-factor is not on'],
            TOO_LARGE,
            STANDARD,
            LOCKED,
            INTERNAL,
          ),
        },
      },
    ),
  },
  '/api-keys/': {
    post: op(
      'Create an API key: its secret is shown in this answer only',
      'The same keys as the admin APIKeysService (docs/account-flows.md "API keys from the gateway"). With two-factor ' +
        `on, \`2fa_code\` is required. An account holds at most ${MAX_KEYS_PER_ACCOUNT} keys. Rate class: standard.`,
      {
        security: SESSION,
        requestBody: body('CreateApiKeyRequest'),
        responses: {
          ...answer('The key and its secret', 'CreatedApiKey', {rateLimited: true}),
          ...refusals(
            MALFORMED,
            [
              'invalid_argument',
              'permissions empty or not among trade, withdraw, read; label over 64 characters; ip_allowlist not an ' +
                'array of at most 20 addresses or CIDRs; two-factor on and 2fa_code missing',
            ],
            ['invalid_code', 'a wrong or already used 2fa_code (counted toward the sign-in lock)'],
            NO_SESSION,
            BLOCKED,
            COOKIE_WRITE,
            ['failed_precondition', `the account holds ${MAX_KEYS_PER_ACCOUNT} keys: delete one first`],
            TOO_LARGE,
            STANDARD,
            LOCKED,
            INTERNAL,
          ),
        },
      },
    ),
    get: op("The account's API keys", 'Without their secrets. Rate class: standard.', {
      security: SESSION,
      responses: {
        ...answer('The keys', 'ApiKeyList', {rateLimited: true}),
        ...refusals(NO_SESSION, BLOCKED, STANDARD, INTERNAL),
      },
    }),
  },
  '/api-keys/{id}/': {
    delete: op(
      'Delete an API key',
      'It stops authenticating at once. Another account\'s key is "not found", as an unknown id. Rate class: standard.',
      {
        security: SESSION,
        parameters: [{name: 'id', in: 'path', required: true, description: 'The key id.', schema: schema('Uuid')}],
        requestBody: EMPTY_BODY,
        responses: {
          ...answer('Deleted', 'ApiKeyDeleted', {rateLimited: true}),
          ...refusals(
            MALFORMED,
            ['invalid_argument', 'id is not a UUID'],
            NO_SESSION,
            BLOCKED,
            COOKIE_WRITE,
            ['not_found', 'no key of the account has this id'],
            TOO_LARGE,
            STANDARD,
            INTERNAL,
          ),
        },
      },
    ),
  },
}
