import {Flags} from '@oclif/core'
import {splitList} from '../../cli/admin-command.js'
import {AccountCommand, accountFlags, accountOf} from '../../cli/account-command.js'

export default class ApiKeysCreate extends AccountCommand {
  static override summary = 'Create an API key for an account; its secret is shown only once (APIKeysService.CreateAPIKey).'
  static override examples = [
    '<%= config.bin %> api-keys create --account-id 5f0c... --permissions trade,read --label "trading bot"',
    '<%= config.bin %> api-keys create --email alice@example.com --permissions trade,read',
    '<%= config.bin %> api-keys create --account-id 5f0c... --permissions read --permissions withdraw --json',
  ]

  static override flags = {
    ...accountFlags,
    permissions: Flags.string({
      multiple: true,
      summary: 'Permissions: trade, withdraw, read; repeat the flag or give a comma list.',
    }),
    label: Flags.string({summary: 'Optional label (at most 64 characters).'}),
  }

  async run() {
    const {flags} = await this.parse(ApiKeysCreate)
    const accountId = await this.accountId(accountOf(flags))
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
