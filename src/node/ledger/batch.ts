import {timeOrderedId} from '../ids.js'
import {assertBalanced, holdPostings, insufficient, releasePostings} from './postings.js'
import type {BatchStore, TransactionInput} from './types.js'

type BatchBalance = {
  balanceAccountId: string
  asset: string
  available: bigint
  locked: bigint
  allowNegative: boolean
  dirty: boolean
}

/**
 * Postings made by one group commit of the trading service, inside the SQLite transaction it holds
 * open. Each balance is read once, kept in memory while the batch runs and written once by `close`
 * (a batch of thousands of orders over a few dozen accounts writes a few dozen balance rows instead
 * of two per posting). Every posting of a transaction is checked before anything of it is written,
 * so a refused transaction (`insufficient_funds`) leaves no trace and needs no savepoint. The journal
 * rows (transaction and entries) are written as each transaction is posted, as `post` does.
 *
 * A batch lives as long as its SQLite transaction: call `close` before committing, and drop the
 * batch, unclosed, if the transaction rolls back.
 */
export class LedgerBatch {
  private readonly balances = new Map<string, BatchBalance>()

  constructor(
    private readonly ledger: BatchStore,
    private readonly createdAt: string,
  ) {}

  /** Checks, then writes, one journal transaction; returns its id. Throws before writing when funds are short. */
  post(input: Omit<TransactionInput, 'idempotencyKey'>): string {
    assertBalanced(input.postings)
    const touched: BatchBalance[] = []
    const next: bigint[] = []
    input.postings.forEach((posting, i) => {
      const balance = this.balanceOf(posting.balanceAccountId, posting.asset)
      // A transaction may post twice to one bucket: the check is on the running value.
      let value = balance[posting.bucket]
      for (let j = 0; j < i; j++) {
        if (touched[j] === balance && input.postings[j]!.bucket === posting.bucket) value = next[j]!
      }
      value += posting.amount
      if (value < 0n && !balance.allowNegative) throw insufficient(posting)
      touched.push(balance)
      next.push(value)
    })
    input.postings.forEach((posting, i) => {
      touched[i]![posting.bucket] = next[i]!
      touched[i]!.dirty = true
    })
    const id = timeOrderedId()
    this.ledger.writeJournal(id, input, null, this.createdAt)
    return id
  }

  /** Locks `amount` of the available funds. */
  hold(balanceAccountId: string, asset: string, amount: bigint, meta: {type: string; referenceId: string}): string {
    return this.post({...meta, postings: holdPostings(balanceAccountId, asset, amount)})
  }

  /** Returns `amount` of locked funds to available. */
  release(balanceAccountId: string, asset: string, amount: bigint, meta: {type: string; referenceId: string}): string {
    return this.post({...meta, postings: releasePostings(balanceAccountId, asset, amount)})
  }

  /** Writes every balance the batch changed. */
  close(): void {
    for (const balance of this.balances.values()) {
      if (balance.dirty) this.ledger.writeBalance(balance.balanceAccountId, balance.asset, balance.available, balance.locked)
    }
    this.balances.clear()
  }

  private balanceOf(balanceAccountId: string, asset: string): BatchBalance {
    const key = `${balanceAccountId}|${asset}`
    let balance = this.balances.get(key)
    if (!balance) {
      const allowNegative = this.ledger.allowsNegative(balanceAccountId)
      const {available, locked} = this.ledger.balance(balanceAccountId, asset)
      balance = {balanceAccountId, asset, available, locked, allowNegative, dirty: false}
      this.balances.set(key, balance)
    }
    return balance
  }
}
