/**
 * Sends the withdrawals of one connected chain from its hot wallet and follows them to the end.
 * Each pass, in order:
 *  1. `processing` rows with signed bytes (a restart between store and broadcast): broadcast the
 *     same bytes again — a withdrawal is never signed twice once its bytes are stored;
 *  2. `processing` rows without bytes (a restart before they were stored; nothing was sent): sign
 *     with the nonce already allocated, store, broadcast;
 *  3. `pending` rows that may go (approved when they needed it): claim with a nonce, sign, store,
 *     broadcast;
 *  4. `broadcast` rows: confirmed after the network's confirmations (the hold settles), failed when
 *     the chain reverted them (the hold is released), sent again while the node does not know them.
 */
import type {Logger} from '../logger.js'
import type {Db} from '../store/database.js'
import type {Blockchain, ChainAdapter} from './adapter.js'
import type {Alerts} from '../alerts/alerts.js'
import {ExchangeError} from '../errors.js'
import {nextNonce} from './nonces.js'
import {minedIn, openOutgoingRaw} from './tx-blocks.js'
import {resend, signAndSend, type SendSteps} from './outbound.js'
import type {WaitingFor, WithdrawalRow} from './withdrawal-row.js'
import type {Withdrawals} from './withdrawals.js'
import {toChainUnits} from './units.js'

/** A key the exchange holds on a chain: its address and its 32-byte private key. */
export type ChainKey = {address: string; privateKey: Uint8Array}

/** How the worker sees an asset of its chain (from the asset network). */
export type SendableAsset = {
  decimals: number
  contract: string | null
  /** Decimals of the chain's unit of the asset; null while a token contract's are not read (sending waits). */
  unit: number | null
  confirmations: number
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

  constructor(private readonly options: WithdrawalWorkerOptions) {}

  async tick(): Promise<void> {
    const {withdrawals, blockchain} = this.options
    for (const row of withdrawals.inStatus(blockchain, 'processing')) {
      if (row.raw_tx !== null) await this.send(row.id, row.raw_tx)
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
    if (asset.unit === null) return
    const hot = this.options.hotKey()
    const transfer = {
      privateKey: hot.privateKey,
      from: hot.address,
      to: row.to_address,
      amount: toChainUnits(BigInt(row.amount), asset.unit, asset.decimals),
      contract: asset.contract,
      nonce: row.nonce ?? undefined,
      unconfirmed: openOutgoingRaw(this.options.db, blockchain),
    }
    await signAndSend(adapter, transfer, this.steps(row.id, row.asset), logger, {withdrawal_id: row.id})
  }

  private send(id: string, raw: string): Promise<void> {
    return resend(this.options.adapter, raw, this.steps(id), this.options.logger, {withdrawal_id: id})
  }

  private steps(id: string, asset?: string): SendSteps {
    const {withdrawals} = this.options
    return {
      stored: (txHash, raw, fee) => {
        withdrawals.signed(id, txHash, raw, fee)
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

  private async follow(row: WithdrawalRow): Promise<void> {
    const {adapter, withdrawals} = this.options
    if (row.tx_hash === null || row.raw_tx === null) return
    const status = await adapter.txStatus(row.tx_hash, minedIn(this.options.db, this.options.blockchain, row.tx_hash))
    const needed = this.options.asset(row.asset)?.confirmations ?? 1
    const fee = status.fee ?? (row.network_fee === null ? undefined : BigInt(row.network_fee))
    if (status.state === 'failed') {
      withdrawals.fail(row.id, 'the transaction failed on chain', fee)
      this.changed(row.id)
    } else if (status.state === 'mined' && status.confirmations >= needed) {
      withdrawals.confirm(row.id, fee)
      this.changed(row.id)
    } else if (status.state === 'unknown') {
      await adapter
        .broadcast(row.raw_tx)
        .catch((error: unknown) =>
          this.options.logger.warn({err: error, withdrawal_id: row.id}, 'withdrawal re-broadcast failed'),
        )
    }
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
function waitingFor(error: unknown): WaitingFor | null {
  if (error instanceof ExchangeError) {
    if (error.code === 'insufficient_funds') return 'hot_wallet_funds'
    if (error.code === 'unavailable') return 'chain_unreachable'
    return null
  }
  // The chain refused the call itself (a token reverting the transfer: a blacklisted recipient).
  if (error === undefined || (error as {code?: unknown}).code === 'CALL_EXCEPTION') return null
  return 'chain_unreachable'
}
