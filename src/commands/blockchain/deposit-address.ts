import {Flags} from '@oclif/core'
import {AccountCommand, accountFlags, accountOf} from '../../cli/account-command.js'

export default class BlockchainDepositAddress extends AccountCommand {
  static override summary = "Get an account's deposit address for an asset on a chain (BlockchainService.GetDepositAddress)."
  static override examples = ['<%= config.bin %> blockchain deposit-address --account-id 5f0c... --blockchain tron --asset USDT']

  static override flags = {
    ...accountFlags,
    blockchain: Flags.option({options: ['btc', 'eth', 'tron'] as const, summary: 'Chain.'})(),
    asset: Flags.string({summary: 'Asset code, such as USDT.'}),
  }

  async run() {
    const {flags} = await this.parse(BlockchainDepositAddress)
    const request = {
      account_id: await this.accountId(accountOf(flags)),
      blockchain: await this.require(flags.blockchain, 'blockchain', 'Blockchain (btc, eth or tron)'),
      asset: await this.require(flags.asset, 'asset', 'Asset code'),
    }
    return this.show('BlockchainService', 'GetDepositAddress', request)
  }
}
