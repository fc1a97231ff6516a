import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class HotWalletsTransferStatus extends AdminCommand {
  static override summary =
    'Show the status and transaction hash of a hot-wallet transfer (HotWalletsService.GetTransferAssetStatus).'
  static override examples = ['<%= config.bin %> hot-wallets transfer-status --transfer-id 8e2f...']

  static override flags = {
    'transfer-id': Flags.string({summary: 'Id returned by `hot-wallets transfer`.'}),
  }

  async run() {
    const {flags} = await this.parse(HotWalletsTransferStatus)
    const request = {transfer_id: await this.require(flags['transfer-id'], 'transfer-id', 'Transfer id')}
    return this.show('HotWalletsService', 'GetTransferAssetStatus', request)
  }
}
