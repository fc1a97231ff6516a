import {Flags} from '@oclif/core'
import {AdminCommand} from '../../../cli/admin-command.js'

export default class P2PDisputesList extends AdminCommand {
  static override summary = 'List P2P disputes (P2PService.ListDisputes).'
  static override examples = [
    '<%= config.bin %> p2p disputes list --status assigned',
    '<%= config.bin %> p2p disputes list --json',
  ]

  static override flags = {
    status: Flags.option({
      options: ['open', 'assigned', 'decided'] as const,
      summary: 'Only disputes in this status (open: no arbitrator yet).',
    })(),
  }

  async run() {
    const {flags} = await this.parse(P2PDisputesList)
    return this.list('P2PService', 'ListDisputes', {status: flags.status ?? ''}, 'disputes', [
      'id',
      'order_id',
      'status',
      'initiator',
      'reason',
      'arbitrator_id',
      'winner',
      'created_at',
    ])
  }
}
