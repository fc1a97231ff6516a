/**
 * The hot wallet of one connected chain at work: sends queued transfers (TransferAsset, sweeps, gas
 * top-ups) once each and follows them to the end; sweeps deposit addresses whose deposits were
 * credited into the hot wallet (EVM and TRON tokens: gas first); and raises `hot_wallet_low` when a
 * balance falls under the operator's floor. None of it moves a user balance.
 */
import type {Alerts} from '../alerts/alerts.js'
import type {Logger} from '../logger.js'
import type {Db} from '../store/database.js'
import type {Blockchain, ChainAdapter} from './adapter.js'
import type {DepositAddresses} from './deposit-addresses.js'
import type {HotTransferRow, HotTransfers} from './hot-wallet-transfers.js'
import {nextNonce} from './nonces.js'
import {minedIn, openOutgoingRaw} from './tx-blocks.js'
import {resend, signAndSend, type SendSteps} from './outbound.js'
import {toChainUnits, toMinorUnits, toMinorUnitsUp} from './units.js'
import type {ChainKey, SendableAsset} from './withdrawal-worker.js'

export type HotAsset = SendableAsset & {asset: string; floor: bigint | undefined}

export type HotWalletWorkerOptions = {
  blockchain: Blockchain
  adapter: ChainAdapter
  db: Db
  transfers: HotTransfers
  addresses: DepositAddresses
  alerts: Alerts
  hotKey: () => ChainKey
  depositKey: (index: number) => ChainKey
  /** The chain's assets (asset networks on this chain). */
  assets: () => HotAsset[]
  /** Books a confirmed TransferAsset (hot wallet → cold storage) in the ledger. */
  booked: (row: HotTransferRow) => void
  /** Books the network fee a mined transfer paid (native base units) to `chain_fees`, inside the caller's transaction. */
  chargeFee: (referenceId: string, units: bigint) => void
  logger: Logger
  /** Sweep credited deposits into the hot wallet (default true). */
  sweep?: boolean
}

/** A balance is swept only when it is worth this many times the network fee of moving it. */
const SWEEP_FEE_MULTIPLE = 10n

export class HotWalletWorker {
  private readonly low = new Set<string>()

  constructor(private readonly options: HotWalletWorkerOptions) {}

  async tick(): Promise<void> {
    const {transfers, blockchain} = this.options
    for (const row of transfers.inStatus(blockchain, 'pending')) await this.send(row)
    for (const row of transfers.inStatus(blockchain, 'broadcast')) await this.follow(row)
    if (this.options.sweep !== false) await this.sweep()
    await this.checkFloors()
  }

  private async send(row: HotTransferRow): Promise<void> {
    const {adapter, transfers, db, blockchain, logger} = this.options
    const steps = this.steps(row.id)
    if (row.raw_tx !== null) return resend(adapter, row.raw_tx, steps, logger, {transfer_id: row.id})
    const asset = this.options.assets().find((entry) => entry.asset === row.asset)
    const key = this.keyOf(row.from_address)
    if (!asset || !key) {
      return steps.failed(asset ? 'the exchange holds no key for the sending address' : 'unknown asset', undefined)
    }
    if (asset.unit === null) return
    let nonce = row.nonce ?? undefined
    if (nonce === undefined && adapter.pendingNonce) {
      const pending = await adapter.pendingNonce(key.address)
      nonce = db.transaction(() => {
        const next = nextNonce(db, blockchain, key.address, pending)
        transfers.setNonce(row.id, next)
        return next
      })()
    }
    const transfer = {
      privateKey: key.privateKey,
      from: key.address,
      to: row.to_address,
      amount: toChainUnits(BigInt(row.amount), asset.unit, asset.decimals),
      contract: asset.contract,
      nonce,
      sweep: row.kind === 'sweep' && asset.contract === null,
      unconfirmed: openOutgoingRaw(db, blockchain),
    }
    await signAndSend(adapter, transfer, steps, logger, {transfer_id: row.id})
  }

  private async follow(row: HotTransferRow): Promise<void> {
    const {adapter, transfers, db} = this.options
    if (row.tx_hash === null || row.raw_tx === null) return
    const status = await adapter.txStatus(row.tx_hash, minedIn(this.options.db, this.options.blockchain, row.tx_hash))
    const needed = this.options.assets().find((entry) => entry.asset === row.asset)?.confirmations ?? 1
    const fee = status.fee ?? (row.network_fee === null ? undefined : BigInt(row.network_fee))
    const paid = (): void => {
      if (fee !== undefined && row.fee_paid === null) this.options.chargeFee(row.id, fee)
    }
    if (status.state === 'failed') {
      db.transaction(() => {
        paid()
        transfers.settle(row.id, 'failed', 'the transaction failed on chain', fee)
      })()
    } else if (status.state === 'mined' && status.confirmations >= needed) {
      db.transaction(() => {
        paid()
        transfers.settle(row.id, 'confirmed', null, fee)
        if (row.kind === 'transfer') this.options.booked(row)
      })()
    } else if (status.state === 'unknown') {
      await resend(adapter, row.raw_tx, {sent: () => undefined}, this.options.logger, {transfer_id: row.id})
    }
  }

