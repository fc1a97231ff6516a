import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class BlockchainReconcile extends AdminCommand {
  static override summary =
    "Compare each asset's on-chain holdings (hot wallet, deposit addresses, in flight) with the ledger's liabilities; a deficit raises reconcile_deficit (BlockchainService.Reconcile)."
  static override examples = [
    '<%= config.bin %> blockchain reconcile',
    '<%= config.bin %> blockchain reconcile --blockchain eth --json',
  ]

  static override flags = {
    blockchain: Flags.option({
      options: ['btc', 'eth', 'tron'] as const,
      summary: 'Only this chain (default: every connected chain).',
    })(),
  }

  async run() {
    const {flags} = await this.parse(BlockchainReconcile)
    const request = {blockchain: flags.blockchain ?? ''}
    return this.list('BlockchainService', 'Reconcile', request, 'assets', [
      'blockchain',
      'asset',
      'on_chain',
      'liabilities',
      'surplus',
      'deficit',
      'in_flight',
      'error',
    ])
  }
}
