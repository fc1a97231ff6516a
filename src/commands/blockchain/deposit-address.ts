import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class BlockchainDepositAddress extends AdminCommand {
  static override summary = "Get an account's deposit address for an asset on a chain (BlockchainService.GetDepositAddress)."
  static override examples = ['<%= config.bin %> blockchain deposit-address --account-id 5f0c... --blockchain tron --asset USDT']

  static override flags = {
    'account-id': Flags.string({summary: 'Account id.'}),
    blockchain: Flags.option({options: ['btc', 'eth', 'tron'] as const, summary: 'Chain.'})(),
    asset: Flags.string({summary: 'Asset code, such as USDT.'}),
  }

  async run() {
    const {flags} = await this.parse(BlockchainDepositAddress)
    const request = {
      account_id: await this.require(flags['account-id'], 'account-id', 'Account id'),
      blockchain: await this.require(flags.blockchain, 'blockchain', 'Blockchain (btc, eth or tron)'),
      asset: await this.require(flags.asset, 'asset', 'Asset code'),
    }
    return this.show('BlockchainService', 'GetDepositAddress', request)
  }
}
