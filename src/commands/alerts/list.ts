import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'
import {FollowTable, tableFlags} from '../../cli/table.js'
import type {Alert__Output as Alert} from '../../node/admin/generated/exchange/admin/v1/Alert.js'

const columns = ['id', 'type', 'severity', 'status', 'created_at', 'payload'] as const satisfies readonly (keyof Alert)[]
/** Fixed widths, so that `alerts list` and `alerts list --follow` print the same rows. */
const widths = {id: 36, type: 18, severity: 8, status: 12, created_at: 24}

export default class AlertsList extends AdminCommand {
  static override summary = 'List alerts; with --follow, keep streaming new and changed alerts until Ctrl-C (AlertsService.List).'
  static override examples = [
    '<%= config.bin %> alerts list --status open',
    '<%= config.bin %> alerts list --severity critical --follow',
    '<%= config.bin %> alerts list --follow --json   # one JSON object per line',
  ]

  static override flags = {
    status: Flags.option({options: ['open', 'acknowledged', 'resolved'] as const, summary: 'Only alerts in this status.'})(),
    severity: Flags.option({options: ['info', 'warning', 'critical'] as const, summary: 'Only alerts of this severity.'})(),
    follow: Flags.boolean({char: 'f', default: false, summary: 'Keep the stream open and print every new or changed alert.'}),
    ...tableFlags,
  }

  async run(): Promise<{alerts: Alert[]} | undefined> {
    const {flags} = await this.parse(AlertsList)
    const admin = await this.admin()
    const stream = admin.stream('AlertsService', 'List', {
      status: flags.status ?? '',
      severity: flags.severity ?? '',
      follow: flags.follow,
    })
    const alerts: Alert[] = []
    const follow = new FollowTable(columns, {...this.tableOptions, minWidths: widths})
    if (flags.follow && !this.jsonEnabled()) for (const line of follow.header()) this.log(line)
    await new Promise<void>((resolve, reject) => {
      // Ctrl-C ends the command at once: the stream is cancelled and nothing waits for the server.
      const stop = () => {
        stream.cancel()
        resolve()
      }
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
      stream.on('data', (alert: Alert) => {
        if (!flags.follow) return alerts.push(alert)
        // Following: one line per alert as it arrives (JSON lines with --json).
        if (this.jsonEnabled()) process.stdout.write(`${JSON.stringify(alert)}\n`)
        else this.log(follow.row(columns.map((column) => String(alert[column]))))
      })
      stream.on('end', resolve)
      stream.on('error', (error: {code?: number}) => (error.code === 1 ? resolve() : reject(error)))
    })
    if (flags.follow) return undefined
    this.table(alerts, columns, widths)
    return {alerts}
  }
}
