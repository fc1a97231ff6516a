import {AdminCommand} from '../cli/admin-command.js'

export default class Status extends AdminCommand {
  static override summary =
    'Show the node at a glance: listeners, store size, resting orders, commits/s, open alerts, connected chains (InfoService.GetStatus).'
  static override examples = ['<%= config.bin %> status', '<%= config.bin %> status --json']

  async run() {
    await this.parse(Status)
    const status = await this.call('InfoService', 'GetStatus', {})
    this.details({
      version: status.version,
      started_at: status.started_at,
      uptime: formatUptime(Number(status.uptime_seconds)),
      ...Object.fromEntries(status.listeners.map((listener) => [`listener ${listener.name}`, listener.address])),
      store: formatBytes(Number(status.store_bytes)),
      resting_orders: status.resting_orders,
      'commits/s': status.commits_per_second,
      open_alerts: status.open_alerts,
      connected_chains: status.connected_chains.join(', ') || 'none',
      dev: status.dev ? 'yes (dev seed enabled)' : 'no',
    })
    return status
  }
}

function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400)
  const hours = Math.floor((seconds % 86_400) / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  return [days ? `${days}d` : '', days || hours ? `${hours}h` : '', `${minutes}m`, `${seconds % 60}s`].filter(Boolean).join(' ')
}

function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]} (${bytes} bytes)`
}
