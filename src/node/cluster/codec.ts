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
import {ExchangeError, RetryLater, Unavailable, retryAfterOf, type ErrorCode} from '../errors.js'

const encoder = new TextEncoder()
const decoder = new TextDecoder()

function replacer(this: unknown, key: string, value: unknown): unknown {
  // `value` went through toJSON already (a Buffer arrives as {type: 'Buffer', data}): look at the original.
  const original = (this as Record<string, unknown>)[key]
  if (typeof original === 'bigint') return {$bigint: original.toString()}
  if (original instanceof Uint8Array)
    return {$bytes: Buffer.from(original.buffer, original.byteOffset, original.length).toString('base64')}
  if (original === undefined && Array.isArray(this)) return {$undefined: true}
  return value
}

function reviver(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
  const tagged = value as {$bigint?: unknown; $bytes?: unknown; $undefined?: unknown}
  if (typeof tagged.$bigint === 'string' && Object.keys(value).length === 1) return BigInt(tagged.$bigint)
  if (typeof tagged.$bytes === 'string' && Object.keys(value).length === 1) return Buffer.from(tagged.$bytes, 'base64')
  // An array element the reviver drops reads back as undefined (a hole), which is what was sent.
  if (tagged.$undefined === true && Object.keys(value).length === 1) return undefined
  return value
}

/** JSON text of `value` with bigint, bytes and undefined array elements kept (see above). */
export function encodeText(value: unknown): string {
  return JSON.stringify(value, replacer) ?? 'null'
}

export function decodeText<T = unknown>(text: string): T {
  return JSON.parse(text, reviver) as T
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
