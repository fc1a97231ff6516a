/**
 * The sequencer's event log beyond trading's batches (which record themselves, `Trading.useJournal`):
 * what the WebSocket servers show of the other modules, so edges can show it too (edge/streams.ts).
 *
 * - the ledger: every transaction `post` commits, inside its transaction, with the balances of its
 *   postings as it left them (the Binance form's `balanceUpdate`, the balances pushes read);
 * - P2P: every change's order events and chat messages, inside its transaction, an order with its
 *   details as each party sees them (the P2P WebSocket's `p2p_order`);
 * - the chains' balance pushes (`blockchains.onBalance`: a deposit credited, a withdrawal held,
 *   settled or released): appended right after the change's commit, in a transaction of their own —
 *   the chain modules tell only then. The balances themselves travel with the ledger's events; a
 *   sequencer that dies between the two loses that one push, never a balance.
 */
import type {Services} from '../../services.js'
import type {EventLog} from './event-log.js'
import {p2pSubject} from '../events.js'
import {accountSubject, checkToken} from '../subjects.js'

/** Starts recording; returns what stops the after-commit part (the in-transaction hooks stay with the store). */
export function recordModuleEvents(services: Services, log: EventLog): () => void {
  services.ledger.useJournal((posted, standalone, balances) => {
    const owner = posted.postings[0]?.balanceAccountId ?? 'system'
    log.append(accountSubject(checkToken(owner)), {type: 'posted', posted, standalone, balances})
  })
  services.p2p.useJournal((events) => {
    for (const event of events) {
      if (event.kind === 'order') {
        const details = Object.fromEntries(
          [...new Set(event.parties)].map((party) => [party, services.p2p.orderDetails(event.order, party)]),
        )
        log.append(p2pSubject(event), {type: 'p2p', event, details})
      } else log.append(p2pSubject(event), {type: 'p2p', event})
    }
  })
  return services.blockchains.onBalance(({accountId, asset, reason}) => {
    services.db.transaction(() =>
      log.append(accountSubject(checkToken(accountId)), {type: 'balance', accountId, asset, reason}),
    )()
  })
}
