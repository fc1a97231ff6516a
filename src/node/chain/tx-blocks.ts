/**
 * The blocks the scanner saw the exchange's own transactions in (`chain_tx_blocks`). Bitcoin Core
 * finds a mined transaction by id only with `-txindex`; with the block's hash it finds it on any node
 * (`getrawtransaction txid true blockhash`). The scanner reads every block anyway, so it notes where
 * each open withdrawal or hot-wallet transfer was mined; a reorganisation forgets what it rolled back.
 */
import type {Db} from '../store/database.js'
import type {Blockchain, ScannedBlock} from './adapter.js'

/** Hashes of the chain's outgoing transactions that are signed and not final. */
export function openOutgoing(db: Db, blockchain: Blockchain): Set<string> {
  const rows = db
    .prepare<[string, string], {tx_hash: string}>(
      `SELECT tx_hash FROM withdrawals WHERE blockchain = ? AND status IN ('processing', 'broadcast') AND tx_hash IS NOT NULL
       UNION ALL SELECT tx_hash FROM hot_wallet_transfers WHERE blockchain = ? AND status IN ('pending', 'broadcast') AND tx_hash IS NOT NULL`,
    )
    .all(blockchain, blockchain)
  return new Set(rows.map((row) => row.tx_hash))
}

/** The signed bytes of the chain's own transactions not final yet (btc spends their unspent outputs to itself). */
export function openOutgoingRaw(db: Db, blockchain: Blockchain): string[] {
  return db
    .prepare<[string, string], {raw_tx: string}>(
      `SELECT raw_tx FROM withdrawals WHERE blockchain = ? AND status IN ('processing', 'broadcast') AND raw_tx IS NOT NULL
       UNION ALL SELECT raw_tx FROM hot_wallet_transfers WHERE blockchain = ? AND status IN ('pending', 'broadcast') AND raw_tx IS NOT NULL`,
    )
    .all(blockchain, blockchain)
    .map((row) => row.raw_tx)
}

/** Notes the block of every open outgoing transaction in `block` (inside the scanner's block transaction). */
export function noteOutgoing(db: Db, blockchain: Blockchain, block: ScannedBlock, open: ReadonlySet<string>): void {
  if (!block.txids || open.size === 0) return
  const insert = db.prepare(
    'INSERT OR REPLACE INTO chain_tx_blocks (blockchain, tx_hash, height, block_hash) VALUES (?, ?, ?, ?)',
  )
  for (const txid of block.txids) if (open.has(txid)) insert.run(blockchain, txid, block.height, block.hash)
}

/** Forgets what was noted above `height` (a reorganisation rolled it back). */
export function forgetAbove(db: Db, blockchain: Blockchain, height: number): void {
  db.prepare('DELETE FROM chain_tx_blocks WHERE blockchain = ? AND height > ?').run(blockchain, height)
}

/** The block the scanner saw a transaction in, if it did. */
export function minedIn(db: Db, blockchain: Blockchain, txHash: string): string | undefined {
  return db
    .prepare<[string, string], {block_hash: string}>(
      'SELECT block_hash FROM chain_tx_blocks WHERE blockchain = ? AND tx_hash = ?',
    )
    .get(blockchain, txHash)?.block_hash
}
