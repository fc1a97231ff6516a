/**
 * auth/tokens.ts, the one issuer and verifier of session tokens, on its own over in-memory stores:
 * a token opens only with the node's key *and* its session row. What the transports already show is
 * not repeated here: revocation (test/node/rest/accounts.test.ts, test/node/identity/sign-in.test.ts),
 * a malformed token (rest/accounts.test.ts) and tokens without `exp`, expired, `alg: none` or
 * re-signed for another subject, role or expiry (test/node/rest/auth.test.ts).
 */
import {randomBytes, randomUUID} from 'node:crypto'
import test, {type ExecutionContext} from 'ava'
import {ACCESS_TOKEN_TTL_SECONDS, Tokens} from '../../../src/node/auth/tokens.js'
import {ExchangeError} from '../../../src/node/ground/errors.js'
import type {Db} from '../../../src/node/store/database.js'
import {memoryStore} from '../../helpers/memory.js'

function store(t: ExecutionContext): Db {
  const db = memoryStore()
  t.teardown(() => db.close())
  return db
}

async function refusal(t: ExecutionContext, verifying: Promise<unknown>): Promise<string> {
  const error = await t.throwsAsync(verifying, {instanceOf: ExchangeError})
  t.is(error?.code, 'unauthorized')
  return error?.message ?? ''
}

test('an issued token verifies to its subject, role, session and an expiry an hour ahead', async (t) => {
  const tokens = new Tokens(store(t), randomBytes(32))
  const subject = randomUUID()
  const before = Date.now()
  const issued = await tokens.issue(subject, 'user')
  t.is(issued.expiresIn, ACCESS_TOKEN_TTL_SECONDS)
  const claims = await tokens.verify(issued.token)
  t.is(claims.subject, subject)
  t.is(claims.role, 'user')
  t.is(claims.jti, issued.jti)
  const ahead = claims.expiresAt.getTime() - before
  t.true(ahead > (ACCESS_TOKEN_TTL_SECONDS - 2) * 1000 && ahead <= ACCESS_TOKEN_TTL_SECONDS * 1000, `${ahead} ms`)
  t.is(tokens.session(issued.jti)?.revokedAt, null)
})

test('a token signed with another key is refused, though its session is in the store', async (t) => {
  const db = store(t)
  const issuer = new Tokens(db, randomBytes(32))
  const {token} = await issuer.issue(randomUUID(), 'user')
  t.truthy(await issuer.verify(token), 'the issuing key opens it')
  t.is(await refusal(t, new Tokens(db, randomBytes(32)).verify(token)), 'invalid token')
})

test('a token of the right key whose session is not in this store is refused: the key alone opens nothing', async (t) => {
  const key = randomBytes(32)
  const elsewhere = new Tokens(store(t), key)
  const {token} = await elsewhere.issue(randomUUID(), 'superadmin')
  t.truthy(await elsewhere.verify(token))
  t.is(await refusal(t, new Tokens(store(t), key).verify(token)), 'session revoked')
})
