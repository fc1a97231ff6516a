import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class BlockchainRescan extends AdminCommand {
  static override summary =
    "Read a chain's blocks again from a height up to the last scanned: missed deposits are credited, found ones stay credited once (BlockchainService.RescanDeposits)."
  static override examples = [
    '<%= config.bin %> blockchain rescan --blockchain eth --from-height 19000000',
    '<%= config.bin %> blockchain rescan --blockchain btc --from-height 840000 --json',
  ]

  static override flags = {
    blockchain: Flags.option({options: ['btc', 'eth', 'tron'] as const, summary: 'The chain to rescan.'})(),
    'from-height': Flags.integer({min: 0, summary: 'First block height to read again.'}),
  }

  async run() {
    const {flags} = await this.parse(BlockchainRescan)
    const request = {
      blockchain: await this.require(flags.blockchain, 'blockchain', 'Blockchain (btc, eth, tron)'),
      from_height: await this.require(flags['from-height']?.toString(), 'from-height', 'From height'),
    }
    const response = await this.call('BlockchainService', 'RescanDeposits', request)
    this.details(response)
    return response
  }
}
