import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class ApiKeysList extends AdminCommand {
  static override summary = "List an account's API keys, without their secrets (APIKeysService.ListAPIKeys)."
  static override examples = [
    '<%= config.bin %> api-keys list --account-id 5f0c...',
    '<%= config.bin %> api-keys list --account-id 5f0c... --json',
  ]

  static override flags = {
    'account-id': Flags.string({summary: 'Account id.'}),
  }

  async run() {
    const {flags} = await this.parse(ApiKeysList)
    const request = {account_id: await this.require(flags['account-id'], 'account-id', 'Account id')}
    return this.list('APIKeysService', 'ListAPIKeys', request, 'keys', [
      'id',
      'api_key',
      'label',
      ['permissions', (key) => key.permissions.join(',')],
      'created_at',
      'last_used_at',
    ])
  }
}
