import {Flags} from '@oclif/core'
import {AccountCommand, accountFlags, accountOf} from '../../cli/account-command.js'

export default class AccountsOrders extends AccountCommand {
  static override summary = "List an account's orders, filtered by ticker, seq, time and status (AccountsService.ListOrders)."
  static override examples = [
    '<%= config.bin %> accounts orders --email alice@example.com --ticker BTC-USDT --status open',
    '<%= config.bin %> accounts orders --email alice@example.com --since-order-id 1200 --limit 500 --json',
    '<%= config.bin %> accounts orders --email alice@example.com --limit 1000 --offset 1000',
    '<%= config.bin %> accounts orders --email alice@example.com --start-time 2026-11-01T00:00:00.000Z --end-time 2026-11-02T00:00:00.000Z',
  ]

  static override flags = {
    ...accountFlags,
    ticker: Flags.string({summary: 'Only orders of this ticker (BASE-QUOTE).'}),
    'since-order-id': Flags.integer({min: 0, summary: 'Only orders with seq greater than this.'}),
    'start-time': Flags.string({summary: 'Only orders created at or after this ISO 8601 time.'}),
    'end-time': Flags.string({summary: 'Only orders created before this ISO 8601 time.'}),
    limit: Flags.integer({min: 1, max: 1000, summary: 'At most this many orders (default 100, maximum 1000).'}),
    offset: Flags.integer({min: 0, summary: 'Skip this many orders (newest first), to page past --limit.'}),
    status: Flags.option({
      options: ['open', 'partial', 'filled', 'cancelled'] as const,
      summary: 'Only orders in this status.',
    })(),
  }

  async run() {
    const {flags} = await this.parse(AccountsOrders)
    const request = {
      email: await this.accountEmail(accountOf(flags)),
      ticker: flags.ticker ?? '',
      since_order_id: String(flags['since-order-id'] ?? 0),
      start_time: flags['start-time'] ?? '',
      end_time: flags['end-time'] ?? '',
      limit: String(flags.limit ?? 0),
      status: flags.status ?? '',
      offset: String(flags.offset ?? 0),
    }
    return this.list('AccountsService', 'ListOrders', request, 'orders', [
      'seq',
      'id',
      'ticker',
      'side',
      'type',
      ['tif', 'time_in_force'],
      'price',
      ['stop', 'stop_price'],
      'qty',
      'filled_qty',
      'status',
      'created_at',
    ])
  }
}
