/**
 * auth/passwords.ts: scrypt with a random salt per password, in the form
 * `scrypt$N$r$p$<salt b64>$<hash b64>`, verified in constant time. An unknown user (no stored hash)
 * costs a verification too, and never succeeds.
 */
import test from 'ava'
import {hashPassword, verifyPassword} from '../../../src/node/auth/passwords.js'

const PASSWORD = 'correct horse battery staple'

test('a hash verifies its password and refuses another, a prefix, a changed case and the empty one', async (t) => {
  const stored = await hashPassword(PASSWORD)
  t.true(await verifyPassword(PASSWORD, stored))
  for (const wrong of ['wrong password', PASSWORD.slice(0, -1), `${PASSWORD} `, PASSWORD.toUpperCase(), '']) {
    t.false(await verifyPassword(wrong, stored), JSON.stringify(wrong))
  }
})

test('the hash is scrypt (N 16384, r 8, p 1) with a 16-byte salt and a 32-byte key, none of it the password', async (t) => {
  const stored = await hashPassword(PASSWORD)
  const [scheme, n, r, p, salt, hash, ...more] = stored.split('$')
  t.deepEqual([scheme, n, r, p], ['scrypt', '16384', '8', '1'])
  t.is(Buffer.from(salt!, 'base64').length, 16)
  t.is(Buffer.from(hash!, 'base64').length, 32)
  t.deepEqual(more, [])
  t.false(stored.includes(PASSWORD))
})

test('two hashes of one password differ (each its own salt) and both verify', async (t) => {
  const [first, second] = await Promise.all([hashPassword(PASSWORD), hashPassword(PASSWORD)])
  t.not(first, second)
  t.not(first.split('$')[4], second.split('$')[4])
  t.true(await verifyPassword(PASSWORD, first))
  t.true(await verifyPassword(PASSWORD, second))
})

test('the password is compared in its NFKC form: a composed and a decomposed "é" are one password', async (t) => {
  const composed = 'caf\u00e9 password'
  const decomposed = 'cafe\u0301 password'
  t.not(composed, decomposed)
  t.true(await verifyPassword(decomposed, await hashPassword(composed)))
})

test('no stored hash (an unknown user) and a stored value that is not a scrypt hash never verify', async (t) => {
  t.false(await verifyPassword(PASSWORD, undefined))
  t.false(await verifyPassword('', undefined))
  const [, n, r, p, salt, hash] = (await hashPassword(PASSWORD)).split('$')
  for (const stored of ['', PASSWORD, ['bcrypt', n, r, p, salt, hash].join('$'), ['scrypt', n, r, p, salt, ''].join('$')]) {
    t.false(await verifyPassword(PASSWORD, stored), stored)
  }
})
