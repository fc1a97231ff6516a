import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class AlertsCreate extends AdminCommand {
  static override summary = 'Raise an alert, status open (AlertsService.Create).'
  static override examples = [
    '<%= config.bin %> alerts create --type large_withdrawal --severity warning --payload \'{"amount": "12", "asset": "BTC"}\'',
    '<%= config.bin %> alerts create --type system_error --severity critical --json',
  ]

  static override flags = {
    type: Flags.string({summary: 'Alert type, snake_case, such as aml_hit or large_withdrawal.'}),
    severity: Flags.option({options: ['info', 'warning', 'critical'] as const, summary: 'Severity of the alert.'})(),
    payload: Flags.string({summary: 'Details as a JSON object.', default: '{}'}),
  }

  async run() {
    const {flags} = await this.parse(AlertsCreate)
    const request = {
      type: await this.require(flags.type, 'type', 'Alert type (snake_case)'),
      severity: await this.require(flags.severity, 'severity', 'Severity (info, warning or critical)'),
      payload: flags.payload,
    }
    return this.show('AlertsService', 'Create', request)
  }
}
