/**
 * The blocks the scanner saw the exchange's own transactions in (`chain_tx_blocks`). Bitcoin Core
 * finds a mined transaction by id only with `-txindex`; with the block's hash it finds it on any node
 * (`getrawtransaction txid true blockhash`). The scanner reads every block anyway, so it notes where
 * each attempt of an open withdrawal or hot-wallet transfer was mined; a reorganisation forgets what
 * it rolled back.
 */
import type {Db} from '../../store/database.js'
import type {Blockchain, ScannedBlock} from '../adapter.js'

/** The owners' rows and attempts of the chain's outgoing transactions that are signed and not final. */
const OPEN = `
  SELECT 'withdrawal' AS kind, id, raw_tx FROM withdrawals
   WHERE blockchain = @blockchain AND status IN ('processing', 'broadcast') AND raw_tx IS NOT NULL
  UNION ALL
  SELECT 'transfer' AS kind, id, raw_tx FROM hot_wallet_transfers
   WHERE blockchain = @blockchain AND status IN ('pending', 'broadcast') AND raw_tx IS NOT NULL`

/** Hashes of every attempt of the chain's outgoing transactions that are signed and not final. */
export function openOutgoing(db: Db, blockchain: Blockchain): Set<string> {
  const rows = db
    .prepare<{blockchain: string}, {tx_hash: string}>(
      `SELECT a.tx_hash FROM (${OPEN}) o JOIN chain_tx_attempts a ON a.owner_kind = o.kind AND a.owner_id = o.id`,
    )
    .all({blockchain})
  return new Set(rows.map((row) => row.tx_hash))
}

/**
 * The signed bytes of the chain's own transactions not final yet whose outputs may be spent (btc
 * spends their outputs to itself): those never replaced. A replaced one's outputs depend on which
 * attempt is mined, so they are not spent until one is.
 */
export function openOutgoingRaw(db: Db, blockchain: Blockchain): string[] {
  return db
    .prepare<{blockchain: string}, {raw_tx: string}>(
      `SELECT o.raw_tx FROM (${OPEN}) o
        WHERE (SELECT COUNT(*) FROM chain_tx_attempts a WHERE a.owner_kind = o.kind AND a.owner_id = o.id) <= 1`,
    )
    .all({blockchain})
    .map((row) => row.raw_tx)
}

/** The latest signed bytes of every transaction of the chain not final yet (a btc replacement must not evict one). */
export function inFlightRaw(db: Db, blockchain: Blockchain): string[] {
  return db
    .prepare<{blockchain: string}, {raw_tx: string}>(OPEN)
    .all({blockchain})
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
