/**
 * Transactions the exchange sends from its own addresses that move no user balance
 * (docs/blockchain.md "Hot wallets, sweeping and cold storage"): `transfer` (TransferAsset: hot wallet → any address, e.g. cold
 * storage), `sweep` (a deposit address → the hot wallet) and `gas` (hot wallet → a deposit address
 * that holds tokens but no coin to pay for moving them). States: pending → broadcast → confirmed |
 * failed; like withdrawals, the signed bytes are stored before the first broadcast, and a TransferAsset
 * the hot wallet cannot pay yet waits in `pending` with `waiting_for`.
 */
import type {Db} from '../../store/database.js'
import {notFound} from '../../ground/errors.js'
import {timeOrderedId} from '../../ground/ids.js'
import {nowIso} from '../../ground/time.js'
import {requireString} from '../../ground/validate.js'
import type {Blockchain, SignedTransaction} from '../adapter.js'
import {otherHashes, storeAttempt} from '../transactions/attempts.js'
import type {WaitingFor} from '../withdrawals/row.js'

export type HotTransferKind = 'transfer' | 'sweep' | 'gas'
export type HotTransferStatus = 'pending' | 'broadcast' | 'confirmed' | 'failed'

export type HotTransferRow = {
  id: string
  kind: HotTransferKind
  blockchain: Blockchain
  asset: string
  /** Minor units of the asset. */
  amount: string
  from_address: string
  to_address: string
  status: HotTransferStatus
  nonce: number | null
  tx_hash: string | null
  raw_tx: string | null
  /** Native base units: the fee fixed at signing (btc), and the fee paid and booked once mined. */
  network_fee: string | null
  fee_paid: string | null
  failure: string | null
  /** While `pending` and not signed: why it waits (the hot wallet short, the node unreachable). */
  waiting_for: WaitingFor | null
  created_at: string
  updated_at: string
}

export type NewHotTransfer = {
  kind: HotTransferKind
  blockchain: Blockchain
  asset: string
  amount: bigint
  from: string
  to: string
}

export class HotTransfers {
  constructor(private readonly db: Db) {}

  create(transfer: NewHotTransfer): HotTransferRow {
    const id = timeOrderedId()
    const now = nowIso()
    this.db
      .prepare(
        `INSERT INTO hot_wallet_transfers (id, kind, blockchain, asset, amount, from_address, to_address, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
      )
      .run(
        id,
        transfer.kind,
        transfer.blockchain,
        transfer.asset,
        transfer.amount.toString(),
        transfer.from,
        transfer.to,
        now,
        now,
      )
    return this.get(id)
  }

  get(id: unknown): HotTransferRow {
    const key = requireString(id, 'transfer_id', 64)
    const row = this.db.prepare<[string], HotTransferRow>('SELECT * FROM hot_wallet_transfers WHERE id = ?').get(key)
    if (!row) throw notFound(`transfer ${key} not found`)
    return row
  }

  inStatus(blockchain: Blockchain, status: HotTransferStatus): HotTransferRow[] {
    return this.db
      .prepare<[string, string], HotTransferRow>(
        'SELECT * FROM hot_wallet_transfers WHERE blockchain = ? AND status = ? ORDER BY created_at, id',
      )
      .all(blockchain, status)
  }

  /** Open (pending or broadcast) transfers from or to an address, of one kind. */
  openFor(blockchain: Blockchain, kind: HotTransferKind, address: string): HotTransferRow[] {
    return this.db
      .prepare<[string, string, string, string], HotTransferRow>(
        `SELECT * FROM hot_wallet_transfers WHERE blockchain = ? AND kind = ? AND (from_address = ? OR to_address = ?)
           AND status IN ('pending', 'broadcast')`,
      )
      .all(blockchain, kind, address, address)
  }

  setNonce(id: string, nonce: number): void {
    this.db.prepare('UPDATE hot_wallet_transfers SET nonce = ? WHERE id = ?').run(nonce, id)
  }

  /**
   * Nothing was signed for a passing cause: the transfer stays `pending` with the reason, its EVM
   * nonce freed (a later transaction of the hot wallet must not wait behind a gap); it is tried again
   * on the next pass.
   */
  wait(id: string, waitingFor: WaitingFor): void {
    this.db
      .prepare(
        `UPDATE hot_wallet_transfers SET waiting_for = ?, nonce = NULL, updated_at = ?
         WHERE id = ? AND status = 'pending' AND raw_tx IS NULL`,
      )
      .run(waitingFor, nowIso(), id)
  }

  /**
   * Stores signed bytes before their first broadcast, as the transfer's next attempt and its latest
   * transaction: the first signature while `pending`, a replacement at a higher fee while `broadcast`.
   */
  signed(id: string, signed: SignedTransaction): void {
    this.db.transaction(() => {
      const row = this.get(id)
      if (row.status !== 'pending' && row.status !== 'broadcast') return
      storeAttempt(this.db, row.blockchain, {kind: 'transfer', id}, signed)
      this.db
        .prepare(
          'UPDATE hot_wallet_transfers SET tx_hash = ?, raw_tx = ?, network_fee = ?, waiting_for = NULL, updated_at = ? WHERE id = ?',
        )
        .run(signed.txHash, signed.raw, signed.fee?.toString() ?? null, nowIso(), id)
    })()
  }

  /**
   * Moves an open transfer to `status` (with a reason when it failed, and the fee it paid once
   * mined); `txHash`: the attempt that was mined, which becomes the transfer's transaction.
   */
  settle(
    id: string,
    status: 'broadcast' | 'confirmed' | 'failed',
    failure: string | null = null,
    feePaid: bigint | null = null,
    txHash?: string,
  ): void {
    if (txHash !== undefined) {
      this.db
        .prepare(
          `UPDATE hot_wallet_transfers SET (tx_hash, raw_tx, network_fee) = (SELECT tx_hash, raw_tx, network_fee
             FROM chain_tx_attempts WHERE owner_kind = 'transfer' AND owner_id = ? AND tx_hash = ?)
           WHERE id = ? AND tx_hash IS NOT ? AND status IN ('pending', 'broadcast')`,
        )
        .run(id, txHash, id, txHash)
    }
    this.db
      .prepare(
        `UPDATE hot_wallet_transfers SET status = ?, failure = ?, fee_paid = COALESCE(fee_paid, ?), waiting_for = NULL, updated_at = ?
         WHERE id = ? AND status IN ('pending', 'broadcast')`,
      )
      .run(status, failure, feePaid?.toString() ?? null, nowIso(), id)
  }

  /** The hashes of the transfer's other attempts: replaced by a fee bump, or displaced by the one mined. */
  replacedHashes(id: string): string[] {
    return otherHashes(this.db, {kind: 'transfer', id}, this.get(id).tx_hash)
  }
}
