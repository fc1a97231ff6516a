/**
 * Postings and the checks made on them before anything is written: a transaction sums to zero per
 * asset, holds and releases are the pair available/locked of one balance account, and what makes
 * two posts the same operation for idempotency.
 */
import {createHash} from 'node:crypto'
import {ExchangeError} from '../ground/errors.js'
import type {Posting, TransactionInput} from './types.js'

/** The invariant committed with every transaction: per asset the postings sum to exactly zero. */
export function assertBalanced(postings: Posting[]): void {
  if (postings.length < 2) throw new ExchangeError('internal', 'a ledger transaction needs at least two postings')
  const sums = new Map<string, bigint>()
  for (const posting of postings) {
    if (typeof posting.amount !== 'bigint' || posting.amount === 0n) {
      throw new ExchangeError('internal', `ledger posting amount must be a non-zero bigint, got ${String(posting.amount)}`)
    }
    sums.set(posting.asset, (sums.get(posting.asset) ?? 0n) + posting.amount)
  }
  for (const [asset, total] of sums) {
    if (total !== 0n) throw new ExchangeError('internal', `unbalanced ledger transaction: ${asset} postings sum to ${total}`)
  }
}

/** The refusal of a posting that would take a balance that may not go negative below zero. */
export function insufficient(posting: Posting): ExchangeError {
  return new ExchangeError(
    'insufficient_funds',
    `insufficient ${posting.bucket} ${posting.asset} in balance account ${posting.balanceAccountId}`,
  )
}

/** A hold: `amount` (positive) of the available funds moves to locked. */
export function holdPostings(balanceAccountId: string, asset: string, amount: bigint): Posting[] {
  assertPositive(amount)
  return [
    {balanceAccountId, asset, bucket: 'available', amount: -amount},
    {balanceAccountId, asset, bucket: 'locked', amount},
  ]
}

/** A release: `amount` (positive) of the locked funds goes back to available. */
export function releasePostings(balanceAccountId: string, asset: string, amount: bigint): Posting[] {
  assertPositive(amount)
  return [
    {balanceAccountId, asset, bucket: 'locked', amount: -amount},
    {balanceAccountId, asset, bucket: 'available', amount},
  ]
}

/** Transfers, holds and releases move a positive amount; a negative one would silently reverse them. */
export function assertPositive(amount: bigint): void {
  if (typeof amount !== 'bigint' || amount <= 0n)
    throw new ExchangeError('internal', `ledger amount must be a positive bigint, got ${String(amount)}`)
}

/** What makes two posts "the same operation" for idempotency: type, reference and postings (not reason or operator). */
export function fingerprintOf(input: TransactionInput): string {
  const canonical = JSON.stringify([
    input.type,
    input.referenceId ?? null,
    input.postings.map((p) => [p.balanceAccountId, p.asset, p.bucket, p.amount.toString()]),
  ])
  return createHash('sha256').update(canonical).digest('hex')
}
