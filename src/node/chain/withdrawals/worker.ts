/**
 * Sends the withdrawals of one connected chain from its hot wallet and follows them to the end.
 * Each pass, in order:
 *  1. `processing` rows with signed bytes (a restart between store and broadcast, or a node that
 *     refused them): followed like broadcast ones below, so the same bytes are sent again — a
 *     stored attempt is never signed anew — and `broadcast` once the node takes them;
 *  2. `processing` rows without bytes (a restart before they were stored; nothing was sent): sign
 *     with the nonce already allocated, store, broadcast;
 *  3. `pending` rows that may go (approved when they needed it): claim with a nonce, sign, store,
 *     broadcast;
 *  4. `broadcast` rows (`follow.ts`): confirmed after the network's confirmations with the attempt
 *     that was mined (the hold settles, its fee is booked), failed when the chain reverted it (the
 *     hold is released), replaced at a higher fee when not mined in time (fee bump), sent again
 *     while the node does not know it.
 */
import type {Logger} from '../../ground/logger.js'
import type {Db} from '../../store/database.js'
import type {Blockchain, ChainAdapter, OutgoingTransfer} from '../adapter.js'
import type {Alerts} from '../../alerts/alerts.js'
import {ExchangeError} from '../../ground/errors.js'
import {nextNonce} from '../transactions/nonces.js'
import {Follower} from '../transactions/follow.js'
import {inFlightRaw, openOutgoingRaw} from '../transactions/tx-blocks.js'
import {signAndSend, type SendSteps} from '../transactions/outbound.js'
import type {WaitingFor, WithdrawalRow} from './row.js'
import type {Withdrawals} from './withdrawals.js'
import {toChainUnits} from '../units.js'

/** A key the exchange holds on a chain: its address and its 32-byte private key. */
export type ChainKey = {address: string; privateKey: Uint8Array}

/** How the worker sees an asset of its chain (from the asset network). */
export type SendableAsset = {
  decimals: number
  contract: string | null
  /** Decimals of the chain's unit of the asset; null while a token contract's are not read (sending waits). */
  unit: number | null
  confirmations: number
  /** Blocks after which a transaction not mined is replaced at a higher fee (0: never; TRON: at expiry). */
  replaceAfterBlocks: number
}

export type WithdrawalWorkerOptions = {
  blockchain: Blockchain
  adapter: ChainAdapter
  db: Db
  withdrawals: Withdrawals
  /** The chain's hot wallet (a branch of the wallet seed of its own). */
  hotKey: () => ChainKey
  asset: (code: string) => SendableAsset | undefined
  alerts: Alerts
  logger: Logger
  /** Called after each committed state change (WS `balance_update`). */
  onChange?: (row: WithdrawalRow) => void
}

export class WithdrawalWorker {
  /** Assets whose `hot_wallet_low` was raised for a waiting withdrawal, until one is sent again. */
  private readonly low = new Set<string>()
  private readonly follower: Follower

  constructor(private readonly options: WithdrawalWorkerOptions) {
    this.follower = new Follower(options)
  }

  async tick(): Promise<void> {
    const {withdrawals, blockchain} = this.options
    for (const row of withdrawals.inStatus(blockchain, 'processing')) {
      if (row.raw_tx !== null) await this.follow(row)
      else await this.signAndSend(row)
    }
    for (const row of withdrawals.inStatus(blockchain, 'pending')) {
      const claimed = await this.claim(row)
      if (claimed) await this.signAndSend(claimed)
    }
    for (const row of withdrawals.inStatus(blockchain, 'broadcast')) await this.follow(row)
  }

  private async claim(row: WithdrawalRow): Promise<WithdrawalRow | undefined> {
    const {adapter, db, withdrawals, blockchain} = this.options
    if (row.needs_approval === 1 && row.approved_by === null) return undefined
    const hot = this.options.hotKey()
    let pending: number | undefined
    try {
      pending = adapter.pendingNonce ? await adapter.pendingNonce(hot.address) : undefined
    } catch (error) {
      this.options.logger.warn({err: error, withdrawal_id: row.id}, 'the eth node did not give the nonce: the withdrawal waits')
      withdrawals.waitingFor(row.id, 'chain_unreachable')
      return undefined
    }
    const claimed = db.transaction(() => {
      const nonce = pending === undefined ? null : nextNonce(db, blockchain, hot.address, pending)
      return withdrawals.claim(row.id, hot.address, nonce)
    })()
    return claimed ? this.reread(row.id) : undefined
  }

  private async signAndSend(row: WithdrawalRow): Promise<void> {
    const {adapter, withdrawals, blockchain, logger} = this.options
    const asset = this.options.asset(row.asset)
    if (!asset) {
      withdrawals.fail(row.id, `asset ${row.asset} has no ${blockchain} network any more`)
      return this.changed(row.id)
    }
    const transfer = this.transfer(row, asset)
    if (!transfer) return
    await signAndSend(adapter, transfer, this.steps(row.id, row.asset), logger, {withdrawal_id: row.id})
  }

