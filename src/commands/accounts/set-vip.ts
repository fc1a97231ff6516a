import {Errors, Flags} from '@oclif/core'
import {AccountCommand, accountFlags, accountOf} from '../../cli/account-command.js'

export default class AccountsSetVip extends AccountCommand {
  static override summary = 'Mark an account as VIP, or clear the mark with --no-is-vip (AccountsService.SetAccountVIP).'
  static override examples = [
    '<%= config.bin %> accounts set-vip --email alice@example.com --is-vip',
    '<%= config.bin %> accounts set-vip --email alice@example.com --no-is-vip',
  ]

  static override flags = {
    ...accountFlags,
    'is-vip': Flags.boolean({
      allowNo: true,
      summary: 'Set (--is-vip) or clear (--no-is-vip) the VIP mark; one of them is required.',
    }),
  }

  async run() {
    const {flags} = await this.parse(AccountsSetVip)
    const email = await this.accountEmail(accountOf(flags))
    const isVip = flags['is-vip']
    // A boolean has no safe default here: silently clearing a VIP mark is as wrong as setting one.
    if (isVip === undefined) throw new Errors.CLIError('missing required flag --is-vip or --no-is-vip', {exit: 2})
    const response = await this.call('AccountsService', 'SetAccountVIP', {email, is_vip: isVip})
    if (!this.jsonEnabled()) this.log(`${email} is ${isVip ? 'now' : 'no longer'} VIP`)
    return response
  }
}
