/**
 * Deposits found on chain (TopUps, docs/blockchain.md "Deposits"). A transfer to a deposit address becomes a top-up
 * once per (blockchain, tx_hash, index): `pending` until the network's confirmations, then
 * `confirmed` with the credit to the account's funding balance account in the same SQLite
 * transaction; `ignored` below the network's minimum deposit; `held` when the source is on the
 * deny-list (credited only when an admin releases it); `orphaned` when its block left the chain —
 * reversing the credit if it was already given. Every status change is written with its ledger
 * transaction, or not at all.
 */
import {EventEmitter} from 'node:events'
import type {Alerts} from '../../alerts/alerts.js'
import type {Ledger} from '../../ledger/ledger.js'
import type {Db} from '../../store/database.js'
import {whereOf} from '../../store/filters.js'
import {absent, notFound, precondition} from '../../ground/errors.js'
import {timeOrderedId} from '../../ground/ids.js'
import {nowIso} from '../../ground/time.js'
import type {BlockRef, Blockchain, IncomingTransfer} from '../adapter.js'
import type {DenyList} from './deny-list.js'

export const TOP_UP_STATUSES = ['pending', 'confirmed', 'orphaned', 'held', 'ignored'] as const
export type TopUpStatus = (typeof TOP_UP_STATUSES)[number]

export type TopUp = {
  id: string
  accountId: string
  blockchain: Blockchain
  asset: string
  /** Minor units of the asset. */
  amount: bigint
  txHash: string
  index: number
  address: string
  fromAddress: string | null
  blockHeight: number
  status: TopUpStatus
  detectedAt: string
  updatedAt: string
  /**
   * Blocks on top of (and including) its block, as far as the chain was scanned when it was read;
   * given by `list` only (0 for an orphaned top-up).
   */
  confirmations?: number
}

/** What the scanner knows of a transfer it matched: the account and the asset's network settings. */
export type MatchedTransfer = {
  transfer: IncomingTransfer
  accountId: string
  asset: string
  /** Amount in the asset's minor units. */
  amount: bigint
  minDeposit: bigint
}

/** Emitted after the commit of a change that moved a balance: the WS user stream's `balance_update`. */
export type BalanceEvent = {accountId: string; asset: string; reason: 'deposit' | 'deposit_reversed'}

type Row = {
  id: string
  account_id: string
  blockchain: Blockchain
  asset: string
  amount: string
  tx_hash: string
  tx_index: number
  address: string
  from_address: string | null
  block_height: number
  block_hash: string
  status: TopUpStatus
  credited: number
  detected_at: string
  updated_at: string
}

const toTopUp = (row: Row): TopUp => ({
  id: row.id,
  accountId: row.account_id,
  blockchain: row.blockchain,
  asset: row.asset,
  amount: BigInt(row.amount),
  txHash: row.tx_hash,
  index: row.tx_index,
  address: row.address,
  fromAddress: row.from_address,
  blockHeight: row.block_height,
  status: row.status,
  detectedAt: row.detected_at,
  updatedAt: row.updated_at,
})

export type TopUpFilter = {
  accountId?: string
  blockchain?: Blockchain
  status?: TopUpStatus
  /** Any of these statuses (with `status`, both apply; an empty list matches nothing). */
  statuses?: readonly TopUpStatus[]
  asset?: string
  /** Detected at or after `from`, at or before `to` (ISO times). */
  from?: string
  to?: string
  limit: number
  offset: number
}

