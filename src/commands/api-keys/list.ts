import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

type ApiKey = {id: string; label: string; permissions: string[]; created_at: string; last_used_at: string; api_key: string}
type Response = {keys: ApiKey[]}

export default class ApiKeysList extends AdminCommand {
  static override summary = "List an account's API keys, without their secrets (APIKeysService.ListAPIKeys)."
  static override examples = [
    '<%= config.bin %> api-keys list --account-id 5f0c...',
    '<%= config.bin %> api-keys list --account-id 5f0c... --json',
  ]

  static override flags = {
    'account-id': Flags.string({summary: 'Account id.'}),
  }

  async run(): Promise<Response> {
    const {flags} = await this.parse(ApiKeysList)
    const request = {account_id: await this.require(flags['account-id'], 'account-id', 'Account id')}
    const response = await this.call<Response>('APIKeysService', 'ListAPIKeys', request)
    this.table(
      ['id', 'api_key', 'label', 'permissions', 'created_at', 'last_used_at'],
      response.keys.map((key) => [key.id, key.api_key, key.label, key.permissions.join(','), key.created_at, key.last_used_at]),
    )
    return response
  }
}
