/**
 * What the exchange's own transactions book in the ledger. The network fees they pay (docs/blockchain.md "Hot wallets, sweeping and cold storage"):
 * a withdrawal's, a sweep's, a gas top-up's, a TransferAsset's. They are the operator's
 * cost, booked once the transaction is mined (confirmed, or failed on chain: a reverted EVM call
 * still burns its gas) from the `hot_wallet` system account to `chain_fees`, in the chain's native
 * asset, so that what the node's addresses hold keeps matching the ledger (`reconcile.ts`).
 */
import type {Ledger} from '../../ledger/ledger.js'
import type {HotTransferRow} from './transfers.js'
import {toMinorUnitsUp} from '../units.js'

/** The chain's native asset as fees are booked in it. */
export type NativeAsset = {asset: string; decimals: number; unit: number}

/** Books `units` (native base units) paid by the transaction of `referenceId`; inside the caller's SQLite transaction. */
export function bookChainFee(ledger: Ledger, native: NativeAsset, referenceId: string, units: bigint): void {
  const amount = toMinorUnitsUp(units, native.unit, native.decimals)
  if (amount <= 0n) return
  ledger.post({
    type: 'chain_fee',
    referenceId,
    postings: [
      {balanceAccountId: ledger.systemAccount('hot_wallet'), asset: native.asset, bucket: 'available', amount: -amount},
      {balanceAccountId: ledger.systemAccount('chain_fees'), asset: native.asset, bucket: 'available', amount},
    ],
  })
}

/**
 * A confirmed TransferAsset left the hot wallet for an address outside the exchange's keys (cold
 * storage, typically): booked from the hot-wallet system account to the cold-storage one, so the
 * ledger still says where the exchange's coins are.
 */
export function bookColdStorage(ledger: Ledger, row: HotTransferRow): void {
  const amount = BigInt(row.amount)
  ledger.post({
    type: 'cold_storage_transfer',
    referenceId: row.id,
    postings: [
      {balanceAccountId: ledger.systemAccount('hot_wallet'), asset: row.asset, bucket: 'available', amount: -amount},
      {balanceAccountId: ledger.systemAccount('cold_storage'), asset: row.asset, bucket: 'available', amount},
    ],
  })
}
