/** Password hashing with scrypt (per-password random salt), verified in constant time. */
import {randomBytes, scrypt, timingSafeEqual, type ScryptOptions} from 'node:crypto'

const PARAMS = {N: 16384, r: 8, p: 1}
const KEY_LENGTH = 32

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, {...options, maxmem: 64 * 1024 * 1024}, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

/** `scrypt$N$r$p$<salt b64>$<hash b64>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, PARAMS)
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$')
}

/** A hash of a random password, verified against when the user is unknown so both paths cost the same. */
let decoy: Promise<string> | undefined

export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const encoded = stored ?? (await (decoy ??= hashPassword(randomBytes(16).toString('hex'))))
  const [scheme, n, r, p, salt, hash] = encoded.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const actual = await derive(password, Buffer.from(salt, 'base64'), {N: Number(n), r: Number(r), p: Number(p)})
  return timingSafeEqual(actual, expected) && stored !== undefined
}
