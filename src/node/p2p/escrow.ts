/**
 * The escrow of a P2P order in the ledger: a hold on the seller's funding balance account at
 * CREATED; a release back to the seller (REJECTED, CANCELLED, seller wins); a transfer from the
 * seller's locked funds to the buyer's funding account (confirm, buyer wins). Each runs inside the
 * order service's transaction. A configured taker fee goes to the fee account: paid by the buyer
 * out of the crypto received, or held on top of the amount when the taker is the seller.
 */
import type {Accounts} from '../accounts/accounts.js'
import {ExchangeError} from '../ground/errors.js'
import type {Ledger, Posting} from '../ledger/ledger.js'
import type {Order} from './order-store.js'

export class Escrow {
  constructor(
    private readonly ledger: Ledger,
    private readonly accounts: Accounts,
  ) {}

  /** What the order holds on the seller's funding balance account. */
  static heldOf(order: Order): bigint {
    return order.amount + (order.takerId === order.sellerId ? order.fee : 0n)
  }

  hold(order: Order): void {
    this.ledger.hold(this.funding(order.sellerId), order.asset, Escrow.heldOf(order), {
      type: 'p2p_escrow_hold',
      referenceId: order.id,
    })
  }

  release(order: Order): void {
    this.ledger.release(this.funding(order.sellerId), order.asset, Escrow.heldOf(order), {
      type: 'p2p_escrow_release',
      referenceId: order.id,
    })
  }

  settle(order: Order): void {
    const held = Escrow.heldOf(order)
    const received = order.amount - (order.takerId === order.buyerId ? order.fee : 0n)
    const postings: Posting[] = [
      {balanceAccountId: this.funding(order.sellerId), asset: order.asset, bucket: 'locked', amount: -held},
      {balanceAccountId: this.funding(order.buyerId), asset: order.asset, bucket: 'available', amount: received},
    ]
    if (order.fee > 0n) {
      postings.push({
        balanceAccountId: this.ledger.systemAccount('fee'),
        asset: order.asset,
        bucket: 'available',
        amount: order.fee,
      })
    }
    this.ledger.post({type: 'p2p_escrow_transfer', referenceId: order.id, postings})
  }

  private funding(accountId: string): string {
    const id = this.ledger.balanceAccountOf(accountId, 'funding') ?? this.accounts.byId(accountId)?.fundingAccountId
    if (!id) throw new ExchangeError('internal', `account ${accountId} has no funding balance account`)
    return id
  }
}
