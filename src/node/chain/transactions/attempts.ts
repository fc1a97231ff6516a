/**
 * The attempts of an outgoing transaction (`chain_tx_attempts`,
 * docs/blockchain.md "Withdrawals"): each signed transaction of a withdrawal or hot-wallet transfer, stored before it is first
 * broadcast. Attempt 1 is the first signature; each replacement at a higher fee is the next one. All
 * attempts of an owner conflict with each other on chain, so at most one is ever mined.
 */
import type {Db} from '../../store/database.js'
import {nowIso} from '../../ground/time.js'
import type {Blockchain, SignedTransaction} from '../adapter.js'

/** Whose transaction it is: a withdrawal, or a hot-wallet transfer (TransferAsset, sweep, gas). */
export type AttemptOwner = {kind: 'withdrawal' | 'transfer'; id: string}

export type Attempt = {
  attempt: number
  tx_hash: string
  raw_tx: string
  /** Native base units, when signing fixes the fee (btc). */
  network_fee: string | null
  /** The height the chain's scanner had reached when the attempt was stored. */
  signed_height: number
  created_at: string
}

/** Stores the next attempt of `owner` (inside the caller's transaction, before any broadcast). */
export function storeAttempt(db: Db, blockchain: Blockchain, owner: AttemptOwner, signed: SignedTransaction): Attempt {
  const next = (attemptsOf(db, owner).at(-1)?.attempt ?? 0) + 1
  db.prepare(
    `INSERT INTO chain_tx_attempts (owner_kind, owner_id, attempt, blockchain, tx_hash, raw_tx, network_fee, signed_height, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    owner.kind,
    owner.id,
    next,
    blockchain,
    signed.txHash,
    signed.raw,
    signed.fee?.toString() ?? null,
    scannedHeight(db, blockchain),
    nowIso(),
  )
  return attemptsOf(db, owner).at(-1)!
}

/** Every attempt of an owner, first one first. */
export function attemptsOf(db: Db, owner: AttemptOwner): Attempt[] {
  return db
    .prepare<[string, string], Attempt>(
      `SELECT attempt, tx_hash, raw_tx, network_fee, signed_height, created_at FROM chain_tx_attempts
       WHERE owner_kind = ? AND owner_id = ? ORDER BY attempt`,
    )
    .all(owner.kind, owner.id)
}

/** The hashes of the attempts an owner's transaction replaced, or that the mined one displaced; first one first. */
export function otherHashes(db: Db, owner: AttemptOwner, txHash: string | null): string[] {
  return attemptsOf(db, owner)
    .map((attempt) => attempt.tx_hash)
    .filter((hash) => hash !== txHash)
}

/** The height up to which the chain's scanner has read: the chain's height as the workers count blocks. */
export function scannedHeight(db: Db, blockchain: Blockchain): number {
  return (
    db
      .prepare<[string], {height: number | null}>('SELECT MAX(height) AS height FROM chain_blocks WHERE blockchain = ?')
      .get(blockchain)?.height ?? 0
  )
}
