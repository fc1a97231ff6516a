import {Flags} from '@oclif/core'
import {P2PCommand} from '../../../cli/p2p-command.js'

export default class P2POrdersShow extends P2PCommand {
  static override summary = 'Show a P2P order with its history and chat (P2PService.GetP2POrder).'
  static override examples = ['<%= config.bin %> p2p orders show --order-id 5f0c...']

  static override flags = {
    'order-id': Flags.string({summary: 'Order id.'}),
  }

  async run() {
    const {flags} = await this.parse(P2POrdersShow)
    const request = {order_id: await this.require(flags['order-id'], 'order-id', 'Order id')}
    const response = await this.call('P2PService', 'GetP2POrder', request)
    this.printOrder(response.order, response.messages)
    return response
  }
}
