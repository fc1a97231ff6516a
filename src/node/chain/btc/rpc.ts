/**
 * A Bitcoin Core JSON-RPC client over Node's fetch: HTTP basic auth taken from the URL
 * (`http://user:pass@host:port`), a timeout per call, and answers read decimal-exact: every
 * number with a fraction, an exponent or more digits than a double holds arrives as its text,
 * so BTC amounts (`1.23450000`) are converted to satoshi from their digits, never through a float.
 */
import {ExchangeError, invalid} from '../../ground/errors.js'
import {parseAmount} from '../../ground/money.js'

/** An error answered by the node itself, with Bitcoin Core's RPC error code (e.g. -5, -8, -26). */
export class BitcoinRpcError extends Error {
  override readonly name = 'BitcoinRpcError'

  constructor(
    readonly method: string,
    /** Bitcoin Core's code (rpc/protocol.h): -5 not found, -8 invalid parameter, -26 rejected, -27 already in chain. */
    readonly code: number,
    message: string,
  ) {
    super(`${method}: ${message} (RPC error ${code})`)
  }
}

/** Bitcoin Core's RPC error codes this code reacts to (rpc/protocol.h). */
export const RPC = {
  INVALID_ADDRESS_OR_KEY: -5,
  INVALID_PARAMETER: -8,
  VERIFY_ERROR: -25,
  VERIFY_REJECTED: -26,
  VERIFY_ALREADY_IN_CHAIN: -27,
} as const

/** JSON numbers that a double would not hold exactly become strings; strings are skipped whole. */
const TOKEN = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g

/** Parses JSON text keeping every non-integer (or unsafe integer) number as its exact decimal text. */
export function parseJsonExact(text: string): unknown {
  return JSON.parse(
    text.replace(TOKEN, (token) => {
      if (token.startsWith('"')) return token
      return /[.eE]/.test(token) || !Number.isSafeInteger(Number(token)) ? `"${token}"` : token
    }),
  )
}

/** A BTC amount as Core prints it ("0.00020000", or an integer) → satoshi. */
export function btcToSatoshi(value: unknown, field = 'amount'): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value) * 100_000_000n
  if (typeof value !== 'string') throw new Error(`${field}: expected a decimal amount, got ${JSON.stringify(value)}`)
  return parseAmount(value, 8, field)
}

export type RpcOptions = {
  /** `http://user:pass@host:port[/wallet/...]`; user and password may be percent-encoded. */
  url: string
  /** Per-call timeout; a slow scantxoutset on mainnet may need minutes. */
  timeoutMs?: number
}

export class BitcoinRpc {
  private readonly endpoint: string
  private readonly authorization: string | undefined
  private readonly timeoutMs: number
  private nextId = 1

  constructor(options: RpcOptions) {
    let url: URL
    try {
      url = new URL(options.url)
    } catch {
      throw invalid('the Bitcoin Core RPC URL is not a URL')
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('the Bitcoin Core RPC URL must be http(s)')
    const user = decodeURIComponent(url.username)
    const password = decodeURIComponent(url.password)
    this.authorization = user || password ? `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` : undefined
    url.username = ''
    url.password = ''
    this.endpoint = url.toString()
    this.timeoutMs = options.timeoutMs ?? 30_000
  }

  /** Calls `method`; resolves to its `result` (numbers decimal-exact), rejects with BitcoinRpcError or `unavailable`. */
  async call(method: string, params: readonly unknown[] = []): Promise<unknown> {
    const id = this.nextId++
    const headers: Record<string, string> = {'content-type': 'application/json'}
    if (this.authorization) headers.authorization = this.authorization
    let status: number
    let text: string
    try {
      const response = await fetch(this.endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify({jsonrpc: '1.0', id, method, params}),
        signal: AbortSignal.timeout(this.timeoutMs),
      })
      status = response.status
      text = await response.text()
    } catch (error) {
      throw new ExchangeError('unavailable', `bitcoin node unreachable (${method}): ${(error as Error).message}`, {cause: error})
    }
    if (status === 401 || status === 403)
      throw new ExchangeError('unavailable', `bitcoin node refused the RPC credentials (HTTP ${status})`)
    let body: unknown
    try {
      body = parseJsonExact(text)
    } catch {
      throw new ExchangeError('unavailable', `bitcoin node answered ${method} with HTTP ${status} and no JSON`)
    }
    const {result, error} = (body ?? {}) as {result?: unknown; error?: {code?: unknown; message?: unknown} | null}
    if (error) {
      throw new BitcoinRpcError(method, typeof error.code === 'number' ? error.code : 0, String(error.message ?? 'error'))
    }
    if (status !== 200) throw new ExchangeError('unavailable', `bitcoin node answered ${method} with HTTP ${status}`)
    return result
  }
}

/** Whether a thrown value is the node's RPC error with this code. */
export const isRpcError = (error: unknown, code: number): error is BitcoinRpcError =>
  error instanceof BitcoinRpcError && error.code === code
