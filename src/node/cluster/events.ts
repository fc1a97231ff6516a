/**
 * The events of the stream (CONTRACT §12): what one committed change tells edges, on the subject of
 * the ticker (public: trades, a changed book) or of the account (private: its orders). An edge fans
 * them out to its WebSocket clients in phase 2.
 */
import type {CommittedEvents} from '../trading/trading.js'
import type {Order, PublicTrade} from '../trading/model.js'
import {accountSubject, checkToken, tickerSubject} from './subjects.js'

export type ClusterEvent =
  /** An order whose state changed, for its owner. */
  | {type: 'order'; accountId: string; order: Order}
  /** A public trade (the taker's side). */
  | {type: 'trade'; trade: PublicTrade}
  /** The ticker's book changed: its depth is read again (at most every 100 ms per ticker on the WS). */
  | {type: 'book'; ticker: string}

/** An event with its subject, ready for the log. */
export type SubjectEvent = {subject: string; event: ClusterEvent}

/** The events of one trading batch, in the order the single node publishes them: orders, trades, books. */
export function tradingEvents(events: CommittedEvents): SubjectEvent[] {
  const out: SubjectEvent[] = []
  for (const {accountId, order} of events.orders) {
    out.push({subject: accountSubject(checkToken(accountId)), event: {type: 'order', accountId, order}})
  }
  for (const trade of events.trades) {
    out.push({subject: tickerSubject(checkToken(trade.ticker)), event: {type: 'trade', trade}})
  }
  for (const ticker of events.books) out.push({subject: tickerSubject(checkToken(ticker)), event: {type: 'book', ticker}})
  return out
}
