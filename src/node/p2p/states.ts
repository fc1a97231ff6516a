/**
 * The P2P order state table of the spec ("States and transitions / P2P order"), exactly: every
 * transition it lists and none other. Pure data; the order service checks each change against it.
 */
export const P2P_STATUSES = [
  'CREATED',
  'ACCEPTED',
  'REJECTED',
  'CANCELLED',
  'PROCESSING',
  'PAYMENT_COMPLETED',
  'PAYMENT_CONFIRMED',
  'SUCCESS',
  'DISPUTE_START',
  'DISPUTE_DECISION_AWAITING',
  'DISPUTE_DECIDED',
] as const

export type P2PStatus = (typeof P2P_STATUSES)[number]

export const FINAL_STATUSES: ReadonlySet<P2PStatus> = new Set(['REJECTED', 'CANCELLED', 'SUCCESS'])

/** States whose order holds the seller's crypto in escrow: every non-final state. */
export const ESCROW_STATUSES: readonly P2PStatus[] = P2P_STATUSES.filter((status) => !FINAL_STATUSES.has(status))

/** From → the states the table allows next. */
export const TRANSITIONS: Readonly<Record<P2PStatus, readonly P2PStatus[]>> = {
  CREATED: ['ACCEPTED', 'REJECTED', 'CANCELLED'],
  ACCEPTED: ['PROCESSING', 'CANCELLED'],
  PROCESSING: ['PAYMENT_COMPLETED'],
  PAYMENT_COMPLETED: ['PAYMENT_CONFIRMED', 'DISPUTE_START'],
  PAYMENT_CONFIRMED: ['SUCCESS'],
  DISPUTE_START: ['DISPUTE_DECISION_AWAITING'],
  DISPUTE_DECISION_AWAITING: ['DISPUTE_DECIDED'],
  DISPUTE_DECIDED: ['SUCCESS', 'CANCELLED'],
  REJECTED: [],
  CANCELLED: [],
  SUCCESS: [],
}

export const canTransition = (from: P2PStatus, to: P2PStatus): boolean => TRANSITIONS[from].includes(to)

/** Whether a list of states is a path of the table starting at CREATED. */
export function isPath(statuses: readonly P2PStatus[]): boolean {
  if (statuses[0] !== 'CREATED') return false
  return statuses.every((status, index) => index === 0 || canTransition(statuses[index - 1]!, status))
}

/**
 * The states in which the parties may post to the chat: the one list (orders.ts `post` checks it).
 * The spec's table opens the chat at ACCEPTED ("chat opens between the parties") and closes it
 * nowhere but at the end of the deal; docs/p2p.md "Decisions" keeps it open from ACCEPTED for the parties. So it
 * is every state from ACCEPTED on that is not final — DISPUTE_DECIDED included: the decision is
 * taken but the deal has not ended until SUCCESS or CANCELLED (the escrow is still held there).
 */
export const CHAT_OPEN: ReadonlySet<P2PStatus> = new Set([
  'ACCEPTED',
  'PROCESSING',
  'PAYMENT_COMPLETED',
  'PAYMENT_CONFIRMED',
  'DISPUTE_START',
  'DISPUTE_DECISION_AWAITING',
  'DISPUTE_DECIDED',
])
