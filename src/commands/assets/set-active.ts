import {Errors, Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class AssetsSetActive extends AdminCommand {
  static override summary =
    'Activate or deactivate an asset; inactive assets are hidden from listings (AssetsService.SetAssetActive).'
  static override examples = [
    '<%= config.bin %> assets set-active --code TRX --no-active',
    '<%= config.bin %> assets set-active --code TRX --active',
  ]

  static override flags = {
    code: Flags.string({summary: 'Asset code.'}),
    active: Flags.boolean({allowNo: true, summary: 'Activate (--active) or deactivate (--no-active); one of them is required.'}),
  }

  async run() {
    const {flags} = await this.parse(AssetsSetActive)
    const code = await this.require(flags.code, 'code', 'Asset code')
    if (flags.active === undefined) throw new Errors.CLIError('missing required flag: give --active or --no-active', {exit: 2})
    return this.show('AssetsService', 'SetAssetActive', {code, active: flags.active})
  }
}
