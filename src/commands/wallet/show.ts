import {Flags} from '@oclif/core'
import {AdminCommand, type Column} from '../../cli/admin-command.js'
import type {GetWalletResponse__Output} from '../../node/admin/generated/exchange/admin/v1/GetWalletResponse.js'
import type {WalletChain__Output} from '../../node/admin/generated/exchange/admin/v1/WalletChain.js'

export default class WalletShow extends AdminCommand {
  static override summary =
    "Show the node's wallet: network, imported or generated, and per chain the hot-wallet address (BlockchainService.GetWallet)."
  static override description =
    "The seed itself never leaves the node; --xpub adds each chain's deposit account path and extended public key."
  static override examples = [
    '<%= config.bin %> wallet show',
    '<%= config.bin %> wallet show --xpub',
    '<%= config.bin %> wallet show --json',
  ]

  static override flags = {
    xpub: Flags.boolean({default: false, summary: 'Also show the deposit account path and extended public key of each chain.'}),
  }

  async run() {
    const {flags} = await this.parse(WalletShow)
    const wallet = await this.call('BlockchainService', 'GetWallet', {})
    this.details(walletSummary(wallet))
    this.table(wallet.chains, walletColumns(flags.xpub))
    return wallet
  }
}

/** The wallet's summary, printed as a field/value table. */
export const walletSummary = (wallet: GetWalletResponse__Output): Record<string, string> => ({
  network: wallet.network,
  seed: wallet.imported ? 'imported' : 'generated',
  created_at: wallet.created_at,
})

/** The columns of the chains table; with xpub also the deposit account path and extended public key. */
export const walletColumns = (xpub: boolean): Column<WalletChain__Output>[] => [
  'blockchain',
  'hot_wallet_address',
  ['connected', (chain) => (chain.connected ? 'yes' : 'no')],
  ...(xpub ? (['deposit_path', 'deposit_xpub'] as const) : []),
]
