/**
 * The decimals of each token contract, read from the contract's own `decimals()` the first time the
 * chain's node is asked about it and stored (`chain_tokens`): USDT has 6 on Ethereum and TRON but 18
 * on several other EVM chains, so the exchange never assumes. A token whose decimals could not be
 * read yet is neither scanned nor sent; the next pass asks again.
 */
import type {Logger} from '../ground/logger.js'
import type {Db} from '../store/database.js'
import {nowIso} from '../ground/time.js'
import type {Blockchain, ChainAdapter} from './adapter.js'
import {addressKey} from './address-key.js'

/** More than this many decimals and 2^256 − 1 base units is less than one whole token. */
export const MAX_TOKEN_DECIMALS = 77

export class TokenDecimals {
  private readonly known = new Map<string, number>()
  /** Why a contract's decimals could not be read, by `${blockchain}:${contract}` (the last failure). */
  private readonly failures = new Map<string, string>()

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {
    const rows = db.prepare<[], {blockchain: string; contract: string; decimals: number}>('SELECT * FROM chain_tokens').all()
    for (const row of rows) this.known.set(`${row.blockchain}:${row.contract}`, row.decimals)
  }

  /** The stored decimals of a contract, or undefined while they were never read. */
  of(blockchain: Blockchain, contract: string): number | undefined {
    return this.known.get(`${blockchain}:${addressKey(contract)}`)
  }

  /** Why the contract's decimals could not be read, when they could not. */
  failure(blockchain: Blockchain, contract: string): string | undefined {
    return this.failures.get(`${blockchain}:${addressKey(contract)}`)
  }

  /** Reads and stores the decimals of every listed contract not read yet; a failure is logged once and retried next time. */
  async read(adapter: ChainAdapter, contracts: readonly string[]): Promise<void> {
    const {blockchain} = adapter
    for (const contract of contracts) {
      if (this.of(blockchain, contract) !== undefined) continue
      const key = `${blockchain}:${addressKey(contract)}`
      try {
        if (!adapter.tokenDecimals) throw new Error(`${blockchain} has no tokens`)
        const decimals = await adapter.tokenDecimals(contract)
        if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_TOKEN_DECIMALS) {
          throw new Error(`the contract declares ${decimals} decimals`)
        }
        this.db
          .prepare('INSERT OR REPLACE INTO chain_tokens (blockchain, contract, decimals, read_at) VALUES (?, ?, ?, ?)')
          .run(blockchain, addressKey(contract), decimals, nowIso())
        this.known.set(key, decimals)
        this.failures.delete(key)
        this.logger.info({blockchain, contract, decimals}, 'token decimals read from the contract')
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        const known = this.failures.has(key)
        this.failures.set(key, reason)
        if (known) continue
        this.logger.warn(
          {blockchain, contract, error: reason},
          `token ${contract}: decimals() could not be read (${reason}); the token is not scanned or sent until it is`,
        )
      }
    }
  }
}
