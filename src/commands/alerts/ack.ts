import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class AlertsAck extends AdminCommand {
  static override summary = 'Acknowledge an open alert (AlertsService.Acknowledge).'
  static override examples = ['<%= config.bin %> alerts ack --alert-id 5f0c... --comment "looking into it"']

  static override flags = {
    'alert-id': Flags.string({summary: 'Alert id.'}),
    comment: Flags.string({summary: 'Optional note recorded with the alert.'}),
  }

  async run() {
    const {flags} = await this.parse(AlertsAck)
    const request = {
      alert_id: await this.require(flags['alert-id'], 'alert-id', 'Alert id'),
      comment: flags.comment ?? '',
    }
    return this.show('AlertsService', 'Acknowledge', request)
  }
}
