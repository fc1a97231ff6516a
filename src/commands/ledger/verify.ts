import {AdminCommand} from '../../cli/admin-command.js'
import {EXIT_CODES} from '../../cli/errors.js'

export default class LedgerVerify extends AdminCommand {
  static override summary =
    'Check the double-entry ledger: every asset sums to zero, balances match their entries, none is negative (LedgerService.VerifyLedger).'
  static override description = `Exits ${EXIT_CODES.failed_precondition} when a problem is found, after printing the report (also with --json).`
  static override examples = ['<%= config.bin %> ledger verify', '<%= config.bin %> ledger verify --json && echo balanced']

  async run() {
    await this.parse(LedgerVerify)
    const response = await this.call('LedgerService', 'VerifyLedger')
    if (!this.jsonEnabled()) {
      const counts = `${response.transactions} transactions, ${response.entries} entries`
      this.log(response.ok ? `ledger ok: ${counts}` : `ledger NOT ok: ${response.problems.length} problem(s) in ${counts}`)
      for (const problem of response.problems) this.log(`  - ${problem}`)
    }
    this.table(response.assets, ['asset', 'journal_sum', 'user_total'])
    // The report is printed either way (returned for --json); a broken ledger still fails the run.
    if (!response.ok) {
      process.stderr.write(
        `Error: ledger verification failed (failed_precondition): ${response.problems[0] ?? 'unknown problem'}\n`,
      )
      process.exitCode = EXIT_CODES.failed_precondition
    }
    return response
  }
}
