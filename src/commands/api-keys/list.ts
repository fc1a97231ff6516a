import {AccountCommand, accountFlags, accountOf} from '../../cli/account-command.js'

export default class ApiKeysList extends AccountCommand {
  static override summary = "List an account's API keys, without their secrets (APIKeysService.ListAPIKeys)."
  static override examples = [
    '<%= config.bin %> api-keys list --account-id 5f0c...',
    '<%= config.bin %> api-keys list --email alice@example.com',
    '<%= config.bin %> api-keys list --account-id 5f0c... --json',
  ]

  static override flags = {
    ...accountFlags,
  }

  async run() {
    const {flags} = await this.parse(ApiKeysList)
    const request = {account_id: await this.accountId(accountOf(flags))}
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
