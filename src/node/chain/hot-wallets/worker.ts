/**
 * The hot wallet of one connected chain at work: sends queued transfers (TransferAsset, sweeps, gas
 * top-ups) once each and follows them to the end; sweeps deposit addresses whose deposits were
 * credited into the hot wallet (EVM and TRON tokens: gas first); and raises `hot_wallet_low` when a
 * balance falls under the operator's floor. None of it moves a user balance.
 */
import type {Alerts} from '../../alerts/alerts.js'
import type {Logger} from '../../ground/logger.js'
import type {Db} from '../../store/database.js'
import type {Blockchain, ChainAdapter, OutgoingTransfer} from '../adapter.js'
import type {DepositAddresses} from '../deposits/addresses.js'
import {Follower} from '../transactions/follow.js'
import type {HotTransferRow, HotTransfers} from './transfers.js'
import {nextNonce} from '../transactions/nonces.js'
import {inFlightRaw, openOutgoingRaw} from '../transactions/tx-blocks.js'
import {signAndSend, type SendSteps} from '../transactions/outbound.js'
import {toChainUnits, toMinorUnits, toMinorUnitsUp} from '../units.js'
import {waitingFor, type ChainKey, type SendableAsset} from '../withdrawals/worker.js'

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
  /** Assets whose `hot_wallet_low` was raised for a waiting TransferAsset, until one is signed again. */
  private readonly waitingLow = new Set<string>()
  private readonly follower: Follower

  constructor(private readonly options: HotWalletWorkerOptions) {
    this.follower = new Follower(options)
  }

  async tick(): Promise<void> {
    const {transfers, blockchain} = this.options
    for (const row of transfers.inStatus(blockchain, 'pending')) {
      if (row.raw_tx !== null) await this.follow(row)
      else await this.send(row)
    }
    for (const row of transfers.inStatus(blockchain, 'broadcast')) await this.follow(row)
    if (this.options.sweep !== false) await this.sweep()
    await this.checkFloors()
  }

  private async send(row: HotTransferRow): Promise<void> {
    const {adapter, transfers, db, blockchain, logger} = this.options
    const steps = this.steps(row)
    const asset = this.options.assets().find((entry) => entry.asset === row.asset)
    const key = this.keyOf(row.from_address)
    if (!asset || !key) {
      return steps.failed(asset ? 'the exchange holds no key for the sending address' : 'unknown asset', undefined)
    }
    if (asset.unit === null) return
    let nonce = row.nonce
    if (nonce === null && adapter.pendingNonce) {
      const pending = await adapter.pendingNonce(key.address)
      nonce = db.transaction(() => {
        const next = nextNonce(db, blockchain, key.address, pending)
        transfers.setNonce(row.id, next)
        return next
      })()
    }
    const transfer = this.transfer({...row, nonce}, asset, key)
    if (transfer) await signAndSend(adapter, transfer, steps, logger, {transfer_id: row.id})
  }

  /** The transfer a row signs (first, or again as a replacement); undefined while the token's unit is not known. */
  private transfer(row: HotTransferRow, asset: HotAsset, key: ChainKey): OutgoingTransfer | undefined {
    if (asset.unit === null) return undefined
    const {db, blockchain} = this.options
    return {
      privateKey: key.privateKey,
      from: key.address,
      to: row.to_address,
      amount: toChainUnits(BigInt(row.amount), asset.unit, asset.decimals),
      contract: asset.contract,
      nonce: row.nonce ?? undefined,
      sweep: row.kind === 'sweep' && asset.contract === null,
      unconfirmed: openOutgoingRaw(db, blockchain),
      inFlight: inFlightRaw(db, blockchain),
    }
  }

  /** A signed transfer (`pending` with bytes, or `broadcast`): settled, replaced or sent again (`follow.ts`). */
  private async follow(row: HotTransferRow): Promise<void> {
    const {transfers, db} = this.options
    const asset = this.options.assets().find((entry) => entry.asset === row.asset)
    const key = this.keyOf(row.from_address)
    const followed = await this.follower.follow({
      owner: {kind: 'transfer', id: row.id},
      confirmations: asset?.confirmations ?? 1,
      replaceAfterBlocks: asset?.replaceAfterBlocks ?? 0,
      transfer: () => (asset && key ? this.transfer(row, asset, key) : undefined),
      replaced: (signed) => transfers.signed(row.id, signed),
      what: {transfer_id: row.id},
    })
    if (followed.state === 'open') {
      if (followed.sent && row.status === 'pending') transfers.settle(row.id, 'broadcast')
      return
    }
    const {fee, txHash} = followed
    db.transaction(() => {
      if (fee !== undefined && row.fee_paid === null) this.options.chargeFee(row.id, fee)
      if (followed.state === 'failed') {
        transfers.settle(row.id, 'failed', 'the transaction failed on chain', fee, txHash)
      } else {
        transfers.settle(row.id, 'confirmed', null, fee, txHash)
        if (row.kind === 'transfer') this.options.booked(row)
      }
    })()
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

  private steps(row: HotTransferRow): SendSteps {
    const {transfers, blockchain, db, logger} = this.options
    const {id} = row
    return {
      stored: (signed) => {
        transfers.signed(id, signed)
        this.waitingLow.delete(row.asset)
      },
      sent: () => transfers.settle(id, 'broadcast'),
      failed: (reason, error) => {
        // A TransferAsset waits for a passing cause, as a withdrawal does (docs/blockchain.md "Hot wallets, sweeping and cold storage"); sweeps and
        // gas top-ups are made again from what the chain holds, so a failed one is simply retried.
        const waiting = row.kind === 'transfer' ? waitingFor(error) : null
        if (waiting === null) return transfers.settle(id, 'failed', reason)
        const cause =
          waiting === 'hot_wallet_funds' && blockchain === 'btc' && openOutgoingRaw(db, 'btc').length > 0
            ? 'change_confirming'
            : waiting
        logger.warn({transfer_id: id, waiting_for: cause}, `hot-wallet transfer waits (${cause}): ${reason}`)
        transfers.wait(id, cause)
        if (cause === 'hot_wallet_funds') this.raiseWaitingLow(row)
      },
    }
  }

  /** One `hot_wallet_low` alert per asset while TransferAssets wait for its funds. */
  private raiseWaitingLow(row: HotTransferRow): void {
    if (this.waitingLow.has(row.asset)) return
    this.waitingLow.add(row.asset)
    this.options.alerts.create(
      'hot_wallet_low',
      'warning',
      JSON.stringify({
        blockchain: row.blockchain,
        asset: row.asset,
        address: row.from_address,
        transfer_id: row.id,
        amount: row.amount,
      }),
    )
  }
}
