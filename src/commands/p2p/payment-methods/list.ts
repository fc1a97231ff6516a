import {AdminCommand} from '../../../cli/admin-command.js'

export default class P2PPaymentMethodsList extends AdminCommand {
  static override summary = 'List the P2P payment-method registry (P2PService.ListPaymentMethods).'
  static override examples = ['<%= config.bin %> p2p payment-methods list']

  async run() {
    return this.list('P2PService', 'ListPaymentMethods', {}, 'payment_methods', ['id', 'name', 'kind'])
  }
}
