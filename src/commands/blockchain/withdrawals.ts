import {setTimeout as sleep} from 'node:timers/promises'
import {Flags} from '@oclif/core'
import {pageFlags, pageOf, type Column} from '../../cli/admin-command.js'
import {AccountCommand, accountFlagsOf, accountOf} from '../../cli/account-command.js'
import type {ListWithdrawalsResponse__Output} from '../../node/admin/generated/exchange/admin/v1/ListWithdrawalsResponse.js'
import type {Withdrawal__Output as Withdrawal} from '../../node/admin/generated/exchange/admin/v1/Withdrawal.js'

/** How often --follow asks again (ListWithdrawals is unary). */
const FOLLOW_POLL_MS = 2000

const columns = [
  'id',
  'account_id',
  'blockchain',
  'asset',
  'amount',
  'to_address',
  'status',
  ['approval', (withdrawal) => (withdrawal.awaiting_approval ? 'awaiting' : withdrawal.approved_by)],
  'tx_hash',
  'created_at',
] as const satisfies readonly Column<Withdrawal>[]

export default class BlockchainWithdrawals extends AccountCommand {
  static override summary =
    'List blockchain withdrawals, of one account or all; with --follow, poll and print new and changed ones until Ctrl-C (BlockchainService.ListWithdrawals).'
  static override examples = [
    '<%= config.bin %> blockchain withdrawals --status pending',
    '<%= config.bin %> blockchain withdrawals --account-id 5f0c... --json',
    '<%= config.bin %> blockchain withdrawals --follow',
    '<%= config.bin %> blockchain withdrawals --follow --json   # one JSON object per line',
  ]

  static override flags = {
    ...accountFlagsOf('', 'the account whose withdrawals to list (default: all accounts)'),
    status: Flags.option({
      options: ['pending', 'processing', 'broadcast', 'confirmed', 'failed'] as const,
      summary: 'Only withdrawals in this status.',
    })(),
    follow: Flags.boolean({
      char: 'f',
      default: false,
      summary: `Keep polling (every ${FOLLOW_POLL_MS / 1000} s) and print every new or changed withdrawal until Ctrl-C.`,
    }),
    ...pageFlags,
  }

  async run(): Promise<ListWithdrawalsResponse__Output | undefined> {
    const {flags} = await this.parse(BlockchainWithdrawals)
    const request = {
      account_id: flags['account-id'] || flags.email ? await this.accountId(accountOf(flags)) : '',
      status: flags.status ?? '',
      page: pageOf(flags),
    }
    if (!flags.follow) return this.list('BlockchainService', 'ListWithdrawals', request, 'withdrawals', columns)

    const abort = new AbortController()
    const stop = () => abort.abort()
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
    try {
      const seen = new Map<string, string>()
      if (!this.jsonEnabled()) this.log(columns.map(header).join('  '))
      while (!abort.signal.aborted) {
        const {withdrawals} = await this.call('BlockchainService', 'ListWithdrawals', request)
        // Oldest first, so rows print in the order the withdrawals happened.
        for (const withdrawal of [...withdrawals].reverse()) {
          const state = JSON.stringify(withdrawal)
          if (seen.get(withdrawal.id) === state) continue
          seen.set(withdrawal.id, state)
          if (this.jsonEnabled()) process.stdout.write(`${JSON.stringify(withdrawal)}\n`)
          else this.log(columns.map((column) => cell(withdrawal, column)).join('  '))
        }
        await sleep(FOLLOW_POLL_MS, undefined, {signal: abort.signal}).catch(() => undefined)
      }
    } finally {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
    }
    return undefined
  }
}

const header = (column: Column<Withdrawal>): string => (typeof column === 'string' ? column : column[0])

function cell(row: Withdrawal, column: Column<Withdrawal>): string {
  if (typeof column === 'string') return String(row[column])
  const value = column[1]
  return String(typeof value === 'function' ? value(row) : row[value])
}
