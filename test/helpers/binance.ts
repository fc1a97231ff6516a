/**
 * Helpers of the Binance-form API tests (CONTRACT §11): raw GETs under /api/v3, and ccxt's own
 * `binance` class pointed at a test node by its URLs and options only (docs/binance-compat.md).
 */
import ccxt from 'ccxt'
import type {TestNode} from './node.js'

export type Answer<T = any> = {status: number; body: T; headers: Headers}

/** GET a path under the listener (`/api/v3/...`), the body parsed as JSON. */
export async function v3<T = any>(node: TestNode, path: string): Promise<Answer<T>> {
  const response = await fetch(`${node.httpUrl}${path}`)
  return {status: response.status, body: (await response.json()) as T, headers: response.headers}
}

/** ccxt's binance, changed by URL and the options of docs/binance-compat.md only. */
export async function ccxtBinance(node: TestNode, credentials: {apiKey?: string; secret?: string} = {}) {
  const http = node.httpUrl
  const ws = http.replace(/^http/, 'ws')
  const exchange = new ccxt.pro.binance({
    ...credentials,
    urls: {
      api: {
        public: `${http}/api/v3`,
        private: `${http}/api/v3`,
        v1: `${http}/api/v1`,
        sapi: `${http}/sapi/v1`,
        ws: {spot: `${ws}/ws`, 'ws-api': {spot: `${ws}/ws-api/v3`}},
      },
    },
    options: {
      fetchMarkets: {types: ['spot']},
      fetchCurrencies: false,
      fetchMargins: false,
    },
  })
  // Plain ws:// needs node's http agent loaded first (wss:// does not).
  await exchange.loadHttpProxyAgent()
  return exchange
}

/** A decimal string as Binance-form clients expect: plain notation, no exponent. */
export const DECIMAL = /^(0|[1-9]\d*)(\.\d*[1-9])?$/
