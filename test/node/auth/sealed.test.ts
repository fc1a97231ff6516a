/**
 * auth/sealed.ts, the sealing of secrets at rest (API secrets, admins' TOTP secrets, the wallet
 * seed): AES-256-GCM as `v1.<iv>.<tag>.<ciphertext>`, base64. What it must refuse matters as much as
 * what it opens: another key, any altered part, a format it does not know.
 */
import {randomBytes} from 'node:crypto'
import test from 'ava'
import {seal, unseal} from '../../../src/node/auth/sealed.js'

const key = randomBytes(32)
const SECRET = 'api secret 0f9e… — ünïcode and "quotes"'

/** The sealed text with its part `index` (1 iv, 2 tag, 3 ciphertext) changed by one bit. */
function flipBit(sealed: string, index: number): string {
  const parts = sealed.split('.')
  const bytes = Buffer.from(parts[index]!, 'base64')
  bytes[0] = bytes[0]! ^ 0x01
  parts[index] = bytes.toString('base64')
  return parts.join('.')
}

test('seal then unseal gives the text back, empty and long texts included', (t) => {
  for (const text of [SECRET, '', 'x', 'a'.repeat(100_000)]) t.is(unseal(key, seal(key, text)), text)
})

test('the sealed form is v1, a 12-byte iv, a 16-byte tag and the ciphertext, none of it the text', (t) => {
  const sealed = seal(key, SECRET)
  const [version, iv, tag, data, ...more] = sealed.split('.')
  t.is(version, 'v1')
  t.is(Buffer.from(iv!, 'base64').length, 12)
  t.is(Buffer.from(tag!, 'base64').length, 16)
  t.is(Buffer.from(data!, 'base64').length, Buffer.byteLength(SECRET, 'utf8'))
  t.deepEqual(more, [])
  t.false(sealed.includes('api secret'))
  t.false(Buffer.from(data!, 'base64').toString('utf8').includes('api secret'))
})

test('two seals of the same text differ (a fresh iv each time) and both open', (t) => {
  const first = seal(key, SECRET)
  const second = seal(key, SECRET)
  t.not(first, second)
  t.not(first.split('.')[1], second.split('.')[1])
  t.is(unseal(key, first), SECRET)
  t.is(unseal(key, second), SECRET)
})

test('another key refuses', (t) => {
  const sealed = seal(key, SECRET)
  t.throws(() => unseal(randomBytes(32), sealed))
})

test('a changed iv, tag or ciphertext refuses', (t) => {
  const sealed = seal(key, SECRET)
  t.throws(() => unseal(key, flipBit(sealed, 1)), undefined, 'iv')
  t.throws(() => unseal(key, flipBit(sealed, 2)), undefined, 'tag')
  t.throws(() => unseal(key, flipBit(sealed, 3)), undefined, 'ciphertext')
  t.is(unseal(key, sealed), SECRET, 'the untouched form still opens')
})

// Without a fixed tag length, GCM checks a tag of 4 to 16 bytes on as many bytes as it is given: the
// first 4 bytes of the real tag would open the secret (2^32 tries to forge, not 2^128).
test('a shortened tag (its first 4 bytes) refuses', (t) => {
  const [version, iv, tag, data] = seal(key, SECRET).split('.')
  const short = Buffer.from(tag!, 'base64').subarray(0, 4).toString('base64')
  t.throws(() => unseal(key, [version, iv, short, data].join('.')))
})

test('an unknown version or a missing part refuses with "unknown sealed secret format"', (t) => {
  const [, iv, tag, data] = seal(key, SECRET).split('.')
  for (const sealed of [
    ['v2', iv, tag, data].join('.'),
    ['V1', iv, tag, data].join('.'),
    ['', iv, tag, data].join('.'),
    ['v1', iv, tag].join('.'),
    ['v1', '', tag, data].join('.'),
    ['v1', iv, '', data].join('.'),
    'v1',
    '',
  ]) {
    t.throws(() => unseal(key, sealed), {message: 'unknown sealed secret format'}, JSON.stringify(sealed))
  }
})
