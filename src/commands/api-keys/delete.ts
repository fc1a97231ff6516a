import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class ApiKeysDelete extends AdminCommand {
  static override summary = 'Delete an API key; requests signed with it are refused from then on (APIKeysService.DeleteAPIKey).'
  static override examples = ['<%= config.bin %> api-keys delete --key-id 7a1e...']

  static override flags = {
    'key-id': Flags.string({summary: 'API key id (the id column of api-keys list).'}),
  }

  async run() {
    const {flags} = await this.parse(ApiKeysDelete)
    const request = {key_id: await this.require(flags['key-id'], 'key-id', 'API key id')}
    return this.show('APIKeysService', 'DeleteAPIKey', request)
  }
}
