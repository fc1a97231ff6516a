import {Flags} from '@oclif/core'
import {AdminCommand, yesFlag} from '../../cli/admin-command.js'

export default class HotWalletsTransfer extends AdminCommand {
  static override summary = 'Send an asset on chain from a hot wallet to another address (HotWalletsService.TransferAsset).'
  static override examples = [
    '<%= config.bin %> hot-wallets transfer --from-address 0xab12... --to-address 0xcd34... --blockchain eth --asset ETH --amount 2 --yes',
  ]

  static override flags = {
    'from-address': Flags.string({summary: 'Hot wallet address to send from (see `hot-wallets list`).'}),
    'to-address': Flags.string({summary: 'Destination address.'}),
    blockchain: Flags.option({options: ['btc', 'eth', 'tron'] as const, summary: 'Chain.'})(),
    asset: Flags.string({summary: 'Asset code, such as ETH.'}),
    amount: Flags.string({summary: 'Positive decimal amount.'}),
    yes: yesFlag,
  }

  async run() {
    const {flags} = await this.parse(HotWalletsTransfer)
    const request = {
      from_address: await this.require(flags['from-address'], 'from-address', 'Source hot wallet address'),
      to_address: await this.require(flags['to-address'], 'to-address', 'Destination address'),
      blockchain: await this.require(flags.blockchain, 'blockchain', 'Blockchain (btc, eth or tron)'),
      asset: await this.require(flags.asset, 'asset', 'Asset code'),
      amount: await this.require(flags.amount, 'amount', 'Amount'),
    }
    await this.confirm(
      flags.yes,
      `send ${request.amount} ${request.asset} on ${request.blockchain} from ${request.from_address} to ${request.to_address}`,
    )
    return this.show('HotWalletsService', 'TransferAsset', request)
  }
}
