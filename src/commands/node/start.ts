import {Command, Errors, Flags} from '@oclif/core'
import {DEFAULT_CONFIG} from '../../node/ground/config.js'
import {ExchangeError} from '../../node/ground/errors.js'
import {createLogger, LOG_FORMATS} from '../../node/ground/logger.js'
import {startEdgeNode, startNode} from '../../node/node.js'
import {StartupRefused} from '../../node/store/refusal.js'
import {checkSmsTemplate} from '../../node/notify/transports.js'
import {parseCidrs} from '../../node/ground/net.js'
import {corsFlags, parseCorsOrigins} from '../../cli/cors-flags.js'
import {chainConfig, chainFlags, p2pFlags, parseTakerFees, splitList} from '../../cli/node-flags.js'
import {listenerConfig, listenerFlags} from '../../cli/listener-flags.js'
import {checkEdgeFlags, clusterConfig, clusterFlags} from '../../cli/cluster-flags.js'
import {describeUnknownFlag} from '../../cli/errors.js'
import {flagNamesOf} from '../../cli/suggest.js'

export default class NodeStart extends Command {
  static override summary = 'Start the exchange node: store, admin gRPC, public HTTP and AdminGateway listeners.'
  static override description =
    'Runs until SIGINT or SIGTERM, then stops accepting, finishes in-flight work and closes the store. ' +
    'SIGHUP re-reads the HTTPS certificate files. ' +
    'With --role sequencer and --nats it is the sequencer of a cluster on NATS JetStream (docs/cluster.md); ' +
    'with --role edge it serves the public listener of that cluster, with no store of its own. ' +
    'Port 0 picks a free port; the chosen ports are logged in the "node started" line.'
  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --data-dir /var/lib/exchange --http-port 8080 --grpc-port 50051',
    'EXCHANGE_ADMIN_TOKEN=s3cret <%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --role sequencer --nats nats://10.0.0.5:4222',
    '<%= config.bin %> <%= command.id %> --role edge --nats nats://10.0.0.5:4222 --secrets-file /etc/exchange/secrets.json --http-port 8080',
  ]

  static override flags = {
    'data-dir': Flags.string({
      env: 'EXCHANGE_DATA_DIR',
      default: DEFAULT_CONFIG.dataDir,
      summary: 'Directory of exchange.db and secrets.json.',
    }),
    'http-host': Flags.string({
      env: 'EXCHANGE_HTTP_HOST',
      default: DEFAULT_CONFIG.httpHost,
      summary: 'Bind address of the public HTTP listener.',
    }),
    'http-port': Flags.integer({
      env: 'EXCHANGE_HTTP_PORT',
      default: DEFAULT_CONFIG.httpPort,
      min: 0,
      max: 65535,
      summary: 'Port of the public HTTP listener.',
    }),
    'admin-http-host': Flags.string({
      env: 'EXCHANGE_ADMIN_HTTP_HOST',
      default: DEFAULT_CONFIG.adminHttpHost,
      summary: 'Bind address of the AdminGateway.',
    }),
    'admin-http-port': Flags.integer({
      env: 'EXCHANGE_ADMIN_HTTP_PORT',
      default: DEFAULT_CONFIG.adminHttpPort,
      min: 0,
      max: 65535,
      summary: 'Port of the AdminGateway.',
    }),
    'grpc-host': Flags.string({
      env: 'EXCHANGE_GRPC_HOST',
      default: DEFAULT_CONFIG.grpcHost,
      summary: 'Bind address of the admin gRPC server (keep it internal).',
    }),
    'grpc-port': Flags.integer({
      env: 'EXCHANGE_GRPC_PORT',
      default: DEFAULT_CONFIG.grpcPort,
      min: 0,
      max: 65535,
      summary: 'Port of the admin gRPC server.',
    }),
    'admin-token': Flags.string({
      env: 'EXCHANGE_ADMIN_TOKEN',
      summary: 'Require "authorization: Bearer <token>" on every admin gRPC call.',
    }),
    'rate-limit-standard': Flags.integer({
      env: 'EXCHANGE_RATE_LIMIT_STANDARD',
      default: DEFAULT_CONFIG.rateLimits.standard,
      min: 1,
      summary: 'REST requests per second per account (per IP when anonymous), standard class.',
    }),
    'rate-limit-strict': Flags.integer({
      env: 'EXCHANGE_RATE_LIMIT_STRICT',
      default: DEFAULT_CONFIG.rateLimits.strict,
      min: 1,
      summary: 'Sign-in and sign-up requests per second per IP and e-mail.',
    }),
    'rate-limit-internal': Flags.integer({
      env: 'EXCHANGE_RATE_LIMIT_INTERNAL',
      default: DEFAULT_CONFIG.rateLimits.internal,
      min: 1,
      summary: 'REST requests per second for clients in the internal networks (loopback and --internal-cidrs).',
    }),
    'internal-cidrs': Flags.string({
      env: 'EXCHANGE_INTERNAL_CIDRS',
      default: DEFAULT_CONFIG.rateLimits.internalCidrs.join(','),
      summary: 'Comma list of CIDRs treated as internal besides loopback, e.g. "10.0.0.0/8,fd00::/8".',
    }),
    'trusted-proxies': Flags.string({
      env: 'EXCHANGE_TRUSTED_PROXIES',
      default: DEFAULT_CONFIG.trustedProxies.join(','),
      summary:
        'Comma list of reverse proxies (addresses or CIDRs) whose X-Forwarded-For is believed, e.g. "127.0.0.1,10.0.0.0/8".',
    }),
    'orders-per-second': Flags.integer({
      env: 'EXCHANGE_ORDERS_PER_SECOND',
      min: 1,
      summary: "Replace every tier's orders_per_second (OrdersRateLimit), e.g. for load tests.",
    }),
    'smtp-host': Flags.string({
      env: 'EXCHANGE_SMTP_HOST',
      summary: 'SMTP server for e-mail; unset keeps e-mail in the outbox.',
      helpGroup: 'DELIVERY',
    }),
    'smtp-port': Flags.integer({
      env: 'EXCHANGE_SMTP_PORT',
      default: 587,
      min: 1,
      max: 65535,
      summary: 'SMTP port.',
      helpGroup: 'DELIVERY',
    }),
    'smtp-secure': Flags.boolean({
      env: 'EXCHANGE_SMTP_SECURE',
      default: false,
      summary: 'Use TLS from the start (port 465).',
      helpGroup: 'DELIVERY',
    }),
    'smtp-user': Flags.string({env: 'EXCHANGE_SMTP_USER', summary: 'SMTP user.', helpGroup: 'DELIVERY'}),
    'smtp-pass': Flags.string({env: 'EXCHANGE_SMTP_PASS', summary: 'SMTP password.', helpGroup: 'DELIVERY'}),
    'smtp-from': Flags.string({
      env: 'EXCHANGE_SMTP_FROM',
      summary: 'From address (required with --smtp-host).',
      helpGroup: 'DELIVERY',
    }),
    'sms-url': Flags.string({
      env: 'EXCHANGE_SMS_URL',
      summary: 'HTTP SMS provider endpoint (POST); unset keeps SMS in the outbox.',
      helpGroup: 'DELIVERY',
    }),
    'sms-auth-header': Flags.string({
      env: 'EXCHANGE_SMS_AUTH_HEADER',
      summary: 'Authorization header sent to the SMS provider.',
      helpGroup: 'DELIVERY',
    }),
    'sms-body-template': Flags.string({
      env: 'EXCHANGE_SMS_BODY_TEMPLATE',
      summary: 'JSON body with {{to}} and {{body}}, default {"to":"{{to}}","text":"{{body}}"}.',
      helpGroup: 'DELIVERY',
    }),
    'bootstrap-admin-email': Flags.string({
      env: 'EXCHANGE_BOOTSTRAP_ADMIN_EMAIL',
      summary: 'First superadmin of the AdminGateway, created when no admin exists.',
      dependsOn: ['bootstrap-admin-password'],
    }),
    'bootstrap-admin-password': Flags.string({
      env: 'EXCHANGE_BOOTSTRAP_ADMIN_PASSWORD',
      summary: 'Password of the bootstrap superadmin (at least 10 characters).',
      dependsOn: ['bootstrap-admin-email'],
    }),
    ...chainFlags,
    'log-level': Flags.option({
      options: ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const,
      env: 'EXCHANGE_LOG_LEVEL',
      default: 'info' as const,
      summary: 'Log level.',
    })(),
    'log-format': Flags.option({
      options: LOG_FORMATS,
      env: 'EXCHANGE_LOG_FORMAT',
      default: 'auto' as const,
      summary: 'Log lines on stdout: pretty, json, or auto (pretty on a terminal, JSON otherwise).',
    })(),
    dev: Flags.boolean({
      env: 'EXCHANGE_DEV',
      default: false,
      summary: 'Local try-out mode: enables `exchange dev seed` (demo users with funds and keys). Never in production.',
    }),
    ...p2pFlags,
    ...corsFlags,
    ...listenerFlags,
    ...clusterFlags,
  }

  async run(): Promise<void> {
    const {flags, metadata} = await this.parse(NodeStart)
    const internalCidrs = this.cidrs('internal-cidrs', flags['internal-cidrs'])
    const trustedProxies = this.cidrs('trusted-proxies', flags['trusted-proxies'])
    if (flags['smtp-host'] && !flags['smtp-from']) this.error('--smtp-from is required with --smtp-host', {exit: 2})
    if (flags['sms-body-template']) {
      try {
        checkSmsTemplate(flags['sms-body-template'])
      } catch (error) {
        if (error instanceof ExchangeError) this.error(`--sms-body-template: ${error.message}`, {exit: 2})
        throw error
      }
    }
    const chain = chainConfig(flags, (message) => this.error(message, {exit: 2}))
    // From EXCHANGE_P2P_TAKER_FEE oclif hands a `multiple` flag over as one string, not a list.
    const takerFees = parseTakerFees(splitList(flags['p2p-taker-fee']), (message) =>
      this.error(`--p2p-taker-fee: ${message}`, {exit: 2}),
    )
    const corsOrigins = parseCorsOrigins(flags['cors-origins'], (message) => this.error(message, {exit: 2}))
    const listeners = listenerConfig(flags, (message) => this.error(message, {exit: 2}))
    const cluster = clusterConfig(flags, (message) => this.error(message, {exit: 2}))
    if (flags.role === 'edge') {
      // Only what the operator gave (a flag or its variable), not oclif's defaults.
      const given = Object.keys(flags).filter((name) => metadata.flags[name]?.setFromDefault !== true)
      checkEdgeFlags(given, (message) => this.error(message, {exit: 2}))
    }
    const logger = createLogger(flags['log-level'], undefined, flags['log-format'])
    // The signal handlers are in place before the start: a script that reads "node started" and
    // answers SIGTERM at once must get a graceful stop, not the default kill of a process without a
    // handler. While the node is still starting a signal ends the process at once, as before.
    let stopNode: ((signal: NodeJS.Signals) => void) | undefined
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopNode) stopNode(signal)
      else process.exit(signal === 'SIGINT' ? 130 : 143)
    }
    process.on('SIGINT', onSignal)
    process.on('SIGTERM', onSignal)
    const start = flags.role === 'edge' ? startEdgeNode : startNode
    const node = await start(
      {
        dataDir: flags['data-dir'],
        httpHost: flags['http-host'],
        httpPort: flags['http-port'],
        adminHttpHost: flags['admin-http-host'],
        adminHttpPort: flags['admin-http-port'],
        grpcHost: flags['grpc-host'],
        grpcPort: flags['grpc-port'],
        adminToken: flags['admin-token'] || undefined,
        shutdownGraceMs: DEFAULT_CONFIG.shutdownGraceMs,
        rateLimits: {
          standard: flags['rate-limit-standard'],
          strict: flags['rate-limit-strict'],
          internal: flags['rate-limit-internal'],
          internalCidrs,
          ordersPerSecond: flags['orders-per-second'],
        },
        trustedProxies,
        wsPingIntervalMs: DEFAULT_CONFIG.wsPingIntervalMs,
        smtp: flags['smtp-host']
          ? {
              host: flags['smtp-host'],
              port: flags['smtp-port'],
              secure: flags['smtp-secure'],
              user: flags['smtp-user'],
              pass: flags['smtp-pass'],
              from: flags['smtp-from']!,
            }
          : undefined,
        sms: flags['sms-url']
          ? {url: flags['sms-url'], authHeader: flags['sms-auth-header'], bodyTemplate: flags['sms-body-template']}
          : undefined,
        bootstrapAdmin:
          flags['bootstrap-admin-email'] && flags['bootstrap-admin-password']
            ? {email: flags['bootstrap-admin-email'], password: flags['bootstrap-admin-password']}
            : undefined,
        chain,
        dev: flags.dev,
        p2p: {
          acceptanceMinutes: flags['p2p-acceptance-minutes'],
          confirmationMinutes: flags['p2p-confirmation-minutes'],
          takerFees,
        },
        corsOrigins,
        ...listeners,
        ...cluster,
      },
      logger,
    ).catch((error: unknown) => {
      if (!(error instanceof StartupRefused)) throw error
      // One line, unwrapped, so that scripts and logs get the path, the flag or the pid whole.
      process.stderr.write(`Error: ${error.message}\n`)
      return this.exit(1)
    })
    await new Promise<void>((resolve) => {
      stopNode = (signal: NodeJS.Signals) => {
        logger.info({signal}, 'signal received')
        process.off('SIGINT', onSignal)
        process.off('SIGTERM', onSignal)
        node.stop().then(resolve, (error: unknown) => {
          logger.error({err: error}, 'shutdown failed')
          process.exitCode = 1
          resolve()
        })
      }
      // SIGHUP re-reads the HTTPS certificates (a failed reload keeps the old ones and logs an error).
      process.on('SIGHUP', () => node.reloadTls())
    })
  }

  /** A mistyped flag is one line with the closest flag, as in the admin commands; anything else as oclif tells it. */
  protected override async catch(error: Error & {exitCode?: number}): Promise<unknown> {
    const unknown = describeUnknownFlag(error, flagNamesOf(NodeStart))
    if (!unknown) return super.catch(error)
    process.stderr.write(`${unknown.line}\n`)
    process.exitCode = unknown.exitCode
    return Errors.exit(unknown.exitCode)
  }

  /** A comma list of CIDRs (`--internal-cidrs`, `--trusted-proxies`); exits 2 naming the flag when an entry is malformed. */
  private cidrs(flag: string, value: string): string[] {
    const entries = splitList(value)
    try {
      parseCidrs(entries)
    } catch (error) {
      if (error instanceof ExchangeError) this.error(`--${flag}: ${error.message}`, {exit: 2})
      throw error
    }
    return entries
  }
}
