import {Flags} from '@oclif/core'
import {P2PCommand} from '../../../cli/p2p-command.js'

export default class P2PDisputesShow extends P2PCommand {
  static override summary =
    'Show a P2P dispute: the dispute, its order with the history, and the whole chat (P2PService.GetDispute).'
  static override examples = ['<%= config.bin %> p2p disputes show --dispute-id 5f0c...']

  static override flags = {
    'dispute-id': Flags.string({summary: 'Dispute id.'}),
  }

  async run() {
    const {flags} = await this.parse(P2PDisputesShow)
    const request = {dispute_id: await this.require(flags['dispute-id'], 'dispute-id', 'Dispute id')}
    const response = await this.call('P2PService', 'GetDispute', request)
    if (!this.jsonEnabled()) {
      if (response.dispute) this.details(response.dispute)
      this.log('Order')
      this.printOrder(response.order, response.messages)
    }
    return response
  }
}
