/** `exchange node start --cors-origins`: the browser origins the public listener lets in (http/cors.ts). */
import {Flags} from '@oclif/core'
import {ExchangeError} from '../node/ground/errors.js'
import {normalizeOrigin} from '../node/http/origin.js'
import {splitList} from './node-flags.js'

export const corsFlags = {
  'cors-origins': Flags.string({
    env: 'EXCHANGE_CORS_ORIGINS',
    summary:
      'Comma list of browser origins allowed by CORS and for cookie-authenticated writes, e.g. "https://app.example.com". None by default.',
  }),
}

/** The comma list as normalized origins; a bad entry calls `fail` with the reason. */
export function parseCorsOrigins(value: string | undefined, fail: (message: string) => never): string[] {
  return splitList(value).map((entry) => {
    try {
      return normalizeOrigin(entry)
    } catch (error) {
      if (error instanceof ExchangeError) fail(`--cors-origins: ${error.message}`)
      throw error
    }
  })
}
