import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class AlertsResolve extends AdminCommand {
  static override summary = 'Resolve an open or acknowledged alert (AlertsService.Resolve).'
  static override examples = ['<%= config.bin %> alerts resolve --alert-id 5f0c... --resolution "false positive"']

  static override flags = {
    'alert-id': Flags.string({summary: 'Alert id.'}),
    resolution: Flags.string({summary: 'Optional note on how the alert was resolved.'}),
  }

  async run() {
    const {flags} = await this.parse(AlertsResolve)
    const request = {
      alert_id: await this.require(flags['alert-id'], 'alert-id', 'Alert id'),
      resolution: flags.resolution ?? '',
    }
    return this.show('AlertsService', 'Resolve', request)
  }
}
