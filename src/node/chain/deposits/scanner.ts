/**
 * The deposit scanner of one connected chain (docs/blockchain.md "Deposits"). It follows the chain from
 * the last processed height, one block per SQLite transaction (the block's hash and the top-ups it
 * holds), keeps the hashes of the recent blocks, and on a reorganisation walks back to the fork,
 * orphans what was found above it and scans the new branch. Confirmed top-ups are credited after
 * each pass; the block of each of the exchange's own open transactions is noted (`tx-blocks.ts`).
 * `tick` is one pass; the chain's loop (`chain-loop.ts`) runs it.
 */
import type {Logger} from '../../ground/logger.js'
import type {Db} from '../../store/database.js'
import type {BlockRef, Blockchain, ChainAdapter, ScannedBlock} from '../adapter.js'
import {addressKey} from '../address-key.js'
import type {DepositAddresses} from './addresses.js'
import type {TopUps, MatchedTransfer} from './top-ups.js'
import {invalid, precondition} from '../../ground/errors.js'
import {nowIso} from '../../ground/time.js'
import {forgetAbove, noteOutgoing, openOutgoing} from '../transactions/tx-blocks.js'
import {toMinorUnits} from '../units.js'
import type {UtxoSet} from '../transactions/utxo-set.js'

/** What the scanner needs to know of an asset on this chain (from its asset network). */
export type ChainAsset = {
  asset: string
  decimals: number
  /** Token contract in canonical form, or null for the native coin. */
  contract: string | null
  /** Decimals of the chain's unit of the asset (the coin's, or the token contract's); null while unknown. */
  unit: number | null
  confirmations: number
  minDeposit: bigint
}

export type ScannerOptions = {
  blockchain: Blockchain
  adapter: ChainAdapter
  db: Db
  topUps: TopUps
  addresses: DepositAddresses
  /** The chain's deposit-enabled assets, read on every pass (operators may change them). */
  assets: () => ChainAsset[]
  /**
   * Whether the exchange holds the key of an address (hot wallet, deposit addresses): a transfer
   * from one is the exchange's own money moving (the gas before a token sweep), never a deposit.
   */
  own: (address: string) => boolean
  /**
   * btc: the exchange's own UTXO set, kept from every block read (outputs to any of its addresses,
   * the hot wallet included, and the inputs spending them) and rolled back with a reorganisation.
   */
  utxos?: UtxoSet
  logger: Logger
  /** Height to start from on a chain never scanned before (default: the tip minus the most confirmations of its assets). */
  startHeight?: number
  /** Blocks scanned per pass at most (default 100). */
  batch?: number
  /** How many recent block hashes are kept for reorg detection (default 200). */
  keep?: number
}

export class DepositScanner {
  /** The last tip seen, for confirmations of released top-ups and for `exchange status`. */
  tip = 0

  constructor(private readonly options: ScannerOptions) {}

  /** The last processed height (0 when nothing was scanned yet). */
  processedHeight(): number {
    return this.last()?.height ?? 0
  }

  /** One pass: check the stored tip still stands, scan new blocks, credit what is confirmed. */
  async tick(): Promise<void> {
    const {adapter, blockchain} = this.options
    const tip = await adapter.tipHeight()
    this.tip = tip
    const open = openOutgoing(this.options.db, blockchain)
    let last = this.last()
    if (!last) {
      const confirmations = Math.max(1, ...this.options.assets().map((asset) => asset.confirmations))
      const start = Math.max(0, this.options.startHeight ?? tip - confirmations)
      // The block before the first one scanned anchors reorg detection; a chain scanned from its genesis has none.
      const ref = start > 0 ? await adapter.blockRef(start - 1) : null
      if (ref) this.storeBlock(ref)
      last = ref ?? undefined
      if (!last) {
        this.record(await adapter.scanBlock(start, this.watched, this.tokens()), open)
        return this.confirm()
      }
    }
    const current = await adapter.blockRef(last.height)
    if (!current || current.hash !== last.hash) {
      await this.rewind(last.height)
      return
    }
    const to = Math.min(tip, last.height + (this.options.batch ?? 100))
    for (let height = last.height + 1; height <= to; height++) {
      const block = await adapter.scanBlock(height, this.watched, this.tokens())
      const previous = this.stored(height - 1)
      if (previous && previous !== block.parentHash) {
        this.options.logger.warn({blockchain, height}, 'chain reorganised under the scanner')
        await this.rewind(height - 1)
        return
      }
      this.record(block, open)
    }
    await this.rescanBatch(open)
    this.confirm()
  }

  /** Deposit addresses; with a UTXO set, every address of the exchange (its own outputs are kept, never credited). */
  private readonly watched = (address: string): boolean =>
    this.options.utxos ? this.options.own(address) : this.options.addresses.owner(this.options.blockchain, address) !== undefined

  /**
   * Asks for the blocks from `fromHeight` up to the last processed one to be read again
   * (RescanDeposits): the next passes read them a batch at a time; a deposit found again is
   * credited once (top-ups are keyed by blockchain, tx and index), one missed before is found.
   */
  requestRescan(fromHeight: number): {fromHeight: number; toHeight: number} {
    const {db, blockchain} = this.options
    const last = this.last()
    if (!last) throw precondition(`the ${blockchain} scanner has not read a block yet: set --${blockchain}-start-height instead`)
    if (!Number.isSafeInteger(fromHeight) || fromHeight < 0 || fromHeight > last.height) {
      throw invalid(`from_height must be a block height from 0 to ${last.height}, the last one scanned`)
    }
    db.prepare('INSERT OR REPLACE INTO chain_rescans (blockchain, next_height, to_height, requested_at) VALUES (?, ?, ?, ?)').run(
      blockchain,
      fromHeight,
      last.height,
      nowIso(),
    )
    this.options.logger.info({blockchain, from_height: fromHeight, to_height: last.height}, 'deposit rescan requested')
    return {fromHeight, toHeight: last.height}
  }