  /**
   * Deposit addresses holding an asset credited since that asset's last sweep from them go to the hot
   * wallet, one transaction per address at a time, tokens first (while the address still has coin for
   * gas; without it the hot wallet sends gas first and the token follows on a later pass).
   */
  private async sweep(): Promise<void> {
    const {adapter, transfers, blockchain, db} = this.options
    const hot = this.options.hotKey()
    const due = db
      .prepare<[string], {address: string; asset: string}>(
        `SELECT DISTINCT t.address, t.asset FROM top_ups t WHERE t.blockchain = ? AND t.status = 'confirmed'
           AND t.updated_at > COALESCE((SELECT MAX(h.created_at) FROM hot_wallet_transfers h
             WHERE h.kind = 'sweep' AND h.from_address = t.address AND h.asset = t.asset AND h.status != 'failed'), '')`,
      )
      .all(blockchain)
    const assets = this.options.assets()
    const native = assets.find((entry) => entry.contract === null)
    const busy = new Set<string>()
    for (const {address, asset: code} of [...due].sort(
      (a, b) => Number(this.isNative(a.asset)) - Number(this.isNative(b.asset)),
    )) {
      if (busy.has(address)) continue
      if (transfers.openFor(blockchain, 'sweep', address).length > 0 || transfers.openFor(blockchain, 'gas', address).length > 0)
        continue
      const asset = assets.find((entry) => entry.asset === code)
      if (!asset || asset.unit === null) continue
      const unit = asset.unit
      const balance = await adapter.balance(address, asset.contract)
      const fee = await adapter.feeEstimate(asset.contract)
      if (asset.contract !== null) {
        if (balance === 0n) continue
        const coin = await adapter.balance(address, null)
        if (coin < fee * 2n && native !== undefined && native.unit !== null) {
          const gas = toMinorUnitsUp(fee * 2n - coin, native.unit, native.decimals)
          transfers.create({kind: 'gas', blockchain, asset: native.asset, amount: gas, from: hot.address, to: address})
        } else {
          transfers.create({
            kind: 'sweep',
            blockchain,
            asset: asset.asset,
            amount: toMinorUnits(balance, unit, asset.decimals),
            from: address,
            to: hot.address,
          })
        }
        busy.add(address)
        continue
      }
      if (balance <= fee * SWEEP_FEE_MULTIPLE) continue
      const amount = toMinorUnits(balance - fee * 2n, unit, asset.decimals)
      transfers.create({kind: 'sweep', blockchain, asset: asset.asset, amount, from: address, to: hot.address})
      busy.add(address)
    }
  }

  private isNative(code: string): boolean {
    return this.options.assets().find((entry) => entry.asset === code)?.contract === null
  }

  private async checkFloors(): Promise<void> {
    const {adapter, alerts, blockchain} = this.options
    const hot = this.options.hotKey()
    for (const asset of this.options.assets()) {
      if (asset.floor === undefined || asset.unit === null) continue
      const balance = toMinorUnits(await adapter.balance(hot.address, asset.contract), asset.unit, asset.decimals)
      const key = `${asset.asset}`
      if (balance >= asset.floor) {
        this.low.delete(key)
        continue
      }
      if (this.low.has(key)) continue
      this.low.add(key)
      alerts.create(
        'hot_wallet_low',
        'warning',
        JSON.stringify({
          blockchain,
          asset: asset.asset,
          address: hot.address,
          balance: balance.toString(),
          floor: asset.floor.toString(),
        }),
      )
    }
  }

  private keyOf(address: string): ChainKey | undefined {
    const hot = this.options.hotKey()
    if (hot.address === address) return hot
    const owner = this.options.addresses.owner(this.options.blockchain, address)
    return owner && this.options.depositKey(owner.index)
  }

  private steps(id: string): SendSteps {
    const {transfers} = this.options
    return {
      stored: (txHash, raw, fee) => transfers.signed(id, txHash, raw, fee),
      sent: () => transfers.settle(id, 'broadcast'),
      failed: (reason) => transfers.settle(id, 'failed', reason),
    }
  }
}
