/**
 * Reconciliation of one connected chain (docs/blockchain.md "Hot wallets, sweeping and cold storage"): per
 * asset, what the exchange's addresses hold on chain (hot wallet + every deposit address, read from
 * the node) against what the ledger's chain transactions say they hold — deposits credited on the
 * chain, less withdrawals settled from it (the amount sent; the withdrawal fee stays and is the
 * exchange's), less TransferAsset moves out (cold storage), less the network fees booked to
 * `chain_fees`. Those are the ledger's liabilities of the chain's addresses. In flight is what the
 * chain already shows and the ledger does not yet: a withdrawal or transfer mined but short of its
 * confirmations (its amount and fee are added back) and a deposit seen but not credited (pending or
 * held: taken off). What remains is surplus (dust of rounded deposits, ignored deposits below the
 * minimum, gifts) or deficit (money the books say is there and is not).
 */
import type {Alerts} from '../alerts/alerts.js'
import {formatAmount} from '../ground/money.js'
import type {Db} from '../store/database.js'
import type {Blockchain, ChainAdapter} from './adapter.js'
import type {ChainAsset} from './deposits/scanner.js'
import {attemptsOf} from './transactions/attempts.js'
import {minedIn} from './transactions/tx-blocks.js'
import {toChainUnits, toMinorUnits, toMinorUnitsUp} from './units.js'

export type Reconciliation = {
  blockchain: Blockchain
  asset: string
  /** Minor units held on chain, in flight accounted for; null when a balance could not be read (`error`). */
  onChain: bigint | null
  /** The adjustment for what is in flight, already in `onChain` (minor units, signed). */
  inFlight: bigint
  liabilities: bigint
  surplus: bigint
  deficit: bigint
  error: string | null
}

export type ReconcileInput = {
  db: Db
  adapter: ChainAdapter
  blockchain: Blockchain
  assets: ChainAsset[]
  /** The hot wallet and every deposit address of the chain. */
  addresses: string[]
  /**
   * The height the balances are read at when it is not the node's tip (btc: the exchange's UTXO set
   * is as of the last block scanned): a transaction mined above it has not left the balances yet.
   */
  balancesAt?: number
}

type Flow = {asset: string; amount: string}
type Outgoing = {kind: 'withdrawal' | 'transfer'; id: string; asset: string; amount: string; counts: number}

export async function reconcileChain(input: ReconcileInput): Promise<Reconciliation[]> {
  const {db, adapter, blockchain, assets, addresses} = input
  const native = assets.find((asset) => asset.contract === null)
  const sum = (rows: Flow[], asset: string) =>
    rows.filter((row) => row.asset === asset).reduce((total, row) => total + BigInt(row.amount), 0n)
  const credited = db
    .prepare<[string], Flow>('SELECT asset, amount FROM top_ups WHERE blockchain = ? AND credited = 1')
    .all(blockchain)
  const unsettled = db
    .prepare<[string], Flow>("SELECT asset, amount FROM top_ups WHERE blockchain = ? AND status IN ('pending', 'held')")
    .all(blockchain)
  const sent = db
    .prepare<[string, string], Flow>(
      `SELECT asset, amount FROM withdrawals WHERE blockchain = ? AND status = 'confirmed'
       UNION ALL SELECT asset, amount FROM hot_wallet_transfers WHERE blockchain = ? AND kind = 'transfer' AND status = 'confirmed'`,
    )
    .all(blockchain, blockchain)
  const fees = db
    .prepare<[string, string], {fee_paid: string}>(
      `SELECT fee_paid FROM withdrawals WHERE blockchain = ? AND fee_paid IS NOT NULL
       UNION ALL SELECT fee_paid FROM hot_wallet_transfers WHERE blockchain = ? AND fee_paid IS NOT NULL`,
    )
    .all(blockchain, blockchain)
  // Outgoing transactions broadcast and not settled: those of which an attempt is already mined
  // left the addresses, with that attempt's fee (a replaced attempt that was never mined paid none).
  const open = db
    .prepare<[string, string], Outgoing>(
      `SELECT 'withdrawal' AS kind, id, asset, amount, 1 AS counts FROM withdrawals WHERE blockchain = ? AND status = 'broadcast'
       UNION ALL SELECT 'transfer' AS kind, id, asset, amount, kind = 'transfer' AS counts FROM hot_wallet_transfers
         WHERE blockchain = ? AND status = 'broadcast'`,
    )
    .all(blockchain, blockchain)
  const mined: {row: Outgoing; fee: bigint}[] = []
  for (const row of open) {
    for (const attempt of attemptsOf(db, {kind: row.kind, id: row.id})) {
      const status = await adapter.txStatus(attempt.tx_hash, minedIn(db, blockchain, attempt.tx_hash))
      if (status.state !== 'mined' && status.state !== 'failed') continue
      if (input.balancesAt !== undefined && (status.height ?? 0) > input.balancesAt) continue
      mined.push({row, fee: status.fee ?? (attempt.network_fee === null ? 0n : BigInt(attempt.network_fee))})
      break
    }
  }

  const report: Reconciliation[] = []
  for (const asset of assets) {
    const entry = {blockchain, asset: asset.asset, inFlight: 0n, surplus: 0n, deficit: 0n}
    let liabilities = sum(credited, asset.asset) - sum(sent, asset.asset)
    if (asset === native) {
      liabilities -= fees.reduce(
        (total, row) => total + toMinorUnitsUp(BigInt(row.fee_paid), asset.unit ?? 0, asset.decimals),
        0n,
      )
    }
    if (asset.unit === null) {
      report.push({...entry, onChain: null, liabilities, error: 'the decimals of the token contract are not read yet'})
      continue
    }
    const unit = asset.unit
    let held = 0n
    try {
      for (const address of addresses) held += await adapter.balance(address, asset.contract)
    } catch (error) {
      report.push({...entry, onChain: null, liabilities, error: error instanceof Error ? error.message : String(error)})
      continue
    }
    // In chain units until the end, so that per-address rounding never shows as a deficit.
    let inFlight = -toChainUnits(sum(unsettled, asset.asset), unit, asset.decimals)
    for (const {row, fee} of mined) {
      if (row.asset === asset.asset && row.counts === 1) inFlight += toChainUnits(BigInt(row.amount), unit, asset.decimals)
      if (asset === native) inFlight += fee
    }
    const onChain = toMinorUnits(held + inFlight, unit, asset.decimals)
    const difference = onChain - liabilities
    report.push({
      ...entry,
      onChain,
      inFlight: onChain - toMinorUnits(held, unit, asset.decimals),
      liabilities,
      surplus: difference > 0n ? difference : 0n,
      deficit: difference < 0n ? -difference : 0n,
      error: null,
    })
  }
  return report
}

/** A critical `reconcile_deficit` alert for every asset short on chain. */
export function raiseDeficits(alerts: Alerts, decimalsOf: (asset: string) => number, report: Reconciliation[]): void {
  for (const entry of report.filter((row) => row.deficit > 0n)) {
    const decimals = decimalsOf(entry.asset)
    alerts.create(
      'reconcile_deficit',
      'critical',
      JSON.stringify({
        blockchain: entry.blockchain,
        asset: entry.asset,
        on_chain: formatAmount(entry.onChain ?? 0n, decimals),
        liabilities: formatAmount(entry.liabilities, decimals),
        deficit: formatAmount(entry.deficit, decimals),
      }),
    )
  }
}
