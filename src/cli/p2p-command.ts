/**
 * The base of the `exchange p2p` commands that print an order: its fields, its history and its
 * chat as three tables (human mode only), so `orders show` and `disputes show` read the same. An
 * AccountCommand, so `orders list` takes `--email` or `--account-id` like every command naming an account.
 */
import {AccountCommand} from './account-command.js'
import type {P2PChatMessage__Output as Message} from '../node/admin/generated/exchange/admin/v1/P2PChatMessage.js'
import type {P2POrder__Output as Order} from '../node/admin/generated/exchange/admin/v1/P2POrder.js'
import {P2P_STATUSES} from '../node/p2p/states.js'

/** The columns of a P2P order in a list. */
export const orderColumns = [
  'id',
  'status',
  'asset',
  'fiat',
  'amount',
  'price',
  'fiat_amount',
  'buyer_id',
  'seller_id',
  'created_at',
] as const satisfies readonly (keyof Order)[]

/** The statuses of a P2P order (docs/p2p.md "Order states"), for `--status` of `orders list`. */
export const ORDER_STATUSES = P2P_STATUSES

export abstract class P2PCommand extends AccountCommand {
  /** Prints an order's fields, its history and, when given, its chat (human mode only). */
  protected printOrder(order: Order | null, messages?: readonly Message[]): void {
    if (this.jsonEnabled() || !order) return
    const {history, ...fields} = order
    this.details(fields)
    this.log('History')
    this.table(history, ['status', 'at', 'by'])
    if (messages) this.printMessages(messages)
  }

  /** Prints chat messages, a file as "name (type, size bytes) id" (human mode only). */
  protected printMessages(messages: readonly Message[]): void {
    if (this.jsonEnabled()) return
    this.log('Chat')
    this.table(messages, [
      'created_at',
      'sender',
      'kind',
      [
        'text',
        (message) =>
          message.file_id
            ? `${message.file_name} (${message.file_type}, ${message.file_size} bytes) ${message.file_id}`
            : message.text,
      ],
    ])
  }
}
