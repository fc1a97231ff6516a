import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

type HotWallet = {address: string; blockchain: string; asset: string; balance: string}
type Response = {wallets: HotWallet[]}

export default class HotWalletsList extends AdminCommand {
  static override summary = 'List the hot wallets with their on-chain balances (HotWalletsService.ListHotWallets).'
  static override examples = ['<%= config.bin %> hot-wallets list', '<%= config.bin %> hot-wallets list --blockchain eth --json']

  static override flags = {
    blockchain: Flags.option({options: ['btc', 'eth', 'tron'] as const, summary: 'Only wallets on this chain.'})(),
  }

  async run(): Promise<Response> {
    const {flags} = await this.parse(HotWalletsList)
    const response = await this.call<Response>('HotWalletsService', 'ListHotWallets', {blockchain: flags.blockchain ?? ''})
    this.table(
      ['blockchain', 'asset', 'address', 'balance'],
      response.wallets.map((w) => [w.blockchain, w.asset, w.address, w.balance]),
    )
    return response
  }
}
