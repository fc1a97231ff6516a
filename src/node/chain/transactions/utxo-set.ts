/**
 * The exchange's own UTXO set on btc (`btc_utxos`): every output paid to one of its addresses
 * (deposit addresses, the hot wallet) in the blocks the scanner reads, and the input of each block
 * that spends one. It answers btc balances, sweeps, withdrawals and the hot-wallet floor check from
 * the store, so no recurring path asks Bitcoin Core for `scantxoutset` (minutes on mainnet, one at a
 * time per node). The scanner applies each block in the block's own SQLite transaction, a
 * reorganisation rolls back what was above the fork, a rescan reads blocks into it again. A data
 * dir that scanned btc before the set existed imports it once with `scantxoutset`
 * (`importOnce`). Amounts are satoshi.
 */
import type {Logger} from '../../ground/logger.js'
import {ExchangeError} from '../../ground/errors.js'
import type {Db} from '../../store/database.js'
import {nowIso} from '../../ground/time.js'
import type {ChainAdapter, ScannedBlock, UtxoSource} from '../adapter.js'

type Row = {txid: string; vout: number; satoshi: string}

export class UtxoSet implements UtxoSource {
  constructor(private readonly db: Db) {}

  /**
   * Records a scanned block (inside the scanner's block transaction): its outputs to the exchange's
   * addresses (`tracked`) and its inputs that spend one of the set's outputs.
   */
  apply(block: ScannedBlock, tracked: (address: string) => boolean): void {
    const insert = this.db.prepare(
      `INSERT INTO btc_utxos (txid, vout, address, satoshi, height, block_hash) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (txid, vout) DO UPDATE SET height = excluded.height, block_hash = excluded.block_hash`,
    )
    for (const transfer of block.transfers) {
      if (transfer.contract !== null || !tracked(transfer.to)) continue
      insert.run(transfer.txHash, transfer.index, transfer.to, transfer.amount.toString(), block.height, block.hash)
    }
    // One primary-key lookup per input: a block's inputs that spend none of the set's outputs change nothing.
    const spend = this.db.prepare(
      'UPDATE btc_utxos SET spent_txid = ?, spent_height = ? WHERE txid = ? AND vout = ? AND spent_height IS NULL',
    )
    for (const input of block.spends ?? []) spend.run(input.spentBy, block.height, input.txid, input.index)
  }

  /** A reorganisation rolled the chain back to `fork`: what was created above it is gone, what was spent above it is unspent again. */
  rollback(fork: number): void {
    this.db.prepare('DELETE FROM btc_utxos WHERE height > ?').run(fork)
    this.db.prepare('UPDATE btc_utxos SET spent_txid = NULL, spent_height = NULL WHERE spent_height > ?').run(fork)
  }

  /**
   * The address's outputs not spent in the blocks scanned so far. While a due import has not run,
   * the set lacks what the addresses held before it: `unavailable` (withdrawals wait, sweeps and
   * balances are not answered) rather than a balance that is too low.
   */
  unspent(address: string): {txid: string; vout: number; amount: bigint}[] {
    const state = this.db.prepare<[], {imported_at: string | null}>('SELECT imported_at FROM btc_utxo_state').get()
    if (state !== undefined && state.imported_at === null) {
      throw new ExchangeError('unavailable', 'the btc UTXO set is not imported yet (scantxoutset once, at the chain start)')
    }
    return this.db
      .prepare<[string], Row>('SELECT txid, vout, satoshi FROM btc_utxos WHERE address = ? AND spent_height IS NULL')
      .all(address)
      .map((row) => ({txid: row.txid, vout: row.vout, amount: BigInt(row.satoshi)}))
  }

  /**
   * A data dir whose btc chain was scanned before the set existed has none of the outputs its
   * addresses already held: they are imported once from the node's UTXO set (`scantxoutset`, the
   * only call of it), then the scanner keeps the set. A fresh data dir has nothing to import.
   */
  async importOnce(adapter: ChainAdapter, addresses: () => string[], logger: Logger): Promise<void> {
    const state = this.db.prepare<[], {imported_at: string | null}>('SELECT imported_at FROM btc_utxo_state').get()
    if (state === undefined || state.imported_at !== null) return
    if (!adapter.scanUtxos) throw new Error('the btc adapter cannot import its UTXO set')
    const found = await adapter.scanUtxos(addresses())
    this.db.transaction(() => {
      const insert = this.db.prepare(
        `INSERT OR IGNORE INTO btc_utxos (txid, vout, address, satoshi, height, block_hash) VALUES (?, ?, ?, ?, ?, '')`,
      )
      for (const utxo of found) insert.run(utxo.txid, utxo.vout, utxo.address, utxo.amount.toString(), utxo.height)
      this.db.prepare('UPDATE btc_utxo_state SET imported_at = ?').run(nowIso())
    })()
    logger.info({blockchain: 'btc', utxos: found.length}, 'btc UTXO set imported once from the node (scantxoutset)')
  }
}
