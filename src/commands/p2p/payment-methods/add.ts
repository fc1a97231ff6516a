import {Flags} from '@oclif/core'
import {AdminCommand} from '../../../cli/admin-command.js'

export default class P2PPaymentMethodsAdd extends AdminCommand {
  static override summary = 'Add a payment method to the P2P registry (P2PService.AddPaymentMethod).'
  static override examples = ['<%= config.bin %> p2p payment-methods add --id sepa --name "SEPA transfer" --kind bank_transfer']

  static override flags = {
    id: Flags.string({summary: 'Registry id that ads refer to, such as sepa.'}),
    name: Flags.string({summary: 'Display name.'}),
    kind: Flags.option({
      options: ['bank_transfer', 'fast_payment', 'card', 'other'] as const,
      summary: 'Kind of method.',
    })(),
  }

  async run() {
    const {flags} = await this.parse(P2PPaymentMethodsAdd)
    const request = {
      id: await this.require(flags.id, 'id', 'Payment method id'),
      name: await this.require(flags.name, 'name', 'Display name'),
      kind: await this.require(flags.kind, 'kind', 'Kind (bank_transfer, fast_payment, card or other)'),
    }
    const response = await this.call('P2PService', 'AddPaymentMethod', request)
    if (response.payment_method) this.details(response.payment_method)
    return response
  }
}
