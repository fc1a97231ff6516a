/**
 * Prometheus metrics of the AdminGateway (`GET /metrics`, text exposition format 0.0.4): requests
 * by route, method and status with their durations, proxied RPC calls by RPC and result, audit
 * entries by result, admins by role, and process uptime and memory. Counters live in memory and
 * start from zero with the process, as Prometheus counters do.
 */
import type {Context, Next} from 'koa'

type Labels = Record<string, string>

class Counter {
  private readonly values = new Map<string, {labels: Labels; value: number}>()

  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  inc(labels: Labels, by = 1): void {
    const key = JSON.stringify(labels)
    const current = this.values.get(key)
    if (current) current.value += by
    else this.values.set(key, {labels, value: by})
  }

  get(labels: Labels): number {
    return this.values.get(JSON.stringify(labels))?.value ?? 0
  }

  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`]
    for (const {labels, value} of this.values.values()) lines.push(`${this.name}${formatLabels(labels)} ${value}`)
    return lines
  }
}

/** Sum and count of observations (a Prometheus summary without quantiles). */
class Summary {
  private readonly values = new Map<string, {labels: Labels; sum: number; count: number}>()

  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  observe(labels: Labels, value: number): void {
    const key = JSON.stringify(labels)
    const current = this.values.get(key) ?? {labels, sum: 0, count: 0}
    current.sum += value
    current.count += 1
    this.values.set(key, current)
  }

  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} summary`]
    for (const {labels, sum, count} of this.values.values()) {
      lines.push(
        `${this.name}_sum${formatLabels(labels)} ${sum.toFixed(6)}`,
        `${this.name}_count${formatLabels(labels)} ${count}`,
      )
    }
    return lines
  }
}

const escape = (value: string): string => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"')

function formatLabels(labels: Labels): string {
  const entries = Object.entries(labels)
  return entries.length === 0 ? '' : `{${entries.map(([key, value]) => `${key}="${escape(value)}"`).join(',')}}`
}

export class GatewayMetrics {
  readonly requests = new Counter(
    'exchange_admin_gateway_requests_total',
    'AdminGateway HTTP requests by route, method and status.',
  )
  readonly durations = new Summary(
    'exchange_admin_gateway_request_duration_seconds',
    'Time spent answering AdminGateway requests, by route.',
  )
  readonly rpcCalls = new Counter(
    'exchange_admin_gateway_rpc_calls_total',
    'Calls to POST /rpc/{Service}/{Method} by RPC and result.',
  )
  readonly auditEntries = new Counter('exchange_admin_audit_entries_total', 'Audit log entries written, by result.')

  constructor(private readonly adminsByRole: () => Record<string, number>) {}

  /** Koa middleware (outermost): counts and times every request after its final status is known. */
  middleware() {
    return async (ctx: Context, next: Next): Promise<void> => {
      const start = process.hrtime.bigint()
      try {
        await next()
      } finally {
        const matched = (ctx as {_matchedRoute?: unknown})._matchedRoute
        const route = typeof matched === 'string' ? matched : 'unmatched'
        this.requests.inc({route, method: ctx.method, status: String(ctx.status)})
        this.durations.observe({route}, Number(process.hrtime.bigint() - start) / 1e9)
      }
    }
  }

  render(): string {
    const lines = [
      ...this.requests.render(),
      ...this.durations.render(),
      ...this.rpcCalls.render(),
      ...this.auditEntries.render(),
      '# HELP exchange_admin_users Active (not disabled) admin users by role.',
      '# TYPE exchange_admin_users gauge',
      ...Object.entries(this.adminsByRole()).map(([role, n]) => `exchange_admin_users${formatLabels({role})} ${n}`),
      '# HELP process_uptime_seconds Seconds since the node process started.',
      '# TYPE process_uptime_seconds gauge',
      `process_uptime_seconds ${process.uptime().toFixed(3)}`,
      '# HELP process_start_time_seconds Start time of the process since the Unix epoch in seconds.',
      '# TYPE process_start_time_seconds gauge',
      `process_start_time_seconds ${Math.floor(Date.now() / 1000 - process.uptime())}`,
      '# HELP process_resident_memory_bytes Resident memory size in bytes.',
      '# TYPE process_resident_memory_bytes gauge',
      `process_resident_memory_bytes ${process.memoryUsage.rss()}`,
    ]
    return `${lines.join('\n')}\n`
  }
}

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8'
