import {AdminCommand} from '../../../cli/admin-command.js'

export default class AmlDenyListList extends AdminCommand {
  static override summary = 'List the AML deny-list of source addresses (BlockchainService.ListDenyList).'
  static override examples = ['<%= config.bin %> aml deny-list list', '<%= config.bin %> aml deny-list list --json']

  async run() {
    await this.parse(AmlDenyListList)
    return this.list('BlockchainService', 'ListDenyList', {}, 'entries', ['address', 'reason', 'created_at'])
  }
}