  /** Reads the next batch of a requested rescan, each block in one SQLite transaction with its progress. */
  private async rescanBatch(open: ReadonlySet<string>): Promise<void> {
    const {adapter, db, blockchain, topUps, logger} = this.options
    const row = db
      .prepare<[string], {next_height: number; to_height: number}>('SELECT * FROM chain_rescans WHERE blockchain = ?')
      .get(blockchain)
    if (!row) return
    const to = Math.min(row.to_height, row.next_height + (this.options.batch ?? 100) - 1)
    for (let height = row.next_height; height <= to; height++) {
      const block = await adapter.scanBlock(height, this.watched, this.tokens())
      const matches = this.match(block)
      db.transaction(() => {
        for (const match of matches) topUps.detect(blockchain, block, match)
        noteOutgoing(db, blockchain, block, open)
        this.options.utxos?.apply(block, this.watched)
        if (height >= row.to_height) db.prepare('DELETE FROM chain_rescans WHERE blockchain = ?').run(blockchain)
        else db.prepare('UPDATE chain_rescans SET next_height = ? WHERE blockchain = ?').run(height + 1, blockchain)
      })()
    }
    if (to >= row.to_height) logger.info({blockchain, to_height: row.to_height}, 'deposit rescan done')
  }

  /** Walks back from `height` to the last stored block still on the chain and orphans everything above it. */
  private async rewind(height: number): Promise<void> {
    const {adapter, db, topUps, blockchain, logger} = this.options
    let fork = height
    while (fork > 0) {
      const stored = this.stored(fork)
      if (stored === undefined) break
      const ref = await adapter.blockRef(fork)
      if (ref && ref.hash === stored) break
      fork--
    }
    const {orphaned, reversed} = db.transaction(() => {
      db.prepare('DELETE FROM chain_blocks WHERE blockchain = ? AND height > ?').run(blockchain, fork)
      forgetAbove(db, blockchain, fork)
      this.options.utxos?.rollback(fork)
      return topUps.orphanFrom(blockchain, fork + 1)
    })()
    // The reversals' balance events, now that the rollback is on disk.
    topUps.announce(reversed)
    logger.warn({blockchain, fork, orphaned: orphaned.length}, 'rolled back to the fork of a reorganisation')
  }

  private record(block: ScannedBlock, open: ReadonlySet<string>): void {
    const {db, topUps, blockchain} = this.options
    const matches = this.match(block)
    db.transaction(() => {
      this.storeBlock(block)
      noteOutgoing(db, blockchain, block, open)
      this.options.utxos?.apply(block, this.watched)
      for (const match of matches) topUps.detect(blockchain, block, match)
      db.prepare('DELETE FROM chain_blocks WHERE blockchain = ? AND height <= ?').run(
        blockchain,
        block.height - (this.options.keep ?? 200),
      )
    })()
  }

  private match(block: ScannedBlock): MatchedTransfer[] {
    const {addresses, blockchain} = this.options
    const assets = this.options.assets()
    const matches: MatchedTransfer[] = []
    for (const transfer of block.transfers) {
      const owner = addresses.owner(blockchain, transfer.to)
      const contract = transfer.contract === null ? null : addressKey(transfer.contract)
      const asset = assets.find((entry) => (entry.contract === null ? null : addressKey(entry.contract)) === contract)
      if (!owner || !asset || asset.unit === null) continue
      if (transfer.from !== null && this.options.own(transfer.from)) continue
      matches.push({
        transfer,
        accountId: owner.accountId,
        asset: asset.asset,
        amount: toMinorUnits(transfer.amount, asset.unit, asset.decimals),
        minDeposit: asset.minDeposit,
      })
    }
    return matches
  }

  private confirm(): void {
    const assets = new Map(this.options.assets().map((entry) => [entry.asset, entry.confirmations]))
    this.options.topUps.confirmDue(this.options.blockchain, this.processedHeight(), (asset) => assets.get(asset) ?? 1)
  }

  private tokens(): string[] {
    return this.options.assets().flatMap((entry) => (entry.contract === null || entry.unit === null ? [] : [entry.contract]))
  }

  private storeBlock(ref: BlockRef): void {
    this.options.db
      .prepare('INSERT OR REPLACE INTO chain_blocks (blockchain, height, hash) VALUES (?, ?, ?)')
      .run(this.options.blockchain, ref.height, ref.hash)
  }

  private stored(height: number): string | undefined {
    return this.options.db
      .prepare<[string, number], {hash: string}>('SELECT hash FROM chain_blocks WHERE blockchain = ? AND height = ?')
      .get(this.options.blockchain, height)?.hash
  }

  private last(): BlockRef | undefined {
    const row = this.options.db
      .prepare<[string], {height: number; hash: string}>(
        'SELECT height, hash FROM chain_blocks WHERE blockchain = ? ORDER BY height DESC LIMIT 1',
      )
      .get(this.options.blockchain)
    return row && {height: row.height, hash: row.hash, parentHash: ''}
  }
}
