import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class OutboxList extends AdminCommand {
  static override summary =
    'List e-mail and SMS messages kept in the outbox (no SMTP/SMS configured) and the delivery record, newest first (OutboxService.ListOutbox).'

  static override description =
    'Without --smtp-host or --sms-url the node keeps sign-up codes here, so a local operator can finish a sign-up. ' +
    'Delivered messages are listed with status sent or failed and without their body.'

  static override examples = [
    '<%= config.bin %> outbox list',
    '<%= config.bin %> outbox list --channel sms --to +14155550123',
    '<%= config.bin %> outbox list --to alice@example.com --limit 5 --json',
  ]

  static override flags = {
    channel: Flags.option({options: ['email', 'sms'] as const, summary: 'Only messages of this channel.'})(),
    to: Flags.string({summary: 'Only messages to this e-mail address or phone number.'}),
    limit: Flags.integer({min: 1, max: 500, summary: 'At most this many messages (default 50, maximum 500).'}),
  }

  async run() {
    const {flags} = await this.parse(OutboxList)
    const request = {channel: flags.channel ?? '', to: flags.to ?? '', limit: flags.limit ?? 0}
    return this.list('OutboxService', 'ListOutbox', request, 'messages', [
      'created_at',
      'channel',
      'to',
      'status',
      'code',
      'body',
    ])
  }
}
