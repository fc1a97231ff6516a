import {AdminCommand} from '../cli/admin-command.js'

export default class Ping extends AdminCommand {
  static override summary = 'Check that the node answers (PingService.Ping).'
  static override examples = ['<%= config.bin %> ping', '<%= config.bin %> ping --admin-url 10.0.0.5:50051 --json']

  async run() {
    await this.parse(Ping)
    const response = await this.call('PingService', 'Ping')
    this.log(response.status)
    return response
  }
}
