/**
 * One deposit address per (account, blockchain), derived from the wallet seed at the next free index
 * of the chain's deposit branch and returned again on every later call (docs/blockchain.md "Deposits"). The chain's
 * assets share it (ETH and ERC-20 USDT; TRX and TRC-20 USDT). The scanner asks `owner` for every
 * transfer it reads, so the address → account map is kept in memory.
 */
import type {Db} from '../../store/database.js'
import {nowIso} from '../../ground/time.js'
import type {Blockchain} from '../adapter.js'
import {addressKey} from '../address-key.js'

export type DepositAddress = {accountId: string; blockchain: Blockchain; address: string; index: number}

/** Derives the deposit address at `index` of a chain's deposit branch. */
export type DeriveDepositAddress = (blockchain: Blockchain, index: number) => string

type Row = {account_id: string; blockchain: Blockchain; address: string; derivation_index: number}

const toAddress = (row: Row): DepositAddress => ({
  accountId: row.account_id,
  blockchain: row.blockchain,
  address: row.address,
  index: row.derivation_index,
})

export class DepositAddresses {
  /** `${blockchain}:${addressKey}` → the address's row. */
  private readonly owners = new Map<string, DepositAddress>()

  constructor(
    private readonly db: Db,
    private readonly derive: DeriveDepositAddress,
  ) {
    for (const row of db.prepare<[], Row>('SELECT * FROM deposit_addresses').all()) this.remember(toAddress(row))
  }

  /** The account's address on the chain, derived and stored on first use. */
  addressOf(accountId: string, blockchain: Blockchain): DepositAddress {
    return this.db.transaction((): DepositAddress => {
      const existing = this.db
        .prepare<[string, string], Row>('SELECT * FROM deposit_addresses WHERE account_id = ? AND blockchain = ?')
        .get(accountId, blockchain)
      if (existing) return toAddress(existing)
      const next = this.db
        .prepare<[string], {next: number}>(
          'SELECT COALESCE(MAX(derivation_index) + 1, 0) AS next FROM deposit_addresses WHERE blockchain = ?',
        )
        .get(blockchain)
      const index = next?.next ?? 0
      const address = this.derive(blockchain, index)
      this.db
        .prepare(
          'INSERT INTO deposit_addresses (account_id, blockchain, address, derivation_index, created_at) VALUES (?, ?, ?, ?, ?)',
        )
        .run(accountId, blockchain, address, index, nowIso())
      const created = {accountId, blockchain, address, index}
      this.remember(created)
      return created
    })()
  }

  /** The deposit address a chain address belongs to, if it is one of ours. */
  owner(blockchain: Blockchain, address: string): DepositAddress | undefined {
    return this.owners.get(`${blockchain}:${addressKey(address)}`)
  }

  /** Every deposit address of a chain (sweeping). */
  all(blockchain: Blockchain): DepositAddress[] {
    return [...this.owners.values()].filter((entry) => entry.blockchain === blockchain)
  }

  private remember(entry: DepositAddress): void {
    this.owners.set(`${entry.blockchain}:${addressKey(entry.address)}`, entry)
  }
}
