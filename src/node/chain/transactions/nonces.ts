/**
 * EVM nonces, allocated from the store (docs/blockchain.md "Withdrawals"): the next nonce of a hot address is one past
 * the highest nonce of its transactions still in flight (withdrawals and hot-wallet transfers that
 * were claimed but are not final), or the node's pending count when that is higher (a transaction
 * sent from outside the exchange, or in-flight ones already mined). A claimed transaction that was
 * never broadcast and then failed frees its nonce, so no gap can stall the address.
 */
import type {Db} from '../../store/database.js'
import type {Blockchain} from '../adapter.js'

export function nextNonce(db: Db, blockchain: Blockchain, address: string, pending: number): number {
  const row = db
    .prepare<[string, string, string, string], {high: number | null}>(
      `SELECT MAX(nonce) AS high FROM (
         SELECT nonce FROM withdrawals
          WHERE blockchain = ? AND from_address = ? AND status IN ('processing', 'broadcast') AND nonce IS NOT NULL
         UNION ALL
         SELECT nonce FROM hot_wallet_transfers
          WHERE blockchain = ? AND from_address = ? AND status IN ('pending', 'broadcast') AND nonce IS NOT NULL
       )`,
    )
    .get(blockchain, address, blockchain, address)
  const inFlight = row?.high === null || row?.high === undefined ? -1 : row.high
  return Math.max(pending, inFlight + 1)
}
