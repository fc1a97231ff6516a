import {AdminCommand} from '../../../cli/admin-command.js'

export default class P2PRatesList extends AdminCommand {
  static override summary = 'List the P2P reference rates (P2PService.ListReferenceRates).'
  static override examples = ['<%= config.bin %> p2p rates list']

  async run() {
    return this.list('P2PService', 'ListReferenceRates', {}, 'rates', ['asset', 'fiat', 'rate', 'updated_at'])
  }
}
