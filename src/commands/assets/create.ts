import {Errors, Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class AssetsCreate extends AdminCommand {
  static override summary = 'Create an asset, active, without networks (AssetsService.CreateAsset).'
  static override examples = [
    '<%= config.bin %> assets create --code SOL --name Solana --decimals 9',
    '<%= config.bin %> assets create --code EURT --name "Tether EUR" --decimals 6 --json',
  ]

  static override flags = {
    code: Flags.string({summary: 'Asset code: 2 to 10 upper-case letters or digits.'}),
    name: Flags.string({summary: 'Display name.'}),
    decimals: Flags.integer({summary: 'Decimal places of the smallest unit, 0 to 18.'}),
  }

  async run() {
    const {flags} = await this.parse(AssetsCreate)
    const code = await this.require(flags.code, 'code', 'Asset code')
    const name = await this.require(flags.name, 'name', 'Asset name')
    const decimals = Number(await this.require(flags.decimals?.toString(), 'decimals', 'Decimals (0 to 18)'))
    if (!Number.isInteger(decimals)) throw new Errors.CLIError('--decimals must be an integer', {exit: 2})
    return this.show('AssetsService', 'CreateAsset', {code, name, decimals})
  }
}
