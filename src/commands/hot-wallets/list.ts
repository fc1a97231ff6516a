import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class HotWalletsList extends AdminCommand {
  static override summary = 'List the hot wallets with their on-chain balances (HotWalletsService.ListHotWallets).'
  static override examples = ['<%= config.bin %> hot-wallets list', '<%= config.bin %> hot-wallets list --blockchain eth --json']

  static override flags = {
    blockchain: Flags.option({options: ['btc', 'eth', 'tron'] as const, summary: 'Only wallets on this chain.'})(),
  }

  async run() {
    const {flags} = await this.parse(HotWalletsList)
    const request = {blockchain: flags.blockchain ?? ''}
    return this.list('HotWalletsService', 'ListHotWallets', request, 'wallets', [
      'blockchain',
      'asset',
      'address',
      'balance',
      'error',
    ])
  }
}
