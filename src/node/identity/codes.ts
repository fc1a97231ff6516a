/**
 * One-time verification codes (sign-up by e-mail and SMS): 6 random digits, stored only as an
 * HMAC-SHA256 under a key derived from the data dir's secret, compared in constant time.
 */
import {createHmac, hkdfSync, randomInt, timingSafeEqual} from 'node:crypto'
import {invalid} from '../ground/errors.js'

export const CODE_PATTERN = /^\d{6}$/

/** A uniformly random 6-digit code, leading zeros kept. */
export const generateCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0')

/** The code as typed: a string, inner spaces and dashes ignored ("123 456"). Missing is `invalid_argument`. */
export function readCode(value: unknown, field: string): string {
  if (typeof value === 'number') throw invalid(`${field} must be a string of digits, such as "012345"`)
  if (typeof value !== 'string' || value.trim() === '') throw invalid(`${field} is required`)
  if (value.length > 32) throw invalid(`${field} is longer than 32 characters`)
  return value.replace(/[\s-]/g, '')
}

export class CodeHasher {
  private readonly key: Buffer

  constructor(secret: Buffer) {
    this.key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'exchange identity codes v1', 32))
  }

  /** The stored form of `code` for one purpose (`scope`, e.g. "<sign-up id>:email"). */
  hash(scope: string, code: string): string {
    return createHmac('sha256', this.key).update(`${scope}\n${code}`, 'utf8').digest('hex')
  }

  /** Whether `code` hashes to `stored`; constant time in the code's content. */
  matches(scope: string, code: string, stored: string): boolean {
    const actual = Buffer.from(this.hash(scope, code), 'hex')
    const expected = Buffer.from(stored, 'hex')
    return expected.length === actual.length && timingSafeEqual(actual, expected)
  }
}
