import type {LedgerServiceHandlers} from '../generated/exchange/admin/v1/LedgerService.js'
import type {AdminContext} from '../context.js'
import {formatAmount} from '../../ground/money.js'

export function ledgerHandlers(ctx: AdminContext): LedgerServiceHandlers {
  const {ledger, assets} = ctx.services
  return {
    VerifyLedger: ctx.unary('VerifyLedger', () => {
      const report = ledger.verify()
      const decimals = (asset: string) => assets.get(asset)?.decimals ?? 0
      return {
        ok: report.ok,
        transactions: String(report.transactions),
        entries: String(report.entries),
        problems: report.problems,
        assets: report.assets.map((row) => ({
          asset: row.asset,
          journal_sum: formatAmount(row.journalSum, decimals(row.asset)),
          user_total: formatAmount(row.userTotal, decimals(row.asset)),
        })),
      }
    }),
  }
}
