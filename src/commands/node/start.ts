import {Command, Flags, type Interfaces} from '@oclif/core'
import {DEFAULT_CONFIG, type ChainConfig} from '../../node/config.js'
import {ExchangeError} from '../../node/errors.js'
import {createLogger} from '../../node/logger.js'
import {startNode} from '../../node/node.js'
import {checkSmsTemplate} from '../../node/notify/transports.js'
import {parseCidrs} from '../../node/http/net.js'
import {P2P_DEFAULTS} from '../../node/p2p/p2p.js'

export default class NodeStart extends Command {
  static override summary = 'Start the exchange node: store, admin gRPC, public HTTP and AdminGateway listeners.'
  static override description =
    'Runs until SIGINT or SIGTERM, then stops accepting, finishes in-flight work and closes the store. ' +
    'Port 0 picks a free port; the chosen ports are logged in the "node started" line.'
  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --data-dir /var/lib/exchange --http-port 8080 --grpc-port 50051',
    'EXCHANGE_ADMIN_TOKEN=s3cret <%= config.bin %> <%= command.id %>',
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
    'btc-rpc-url': Flags.string({
      env: 'EXCHANGE_BTC_RPC_URL',
      summary: 'Bitcoin Core JSON-RPC URL, credentials in it (http://user:pass@host:8332); unset: btc only issues addresses.',
      helpGroup: 'CHAIN',
    }),
    'eth-rpc-url': Flags.string({
      env: 'EXCHANGE_ETH_RPC_URL',
      summary: 'EVM JSON-RPC URL; unset: eth only issues addresses.',
      helpGroup: 'CHAIN',
    }),
    'eth-chain-id': Flags.integer({
      env: 'EXCHANGE_ETH_CHAIN_ID',
      min: 1,
      summary: 'EIP-155 chain id of the EVM node (default: asked from the node with eth_chainId).',
      helpGroup: 'CHAIN',
    }),
    'tron-api-url': Flags.string({
      env: 'EXCHANGE_TRON_API_URL',
      summary: 'java-tron HTTP API or TronGrid URL; unset: tron only issues addresses.',
      helpGroup: 'CHAIN',
    }),
    'tron-api-key': Flags.string({
      env: 'EXCHANGE_TRON_API_KEY',
      summary: 'TronGrid API key, sent as TRON-PRO-API-KEY (secret: prefer the environment variable).',
      helpGroup: 'CHAIN',
    }),
    'chain-network': Flags.option({
      options: ['mainnet', 'testnet', 'regtest'] as const,
      env: 'EXCHANGE_CHAIN_NETWORK',
      default: 'mainnet' as const,
      summary: 'Network the wallet derives addresses for and the chain nodes run.',
      helpGroup: 'CHAIN',
    })(),
    'chain-poll-ms': Flags.integer({
      env: 'EXCHANGE_CHAIN_POLL_MS',
      default: 5000,
      min: 100,
      summary: 'How often deposit scanners and withdrawal workers run, in ms.',
      helpGroup: 'CHAIN',
    }),
    'hot-wallet-floor': Flags.string({
      env: 'EXCHANGE_HOT_WALLET_FLOOR',
      multiple: true,
      summary:
        'ASSET=AMOUNT: a hot-wallet balance under it raises hot_wallet_low; repeatable or a comma list (BTC=0.5,USDT=1000).',
      helpGroup: 'CHAIN',
    }),
    sweep: Flags.boolean({
      env: 'EXCHANGE_SWEEP',
      allowNo: true,
      default: true,
      summary: 'Sweep credited deposits into the hot wallet (--no-sweep to leave them on the deposit addresses).',
      helpGroup: 'CHAIN',
    }),
    'log-level': Flags.option({
      options: ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const,
      env: 'EXCHANGE_LOG_LEVEL',
      default: 'info' as const,
      summary: 'Log level (JSON logs on stdout).',
    })(),
    'p2p-acceptance-minutes': Flags.integer({
      env: 'EXCHANGE_P2P_ACCEPTANCE_MINUTES',
      default: P2P_DEFAULTS.acceptanceMinutes,
      min: 1,
      summary: 'P2P: minutes the maker has to accept a new order before it is cancelled.',
      helpGroup: 'P2P',
    }),
    'p2p-confirmation-minutes': Flags.integer({
      env: 'EXCHANGE_P2P_CONFIRMATION_MINUTES',
      default: P2P_DEFAULTS.confirmationMinutes,
      min: 1,
      summary: 'P2P: minutes the seller has to confirm a marked payment before a dispute opens (seller_timeout).',
      helpGroup: 'P2P',
    }),
    'p2p-taker-fee': Flags.string({
      env: 'EXCHANGE_P2P_TAKER_FEE',
      multiple: true,
      summary: 'P2P taker fee per asset as ASSET=RATE, e.g. USDT=0.001; repeat or comma-list (none by default).',
      helpGroup: 'P2P',
    }),
  }

  async run(): Promise<void> {
    const {flags} = await this.parse(NodeStart)
    const internalCidrs = flags['internal-cidrs']
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
    try {
      parseCidrs(internalCidrs)
    } catch (error) {
      if (error instanceof ExchangeError) this.error(`--internal-cidrs: ${error.message}`, {exit: 2})
      throw error
    }
    if (flags['smtp-host'] && !flags['smtp-from']) this.error('--smtp-from is required with --smtp-host', {exit: 2})
    if (flags['sms-body-template']) {
      try {
        checkSmsTemplate(flags['sms-body-template'])
      } catch (error) {
        if (error instanceof ExchangeError) this.error(`--sms-body-template: ${error.message}`, {exit: 2})
        throw error
      }
    }
    const chain = this.chainConfig(flags)
    // From EXCHANGE_P2P_TAKER_FEE oclif hands a `multiple` flag over as one string, not a list.
    const takerFees = parseTakerFees(splitList(flags['p2p-taker-fee']), (message) =>
      this.error(`--p2p-taker-fee: ${message}`, {exit: 2}),
    )
    const logger = createLogger(flags['log-level'])
    const node = await startNode(
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
        p2p: {
          acceptanceMinutes: flags['p2p-acceptance-minutes'],
          confirmationMinutes: flags['p2p-confirmation-minutes'],
          takerFees,
        },
      },
      logger,
    )
    await new Promise<void>((resolve) => {
      const onSignal = (signal: NodeJS.Signals) => {
        logger.info({signal}, 'signal received')
        process.off('SIGINT', onSignal)
        process.off('SIGTERM', onSignal)
        node.stop().then(resolve, (error: unknown) => {
          logger.error({err: error}, 'shutdown failed')
          process.exitCode = 1
          resolve()
        })
      }
      process.on('SIGINT', onSignal)
      process.on('SIGTERM', onSignal)
    })
  }

  /** The chain part of the config from the CHAIN flags; a malformed value is a usage error naming its flag. */
  private chainConfig(flags: Interfaces.InferredFlags<typeof NodeStart.flags>): ChainConfig {
    for (const flag of ['btc-rpc-url', 'eth-rpc-url', 'tron-api-url'] as const) {
      const value = flags[flag]
      if (value !== undefined && !isHttpUrl(value)) this.error(`--${flag}: not an http(s) URL`, {exit: 2})
    }
    const floors: Record<string, string> = {}
    for (const entry of splitList(flags['hot-wallet-floor'])) {
      const match = /^([A-Za-z0-9]{2,10})=(\d+(?:\.\d+)?)$/.exec(entry)
      if (!match) this.error(`--hot-wallet-floor: "${entry}" is not ASSET=AMOUNT (e.g. BTC=0.5)`, {exit: 2})
      floors[match[1]!.toUpperCase()] = match[2]!
    }
    return {
      network: flags['chain-network'],
      btcRpcUrl: flags['btc-rpc-url'] || undefined,
      ethRpcUrl: flags['eth-rpc-url'] || undefined,
      ethChainId: flags['eth-chain-id'],
      tronApiUrl: flags['tron-api-url'] || undefined,
      tronApiKey: flags['tron-api-key'] || undefined,
      pollMs: flags['chain-poll-ms'],
      hotWalletFloors: floors,
      sweep: flags.sweep,
    }
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** Repeated or comma-separated values: ["BTC=1,ETH=2", "USDT=5"] -> ["BTC=1", "ETH=2", "USDT=5"]. */
function splitList(values: readonly string[] | string | undefined): string[] {
  return [values ?? []]
    .flat()
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean)
}

/**
 * The taker fees of `--p2p-taker-fee` (["USDT=0.001", "BTC=0.002"]) as {USDT: "0.001", ...}: an
 * asset code and a decimal rate from 0 to below 1, each asset once; `fail` is called on the first bad entry.
 */
export function parseTakerFees(entries: readonly string[], fail: (message: string) => never): Record<string, string> {
  const fees: Record<string, string> = {}
  for (const raw of entries) {
    const entry = raw.trim()
    if (entry === '') continue
    const match = /^([A-Za-z0-9]{1,20})=(\d+(?:\.\d+)?)$/.exec(entry)
    if (!match) fail(`"${entry}" is not ASSET=RATE (e.g. USDT=0.001)`)
    const asset = match[1]!.toUpperCase()
    const rate = match[2]!
    // A decimal string below 1: "0" or "0.<digits>" (no float compare on a money rate).
    if (!/^0(\.\d+)?$/.test(rate)) fail(`rate of ${asset} must be below 1 (a fraction: 0.001 is 0.1%)`)
    if (asset in fees) fail(`${asset} is given twice`)
    fees[asset] = rate
  }
  return fees
}