  /** The transfer a withdrawal signs (first, or again as a replacement); undefined while the token's unit is not known. */
  private transfer(row: WithdrawalRow, asset: SendableAsset): OutgoingTransfer | undefined {
    if (asset.unit === null) return undefined
    const hot = this.options.hotKey()
    const {db, blockchain} = this.options
    return {
      privateKey: hot.privateKey,
      from: hot.address,
      to: row.to_address,
      amount: toChainUnits(BigInt(row.amount), asset.unit, asset.decimals),
      contract: asset.contract,
      nonce: row.nonce ?? undefined,
      ...(row.memo === '' ? {} : {memo: row.memo}),
      unconfirmed: openOutgoingRaw(db, blockchain),
      inFlight: inFlightRaw(db, blockchain),
    }
  }

  private steps(id: string, asset?: string): SendSteps {
    const {withdrawals} = this.options
    return {
      stored: (signed) => {
        withdrawals.signed(id, signed)
        if (asset !== undefined) this.low.delete(asset)
      },
      sent: () => {
        withdrawals.broadcast(id)
        this.changed(id)
      },
      failed: (reason, error) => {
        // Nothing was sent. A passing cause (the hot wallet short, the node unreachable) puts the
        // withdrawal back in pending with its reason, nonce freed; anything else fails it for good
        // and releases its hold.
        const waiting = waitingFor(error)
        if (waiting === null || asset === undefined) {
          withdrawals.fail(id, reason)
          return this.changed(id)
        }
        const cause =
          waiting === 'hot_wallet_funds' &&
          this.options.blockchain === 'btc' &&
          openOutgoingRaw(this.options.db, 'btc').length > 0
            ? 'change_confirming'
            : waiting
        this.options.logger.warn({withdrawal_id: id, waiting_for: cause}, `withdrawal waits (${cause}): ${reason}`)
        withdrawals.wait(id, cause)
        if (cause === 'hot_wallet_funds') this.raiseLow(id, asset)
      },
    }
  }

  /** One `hot_wallet_low` alert per asset while its withdrawals wait for funds. */
  private raiseLow(id: string, asset: string): void {
    if (this.low.has(asset)) return
    this.low.add(asset)
    const {blockchain} = this.options
    const row = this.reread(id)
    this.options.alerts.create(
      'hot_wallet_low',
      'warning',
      JSON.stringify({blockchain, asset, address: this.options.hotKey().address, withdrawal_id: id, amount: row.amount}),
    )
  }

  /** A signed withdrawal (`processing` with bytes, or `broadcast`): settled, replaced or sent again (`follow.ts`). */
  private async follow(row: WithdrawalRow): Promise<void> {
    const {withdrawals} = this.options
    const asset = this.options.asset(row.asset)
    const followed = await this.follower.follow({
      owner: {kind: 'withdrawal', id: row.id},
      confirmations: asset?.confirmations ?? 1,
      replaceAfterBlocks: asset?.replaceAfterBlocks ?? 0,
      transfer: () => (asset ? this.transfer(row, asset) : undefined),
      replaced: (signed) => withdrawals.signed(row.id, signed),
      what: {withdrawal_id: row.id},
    })
    if (followed.state === 'open') {
      if (followed.sent && row.status === 'processing') withdrawals.broadcast(row.id)
      return
    }
    // A processing row is settled from broadcast: the node had taken it after all.
    if (row.status === 'processing') withdrawals.broadcast(row.id)
    if (followed.state === 'failed') withdrawals.fail(row.id, 'the transaction failed on chain', followed.fee, followed.txHash)
    else withdrawals.confirm(row.id, followed.fee, followed.txHash)
    this.changed(row.id)
  }

  private reread(id: string): WithdrawalRow {
    return this.options.db.prepare<[string], WithdrawalRow>('SELECT * FROM withdrawals WHERE id = ?').get(id) as WithdrawalRow
  }

  private changed(id: string): void {
    this.options.onChange?.(this.reread(id))
  }
}

/**
 * Whether a signing failure passes by itself: the hot wallet short of the asset or of gas
 * (`insufficient_funds`), the node not answering (`unavailable`, or a failure that is not the
 * exchange's own refusal, nor a call the chain reverts). Anything refused outright is permanent.
 */
export function waitingFor(error: unknown): WaitingFor | null {
  if (error instanceof ExchangeError) {
    if (error.code === 'insufficient_funds') return 'hot_wallet_funds'
    if (error.code === 'unavailable') return 'chain_unreachable'
    return null
  }
  // The chain refused the call itself (a token reverting the transfer: a blacklisted recipient).
  if (error === undefined || (error as {code?: unknown}).code === 'CALL_EXCEPTION') return null
  return 'chain_unreachable'
}
