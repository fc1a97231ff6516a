/**
 * What crosses NATS, as bytes: JSON that keeps what plain JSON would lose.
 *
 * - bigint (minor units) as `{"$bigint": "-123"}`, exact at any size;
 * - bytes (Buffer, Uint8Array: a chat file's content) as `{"$bytes": "<base64>"}`, back as a Buffer;
 * - `undefined` inside an array (a service method's omitted argument) as `{"$undefined": true}`, so that
 *   `f(a, undefined, c)` arrives with its defaults intact; an undefined property is left out, as in JSON.
 *
 * No domain object has a property named `$bigint`, `$bytes` or `$undefined`.
 *
 * An answer is `{ok: true, value}` or `{ok: false, error: {code, message, retryAfterSeconds?}}`: an
 * ExchangeError crosses with its code and message (and the Retry-After of a RetryLater or an
 * Unavailable) and is thrown again on the caller's side as the same class with the same code.
 */
import {ExchangeError, RetryLater, Unavailable, retryAfterOf, type ErrorCode} from '../ground/errors.js'

const encoder = new TextEncoder()
const decoder = new TextDecoder()

const UNDEFINED_TAG = {$undefined: true}

/**
 * `value` as plain JSON can carry it: bigint, bytes and undefined array elements replaced by their
 * tags. What holds none is returned as is, and only the objects on the way to a tag are copied: a
 * walk in JavaScript costs a fraction of a replacer, which JSON.stringify calls back for every value.
 * The text is the one a replacer gives (same keys, same order).
 */
function tagged(value: unknown): unknown {
  if (typeof value === 'bigint') return {$bigint: value.toString()}
  if (typeof value !== 'object' || value === null) return value
  if (value instanceof Uint8Array) return {$bytes: Buffer.from(value.buffer, value.byteOffset, value.length).toString('base64')}
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i]
      const out = item === undefined ? UNDEFINED_TAG : tagged(item)
      if (out !== item) copy ??= value.slice(0, i)
      copy?.push(out)
    }
    return copy ?? value
  }
  // A Date and the like: JSON.stringify calls its toJSON, as it does with the replacer.
  if (typeof (value as {toJSON?: unknown}).toJSON === 'function') return value
  let copy: Record<string, unknown> | undefined
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key]
    const out = tagged(item)
    if (out === item) continue
    copy ??= {...value}
    copy[key] = out
  }
  return copy ?? value
}

/** `value` parsed from plain JSON with its tags replaced (in place), as the reviver does. */
function untagged(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const out = untagged(value[i])
      // An element that reads back undefined is a hole, as with the reviver.
      if (out === undefined) delete value[i]
      else value[i] = out
    }
    return value
  }
  const record = value as Record<string, unknown>
  const keys = Object.keys(record)
  if (keys.length === 1) {
    if (typeof record['$bigint'] === 'string') return BigInt(record['$bigint'])
    if (typeof record['$bytes'] === 'string') return Buffer.from(record['$bytes'], 'base64')
    if (record['$undefined'] === true) return undefined
  }
  for (const key of keys) {
    // JSON.parse made `__proto__` an own property; assigning it would set the prototype instead.
    if (key === '__proto__') continue
    const item = record[key]
    const out = untagged(item)
    if (out === item) continue
    if (out === undefined) delete record[key]
    else record[key] = out
  }
  return value
}

/** JSON text of `value` with bigint, bytes and undefined array elements kept (see above). */
export function encodeText(value: unknown): string {
  return JSON.stringify(tagged(value)) ?? 'null'
}

/** A value JSON carries as it is: no bytes, no undefined array element (a bigint is tagged on the way). */
export type PlainValue =
  string | number | boolean | null | bigint | readonly PlainValue[] | {readonly [key: string]: PlainValue | undefined}

/** `T`, checked at compile time to be a PlainValue: what may go through `encodePlainText`. */
export type Plain<T extends PlainValue> = T

/**
 * JSON text of a value known to hold no bytes and no undefined array element (`PlainValue`: a
 * trading event, an order command's answer): JSON.stringify straight, and the tagged walk only for a
 * value that holds a bigint (JSON.stringify throws on one). The same text as `encodeText`, without
 * walking every value first.
 */
export function encodePlainText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null'
  } catch (error) {
    if (error instanceof TypeError) return encodeText(value)
    throw error
  }
}

export function decodeText<T = unknown>(text: string): T {
  const value: unknown = JSON.parse(text)
  // Every tag is a key that begins with `$`: text without `"$` has none.
  return (text.includes('"$') ? untagged(value) : value) as T
}

export function encode(value: unknown): Uint8Array {
  return encoder.encode(encodeText(value))
}

export function decode<T = unknown>(bytes: Uint8Array): T {
  return decodeText<T>(decoder.decode(bytes))
}

/** An ExchangeError as it crosses. */
export type WireError = {code: ErrorCode; message: string; retryAfterSeconds?: number}

/** The answer to a command. */
export type Reply = {ok: true; value: unknown} | {ok: false; error: WireError}

export function wireError(error: ExchangeError): WireError {
  const retryAfterSeconds = retryAfterOf(error)
  return retryAfterSeconds === undefined
    ? {code: error.code, message: error.message}
    : {code: error.code, message: error.message, retryAfterSeconds}
}

/** The ExchangeError of a wire error: the same class (RetryLater, Unavailable, ExchangeError) and code. */
export function fromWireError(error: WireError): ExchangeError {
  if (error.retryAfterSeconds !== undefined) {
    if (error.code === 'rate_limited') return new RetryLater(error.message, error.retryAfterSeconds)
    if (error.code === 'unavailable') return new Unavailable(error.message, error.retryAfterSeconds)
  }
  return new ExchangeError(error.code, error.message)
}
