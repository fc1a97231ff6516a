import {Flags} from '@oclif/core'
import {P2PCommand} from '../../../cli/p2p-command.js'
import {yesFlag} from '../../../cli/admin-command.js'

export default class P2PDisputesDecide extends P2PCommand {
  static override summary =
    'Decide a P2P dispute as the operator: buyer wins → SUCCESS (escrow to the buyer), seller wins → CANCELLED (escrow released) (P2PService.DecideDispute).'
  static override examples = [
    '<%= config.bin %> p2p disputes decide --dispute-id 5f0c... --winner buyer --comment "bank statement shows the payment" --yes',
  ]

  static override flags = {
    'dispute-id': Flags.string({summary: 'Dispute id.'}),
    winner: Flags.option({options: ['buyer', 'seller'] as const, summary: 'Party the decision favours.'})(),
    comment: Flags.string({summary: 'Reason for the decision, kept with the dispute.'}),
    yes: yesFlag,
  }

  async run() {
    const {flags} = await this.parse(P2PDisputesDecide)
    const disputeId = await this.require(flags['dispute-id'], 'dispute-id', 'Dispute id')
    const winner = await this.require(flags.winner, 'winner', 'Winner (buyer or seller)')
    const comment = await this.require(flags.comment, 'comment', 'Comment')
    if (!flags.yes) {
      // Name the order and what moves before asking: look the dispute up first.
      const {order} = await this.call('P2PService', 'GetDispute', {dispute_id: disputeId})
      const what = order
        ? `order ${order.id} (${order.amount} ${order.asset} for ${order.fiat_amount} ${order.fiat})`
        : `dispute ${disputeId}`
      const effect = winner === 'buyer' ? 'the escrow goes to the buyer' : 'the escrow returns to the seller'
      await this.confirm(flags.yes, `decide ${what} for the ${winner}: ${effect}`)
    }
    const response = await this.call('P2PService', 'DecideDispute', {dispute_id: disputeId, winner, comment})
    if (!this.jsonEnabled() && response.dispute) {
      this.details(response.dispute)
      this.log('Order')
      this.printOrder(response.order)
    }
    return response
  }
}
