/**
 * Following an outgoing transaction that was signed and stored (docs/blockchain.md "Withdrawals"),
 * for the withdrawal worker and the hot-wallet worker alike. Each pass, over every attempt of the
 * owner (`attempts.ts`), newest first:
 *  - one mined with the asset's confirmations → settled `confirmed` with that attempt's hash and
 *    the fee it paid; one reverted on chain → `failed`, with its fee; one mined and short of its
 *    confirmations → it waits (nothing is replaced any more);
 *  - none mined: the latest is replaced at a higher fee once the adapter says it is due (btc and
 *    eth after the network's `replace_after_blocks`, TRON once it expired): the replacement is
 *    stored as the next attempt before it is broadcast; otherwise the latest is sent again while the
 *    node does not know it (a restart, a node that lost it). A stored attempt is never signed anew.
 */
import type {Logger} from '../../ground/logger.js'
import type {Db} from '../../store/database.js'
import type {Blockchain, ChainAdapter, OutgoingTransfer, SignedTransaction, TxStatus} from '../adapter.js'
import {attemptsOf, scannedHeight, type Attempt, type AttemptOwner} from './attempts.js'
import {minedIn} from './tx-blocks.js'

/** Replacements stop here: the last attempt is sent again, and the operator is told once. */
export const MAX_ATTEMPTS = 10

export type FollowInput = {
  owner: AttemptOwner
  /** Confirmations the asset's network needs. */
  confirmations: number
  /** The network's `replace_after_blocks` (ignored on TRON, which replaces at expiry). */
  replaceAfterBlocks: number
  /** The transfer as it would be signed now (key, nonce, the exchange's open transactions); undefined: it cannot be. */
  transfer: () => OutgoingTransfer | undefined
  /** Stores a replacement as the owner's next attempt, committed before it is broadcast. */
  replaced: (signed: SignedTransaction) => void
  /** Log fields naming the owner. */
  what: Record<string, string>
}

export type Followed =
  | {state: 'confirmed' | 'failed'; txHash: string; fee: bigint | undefined}
  /** Not settled; `sent`: the node accepted (again) the latest attempt in this pass. */
  | {state: 'open'; sent: boolean}

export type FollowerOptions = {blockchain: Blockchain; adapter: ChainAdapter; db: Db; logger: Logger}

export class Follower {
  /** Owners (and attempt) whose replacement was refused, logged once until that changes. */
  private readonly refused = new Map<string, string>()

  constructor(private readonly options: FollowerOptions) {}

  async follow(input: FollowInput): Promise<Followed> {
    const {adapter, db, blockchain} = this.options
    const attempts = attemptsOf(db, input.owner)
    const latest = attempts.at(-1)
    if (!latest) return {state: 'open', sent: false}
    let latestStatus: TxStatus | undefined
    for (const attempt of [...attempts].reverse()) {
      const status = await adapter.txStatus(attempt.tx_hash, minedIn(db, blockchain, attempt.tx_hash))
      latestStatus ??= status
      const fee = status.fee ?? (attempt.network_fee === null ? undefined : BigInt(attempt.network_fee))
      if (status.state === 'failed') return {state: 'failed', txHash: attempt.tx_hash, fee}
      if (status.state === 'mined') {
        if (status.confirmations >= input.confirmations) return {state: 'confirmed', txHash: attempt.tx_hash, fee}
        return {state: 'open', sent: false}
      }
    }
    const blocks = scannedHeight(db, blockchain) - latest.signed_height
    if (await adapter.replaceDue(latest.raw_tx, blocks, input.replaceAfterBlocks)) {
      const replacement = await this.replace(input, latest)
      if (replacement) return {state: 'open', sent: await this.send(replacement, input.what)}
    }
    if (latestStatus?.state === 'unknown') return {state: 'open', sent: await this.send(latest.raw_tx, input.what)}
    return {state: 'open', sent: false}
  }

  /** Signs and stores the next attempt; its raw bytes, or undefined when it cannot be replaced now. */
  private async replace(input: FollowInput, latest: Attempt): Promise<string | undefined> {
    const {adapter, logger} = this.options
    const key = `${input.owner.kind}:${input.owner.id}`
    const fields = {...input.what, attempt: latest.attempt, tx_hash: latest.tx_hash}
    if (latest.attempt >= MAX_ATTEMPTS) {
      this.refuseOnce(key, `max:${latest.attempt}`, fields, `not replaced again after ${MAX_ATTEMPTS} attempts: see the runbook`)
      return undefined
    }
    const transfer = input.transfer()
    if (!transfer) return undefined
    let signed: SignedTransaction
    try {
      signed = await adapter.replace(latest.raw_tx, transfer)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      this.refuseOnce(key, `${latest.attempt}:${reason}`, fields, `not replaced yet: ${reason}`)
      return undefined
    }
    input.replaced(signed)
    this.refused.delete(key)
    logger.info(
      {...input.what, attempt: latest.attempt + 1, tx_hash: signed.txHash, replaces: latest.tx_hash},
      `transaction ${latest.tx_hash} not mined: replaced by ${signed.txHash} (attempt ${latest.attempt + 1})`,
    )
    return signed.raw
  }

  /** Broadcasts stored bytes; whether the node took them. A refusal is logged and retried next pass. */
  private async send(raw: string, what: Record<string, string>): Promise<boolean> {
    try {
      await this.options.adapter.broadcast(raw)
      return true
    } catch (error) {
      this.options.logger.warn({err: error, ...what}, 're-broadcast failed; the stored bytes are sent again on the next pass')
      return false
    }
  }

  private refuseOnce(key: string, reason: string, fields: Record<string, unknown>, message: string): void {
    if (this.refused.get(key) === reason) return
    this.refused.set(key, reason)
    this.options.logger.warn(fields, `transaction ${String(fields.tx_hash)} ${message}`)
  }
}
