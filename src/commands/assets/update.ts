import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class AssetsUpdate extends AdminCommand {
  static override summary = 'Rename an asset (AssetsService.UpdateAsset).'
  static override examples = ['<%= config.bin %> assets update --code USDT --name "Tether"']

  static override flags = {
    code: Flags.string({summary: 'Asset code.'}),
    name: Flags.string({summary: 'New display name.'}),
  }

  async run() {
    const {flags} = await this.parse(AssetsUpdate)
    const request = {
      code: await this.require(flags.code, 'code', 'Asset code'),
      name: await this.require(flags.name, 'name', 'Asset name'),
    }
    return this.show('AssetsService', 'UpdateAsset', request)
  }
}
