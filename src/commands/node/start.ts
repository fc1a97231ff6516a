import {Command, Flags} from '@oclif/core'
import {DEFAULT_CONFIG} from '../../node/config.js'
import {createLogger} from '../../node/logger.js'
import {startNode} from '../../node/node.js'

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
    'log-level': Flags.option({
      options: ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const,
      env: 'EXCHANGE_LOG_LEVEL',
      default: 'info' as const,
      summary: 'Log level (JSON logs on stdout).',
    })(),
  }

  async run(): Promise<void> {
    const {flags} = await this.parse(NodeStart)
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
        rateLimits: DEFAULT_CONFIG.rateLimits,
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
}
