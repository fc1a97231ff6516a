/**
 * The TLS, LIMITS and WEB flags of `exchange node start` (TLS on the admin gRPC server and the two HTTP
 * listeners, HTTP time limits, WebSocket connection caps, the web app of the public listener and its
 * branding) and the part of the node's config they make. Each flag has its EXCHANGE_* variable; a
 * certificate without its key is a usage error.
 */
import fs from 'node:fs'
import {Flags, type Interfaces} from '@oclif/core'
import {DEFAULT_HTTP_TIMEOUTS, DEFAULT_WS_LIMITS, type NodeConfig, type TlsFiles} from '../node/ground/config.js'

const pem = (env: string, summary: string) => Flags.string({env, summary, helpGroup: 'TLS'})

export const listenerFlags = {
  'grpc-tls-cert': pem('EXCHANGE_GRPC_TLS_CERT', 'Certificate chain (PEM) of the admin gRPC server; turns TLS on.'),
  'grpc-tls-key': pem('EXCHANGE_GRPC_TLS_KEY', 'Private key (PEM) of --grpc-tls-cert.'),
  'grpc-tls-client-ca': pem(
    'EXCHANGE_GRPC_TLS_CLIENT_CA',
    'CA bundle (PEM): admin gRPC clients must present a certificate it issued (mTLS). Needs --grpc-tls-cert.',
  ),
  'http-tls-cert': pem('EXCHANGE_HTTP_TLS_CERT', 'Certificate chain (PEM) of the public listener; turns HTTPS (and wss) on.'),
  'http-tls-key': pem('EXCHANGE_HTTP_TLS_KEY', 'Private key (PEM) of --http-tls-cert.'),
  'admin-http-tls-cert': pem('EXCHANGE_ADMIN_HTTP_TLS_CERT', 'Certificate chain (PEM) of the AdminGateway; turns HTTPS on.'),
  'admin-http-tls-key': pem('EXCHANGE_ADMIN_HTTP_TLS_KEY', 'Private key (PEM) of --admin-http-tls-cert.'),
  'http-headers-timeout-ms': Flags.integer({
    env: 'EXCHANGE_HTTP_HEADERS_TIMEOUT_MS',
    default: DEFAULT_HTTP_TIMEOUTS.headersMs,
    min: 100,
    summary: 'Both HTTP listeners: a client must send its request headers within this many ms (408).',
    helpGroup: 'LIMITS',
  }),
  'http-request-timeout-ms': Flags.integer({
    env: 'EXCHANGE_HTTP_REQUEST_TIMEOUT_MS',
    default: DEFAULT_HTTP_TIMEOUTS.requestMs,
    min: 100,
    summary: 'Both HTTP listeners: ... and the whole request, body included, within this many ms (408).',
    helpGroup: 'LIMITS',
  }),
  'http-keep-alive-timeout-ms': Flags.integer({
    env: 'EXCHANGE_HTTP_KEEP_ALIVE_TIMEOUT_MS',
    default: DEFAULT_HTTP_TIMEOUTS.keepAliveMs,
    min: 0,
    summary: 'Both HTTP listeners: idle keep-alive connections are closed after this many ms.',
    helpGroup: 'LIMITS',
  }),
  'ws-max-connections': Flags.integer({
    env: 'EXCHANGE_WS_MAX_CONNECTIONS',
    default: DEFAULT_WS_LIMITS.maxConnections,
    min: 1,
    summary: 'Open WebSocket connections on the public listener; further upgrades get 503.',
    helpGroup: 'LIMITS',
  }),
  'ws-max-connections-per-ip': Flags.integer({
    env: 'EXCHANGE_WS_MAX_CONNECTIONS_PER_IP',
    default: DEFAULT_WS_LIMITS.maxConnectionsPerIp,
    min: 1,
    summary: 'Open WebSocket connections per client IP; further upgrades from it get 429.',
    helpGroup: 'LIMITS',
  }),
  // Named as it is given: --no-web, EXCHANGE_NO_WEB=true (the web app is on by default).
  'no-web': Flags.boolean({
    env: 'EXCHANGE_NO_WEB',
    default: false,
    summary: 'Do not serve the web app (and /branding.json) on the public listener: / and its pages answer 404.',
    helpGroup: 'WEB',
  }),
  'branding-file': Flags.string({
    env: 'EXCHANGE_BRANDING_FILE',
    summary:
      "JSON file of the exchange's name, logo and colours for the web app (default: branding.json in --data-dir, when there is one).",
    helpGroup: 'WEB',
  }),
}

type ListenerFlagValues = Interfaces.InferredFlags<typeof listenerFlags>

type ListenerConfig = Pick<
  NodeConfig,
  'grpcTls' | 'httpTls' | 'adminHttpTls' | 'httpTimeouts' | 'wsLimits' | 'web' | 'brandingFile'
>

/**
 * The listener part of the config; a certificate without its key, an unreadable file, or a branding
 * file with --no-web (it would not be served) calls `fail`.
 */
export function listenerConfig(flags: ListenerFlagValues, fail: (message: string) => never): ListenerConfig {
  const pair = (cert: keyof ListenerFlagValues, key: keyof ListenerFlagValues): TlsFiles | undefined => {
    const certFile = flags[cert] as string | undefined
    const keyFile = flags[key] as string | undefined
    if (!certFile && !keyFile) return undefined
    if (!certFile || !keyFile) fail(`--${cert} and --${key} go together`)
    for (const [flag, file] of [
      [cert, certFile],
      [key, keyFile],
    ] as const)
      readable(flag, file, fail)
    return {certFile, keyFile}
  }
  const grpc = pair('grpc-tls-cert', 'grpc-tls-key')
  const clientCa = flags['grpc-tls-client-ca']
  if (clientCa && !grpc) fail('--grpc-tls-client-ca needs --grpc-tls-cert and --grpc-tls-key')
  if (clientCa) readable('grpc-tls-client-ca', clientCa, fail)
  const brandingFile = flags['branding-file'] || undefined
  if (brandingFile && flags['no-web']) fail('--branding-file has no use with --no-web')
  if (brandingFile) readable('branding-file', brandingFile, fail)
  return {
    grpcTls: grpc && {...grpc, clientCaFile: clientCa || undefined},
    httpTls: pair('http-tls-cert', 'http-tls-key'),
    adminHttpTls: pair('admin-http-tls-cert', 'admin-http-tls-key'),
    httpTimeouts: {
      headersMs: flags['http-headers-timeout-ms'],
      requestMs: flags['http-request-timeout-ms'],
      keepAliveMs: flags['http-keep-alive-timeout-ms'],
    },
    wsLimits: {maxConnections: flags['ws-max-connections'], maxConnectionsPerIp: flags['ws-max-connections-per-ip']},
    web: !flags['no-web'],
    brandingFile,
  }
}

/** Calls `fail` naming the flag when `file` cannot be read. */
export function readable(flag: string, file: string, fail: (message: string) => never): void {
  try {
    fs.accessSync(file, fs.constants.R_OK)
  } catch {
    fail(`--${flag}: cannot read ${file}`)
  }
}