export class TopUps {
  private readonly events = new EventEmitter()

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly alerts: Alerts,
    private readonly denyList: DenyList,
  ) {
    this.events.setMaxListeners(0)
  }

  /** Records a matched transfer found in `block` (inside the scanner's block transaction). */
  detect(blockchain: Blockchain, block: BlockRef, match: MatchedTransfer): void {
    const {transfer} = match
    const existing = this.db
      .prepare<[string, string, number], Row>('SELECT * FROM top_ups WHERE blockchain = ? AND tx_hash = ? AND tx_index = ?')
      .get(blockchain, transfer.txHash, transfer.index)
    if (existing && existing.status !== 'orphaned') return
    const denied = this.denyList.find(transfer.from)
    const status: TopUpStatus = match.amount < match.minDeposit || match.amount === 0n ? 'ignored' : denied ? 'held' : 'pending'
    const now = nowIso()
    const id = existing?.id ?? timeOrderedId()
    if (existing) {
      // Back on the chain after a reorganisation: classified again in its new block.
      this.db
        .prepare('UPDATE top_ups SET block_height = ?, block_hash = ?, status = ?, updated_at = ? WHERE id = ?')
        .run(block.height, block.hash, status, now, id)
    } else {
      this.db
        .prepare(
          `INSERT INTO top_ups (id, account_id, blockchain, asset, amount, tx_hash, tx_index, address, from_address,
             block_height, block_hash, status, detected_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          match.accountId,
          blockchain,
          match.asset,
          match.amount.toString(),
          transfer.txHash,
          transfer.index,
          transfer.to,
          transfer.from,
          block.height,
          block.hash,
          status,
          now,
          now,
        )
    }
    if (status === 'held') {
      this.alerts.create(
        'aml_hit',
        'warning',
        JSON.stringify({
          top_up_id: id,
          account_id: match.accountId,
          blockchain,
          asset: match.asset,
          tx_hash: transfer.txHash,
          from_address: transfer.from,
          reason: denied?.reason,
        }),
      )
    }
  }

  /**
   * Credits every pending top-up of the chain with enough confirmations at `height` (the last
   * processed block); `confirmationsOf(asset)` is the network's requirement.
   */
  confirmDue(blockchain: Blockchain, height: number, confirmationsOf: (asset: string) => number): TopUp[] {
    const due = this.db
      .prepare<[string], Row>("SELECT * FROM top_ups WHERE blockchain = ? AND status = 'pending' ORDER BY block_height")
      .all(blockchain)
      .filter((row) => height - row.block_height + 1 >= confirmationsOf(row.asset))
    for (const row of due) this.db.transaction(() => this.credit(row))()
    for (const row of due) this.emit({accountId: row.account_id, asset: row.asset, reason: 'deposit'})
    return due.map(toTopUp)
  }

  /**
   * Every top-up in a block at or above `fromHeight` left the chain: pending, held and ignored ones
   * become `orphaned`; a credited one is reversed (as far as the balance allows, with a critical
   * alert for any shortfall). Runs inside the scanner's rollback transaction, so it emits nothing:
   * the caller hands `reversed` to `announce` once that transaction committed.
   */
  orphanFrom(blockchain: Blockchain, fromHeight: number): {orphaned: TopUp[]; reversed: BalanceEvent[]} {
    const rows = this.db
      .prepare<[string, number], Row>("SELECT * FROM top_ups WHERE blockchain = ? AND block_height >= ? AND status != 'orphaned'")
      .all(blockchain, fromHeight)
    const now = nowIso()
    const reversed: BalanceEvent[] = []
    for (const row of rows) {
      if (row.credited === 1) reversed.push(this.reverse(row))
      this.db.prepare("UPDATE top_ups SET status = 'orphaned', credited = 0, updated_at = ? WHERE id = ?").run(now, row.id)
    }
    return {orphaned: rows.map(toTopUp), reversed}
  }

  /** Emits balance events of a transaction that has committed (`orphanFrom`'s reversals). */
  announce(events: readonly BalanceEvent[]): void {
    if (this.db.inTransaction) throw new Error('balance events are announced after the commit, not inside a transaction')
    for (const event of events) this.emit(event)
  }

  /** An admin releases a held top-up: credited now if confirmed enough, else pending again. */
  release(topUpId: string, height: number, confirmations: number): TopUp {
    const row = this.row(topUpId)
    if (row.status !== 'held') throw precondition(`top-up ${topUpId} is ${row.status}, not held`)
    if (height - row.block_height + 1 >= confirmations) {
      this.db.transaction(() => this.credit(row))()
      this.emit({accountId: row.account_id, asset: row.asset, reason: 'deposit'})
    } else {
      this.db.prepare("UPDATE top_ups SET status = 'pending', updated_at = ? WHERE id = ?").run(nowIso(), row.id)
    }
    return toTopUp(this.row(topUpId))
  }

  get(id: string): TopUp {
    return toTopUp(this.row(id))
  }

  /** The account's deposit with this id; anybody else's is as absent as an unknown id (docs/rest.md "Ids you may not reach"). */
  ofAccount(accountId: string, id: string): TopUp {
    const row = this.db.prepare<[string, string], Row>('SELECT * FROM top_ups WHERE id = ? AND account_id = ?').get(id, accountId)
    if (!row) throw absent('deposit', id)
    return toTopUp(row)
  }

  /** Newest first, with the total for the PageResponse; each with its confirmations so far. */
  list(filter: TopUpFilter): {topUps: TopUp[]; total: number} {
    const {clause, args} = whereOf([
      ['account_id = ?', filter.accountId],
      ['blockchain = ?', filter.blockchain],
      ['status = ?', filter.status],
      ['asset = ?', filter.asset],
      ['detected_at >= ?', filter.from],
      ['detected_at <= ?', filter.to],
    ])
    const {where, values} = withStatuses(clause, args, filter.statuses)
    const total = this.db.prepare<unknown[], {n: number}>(`SELECT COUNT(*) AS n FROM top_ups ${where}`).get(...values)?.n ?? 0
    const rows = this.db
      .prepare<unknown[], Row & {scanned: number | null}>(
        `SELECT top_ups.*, (SELECT MAX(height) FROM chain_blocks WHERE chain_blocks.blockchain = top_ups.blockchain) AS scanned
         FROM top_ups ${where} ORDER BY detected_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(...values, filter.limit, filter.offset)
    return {
      topUps: rows.map((row) => ({
        ...toTopUp(row),
        confirmations: row.status === 'orphaned' ? 0 : Math.max(0, (row.scanned ?? 0) - row.block_height + 1),
      })),
      total,
    }
  }

  /** Listens to committed balance changes; returns the unsubscribe function. */
  onBalance(listener: (event: BalanceEvent) => void): () => void {
    this.events.on('balance', listener)
    return () => this.events.off('balance', listener)
  }

  private credit(row: Row): void {
    const funding = this.ledger.balanceAccountOf(row.account_id, 'funding')
    if (!funding) throw notFound(`account ${row.account_id} has no funding balance account`)
    const amount = BigInt(row.amount)
    this.ledger.post({
      type: 'deposit',
      referenceId: row.id,
      postings: [
        {balanceAccountId: this.ledger.systemAccount('external'), asset: row.asset, bucket: 'available', amount: -amount},
        {balanceAccountId: funding, asset: row.asset, bucket: 'available', amount},
      ],
    })
    this.db.prepare("UPDATE top_ups SET status = 'confirmed', credited = 1, updated_at = ? WHERE id = ?").run(nowIso(), row.id)
  }

  /** Takes a credited deposit back (inside the caller's transaction); the event to emit after its commit. */
  private reverse(row: Row): BalanceEvent {
    const event: BalanceEvent = {accountId: row.account_id, asset: row.asset, reason: 'deposit_reversed'}
    const funding = this.ledger.balanceAccountOf(row.account_id, 'funding')
    if (!funding) return event
    const amount = BigInt(row.amount)
    const available = this.ledger.balance(funding, row.asset).available
    const taken = available < amount ? available : amount
    if (taken > 0n) {
      this.ledger.post({
        type: 'deposit_reversed',
        referenceId: row.id,
        postings: [
          {balanceAccountId: funding, asset: row.asset, bucket: 'available', amount: -taken},
          {balanceAccountId: this.ledger.systemAccount('external'), asset: row.asset, bucket: 'available', amount: taken},
        ],
      })
    }
    this.alerts.create(
      'deposit_reversed',
      taken < amount ? 'critical' : 'warning',
      JSON.stringify({
        top_up_id: row.id,
        account_id: row.account_id,
        blockchain: row.blockchain,
        asset: row.asset,
        tx_hash: row.tx_hash,
        amount: row.amount,
        reversed: taken.toString(),
        shortfall: (amount - taken).toString(),
      }),
    )
    return event
  }

  private row(id: string): Row {
    const row = this.db.prepare<[string], Row>('SELECT * FROM top_ups WHERE id = ?').get(id)
    if (!row) throw notFound(`top-up ${id} not found`)
    return row
  }

  private emit(event: BalanceEvent): void {
    this.events.emit('balance', event)
  }
}

/** A WHERE clause narrowed to any of `statuses` (none given: as it was; an empty list: nothing). */
function withStatuses(
  clause: string,
  args: string[],
  statuses: readonly TopUpStatus[] | undefined,
): {where: string; values: string[]} {
  if (statuses === undefined) return {where: clause, values: args}
  const any = statuses.length === 0 ? '0' : `status IN (${statuses.map(() => '?').join(', ')})`
  return {where: clause === '' ? `WHERE ${any}` : `${clause} AND ${any}`, values: [...args, ...statuses]}
}
