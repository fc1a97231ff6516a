/** InfoService.GetStatus (issue 14): what `exchange status` shows, composed from the services. */
import type {GetStatusResponse} from '../generated/exchange/admin/v1/GetStatusResponse.js'
import type {AdminContext} from '../context.js'

export function nodeStatus(ctx: AdminContext): GetStatusResponse {
  const {alerts, blockchains, tickers, trading, writer} = ctx.services
  const {runtime} = ctx
  const resting = tickers.list(true).reduce((sum, ticker) => sum + trading.book(ticker.symbol).size, 0)
  return {
    version: runtime.version,
    started_at: runtime.startedAt.toISOString(),
    uptime_seconds: String(Math.floor((Date.now() - runtime.startedAt.getTime()) / 1000)),
    listeners: [...runtime.listeners].map(([name, address]) => ({name, address})),
    store_bytes: String(ctx.services.storeBytes()),
    resting_orders: resting,
    commits_per_second: writer.commits.perSecond(),
    open_alerts: alerts.list({status: 'open'}).length,
    connected_chains: blockchains.connected(),
    dev: runtime.dev,
  }
}
