import {Flags} from '@oclif/core'
import {AdminCommand, splitList} from '../../cli/admin-command.js'

export default class ApiKeysCreate extends AdminCommand {
  static override summary = 'Create an API key for an account; its secret is shown only once (APIKeysService.CreateAPIKey).'
  static override examples = [
    '<%= config.bin %> api-keys create --account-id 5f0c... --permissions trade,read --label "trading bot"',
    '<%= config.bin %> api-keys create --account-id 5f0c... --permissions read --permissions withdraw --json',
  ]

  static override flags = {
    'account-id': Flags.string({summary: 'Account id.'}),
    permissions: Flags.string({
      multiple: true,
      summary: 'Permissions: trade, withdraw, read; repeat the flag or give a comma list.',
    }),
    label: Flags.string({summary: 'Optional label (at most 64 characters).'}),
  }

  async run() {
    const {flags} = await this.parse(ApiKeysCreate)
    const accountId = await this.require(flags['account-id'], 'account-id', 'Account id')
    let permissions = splitList(flags.permissions)
    if (permissions.length === 0) {
      permissions = splitList([
        await this.require(undefined, 'permissions', 'Permissions (trade, withdraw, read; comma-separated)'),
      ])
    }
    const request = {account_id: accountId, permissions, label: flags.label ?? ''}
    const response = await this.call('APIKeysService', 'CreateAPIKey', request)
    this.details(response)
    this.log('')
    this.log('WARNING: the API secret above is shown only this once and cannot be retrieved again.')
    this.log('Store it now in a safe place; if it is lost, delete the key and create a new one.')
    return response
  }
}
