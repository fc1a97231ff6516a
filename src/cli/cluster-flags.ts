/**
 * The CLUSTER flags of `exchange node start` (docs/cluster.md "Roles and flags"): the role, how to reach
 * NATS (URLs, credentials file, TLS) and an edge's copy of the sequencer's secrets. Each has its
 * EXCHANGE_* variable. Role `all`, the default, is the single process and takes none of the others:
 * a NATS flag without a cluster role is a usage error rather than silently ignored.
 */
import {Flags, type Interfaces} from '@oclif/core'
import {NODE_ROLES, type NodeConfig} from '../node/ground/config.js'
import {readable} from './listener-flags.js'
import {splitList} from './node-flags.js'

const cluster = {helpGroup: 'CLUSTER'} as const

export const clusterFlags = {
  role: Flags.option({
    options: NODE_ROLES,
    env: 'EXCHANGE_ROLE',
    default: 'all' as const,
    summary: 'all: the single process (no NATS). sequencer: the one writer of a cluster. edge: a public listener of a cluster.',
    ...cluster,
  })(),
  nats: Flags.string({
    env: 'EXCHANGE_NATS_URL',
    summary:
      'Comma list of NATS servers, e.g. "nats://10.0.0.5:4222,tls://10.0.0.6:4222" (user:password@ in a URL logs in). Needs --role sequencer or edge.',
    ...cluster,
  }),
  'nats-creds': Flags.string({
    env: 'EXCHANGE_NATS_CREDS',
    summary: 'NATS credentials file (user JWT and nkey seed).',
    ...cluster,
  }),
  'nats-tls-ca': Flags.string({
    env: 'EXCHANGE_NATS_TLS_CA',
    summary: 'CA bundle (PEM) that issued the NATS servers’ certificates.',
    ...cluster,
  }),
  'nats-tls-cert': Flags.string({
    env: 'EXCHANGE_NATS_TLS_CERT',
    summary: 'Client certificate (PEM) for NATS (mTLS).',
    ...cluster,
  }),
  'nats-tls-key': Flags.string({env: 'EXCHANGE_NATS_TLS_KEY', summary: 'Private key (PEM) of --nats-tls-cert.', ...cluster}),
  'nats-replicas': Flags.integer({
    env: 'EXCHANGE_NATS_REPLICAS',
    min: 1,
    max: 5,
    summary:
      'Replicas of the event stream and KV buckets a sequencer creates: 1 on one NATS server, 3 on a 3-node cluster. Default 1.',
    ...cluster,
  }),
  'sequencer-public': Flags.boolean({
    env: 'EXCHANGE_SEQUENCER_PUBLIC',
    default: false,
    summary:
      'With --role sequencer: keep serving the public listener (REST, WebSockets, gateway) while clients move to edges. Off: edges serve it.',
    ...cluster,
  }),
  'secrets-file': Flags.string({
    env: 'EXCHANGE_SECRETS_FILE',
    summary: "An edge's copy of the sequencer's secrets.json: it unseals API secrets and verifies session tokens.",
    ...cluster,
  }),
}

type ClusterFlagValues = Interfaces.InferredFlags<typeof clusterFlags>

/** The cluster part of the config; a flag that does not fit the role, or an unreadable file, calls `fail`. */
export function clusterConfig(
  flags: ClusterFlagValues,
  fail: (message: string) => never,
): Pick<NodeConfig, 'role' | 'nats' | 'secretsFile' | 'sequencerPublic'> {
  const role = flags.role
  if (flags['sequencer-public'] && role !== 'sequencer') fail('--sequencer-public is for --role sequencer')
  const natsFlags = (['nats', 'nats-creds', 'nats-tls-ca', 'nats-tls-cert', 'nats-tls-key', 'nats-replicas'] as const).filter(
    (name) => flags[name] !== undefined && flags[name] !== '',
  )
  if (role === 'all') {
    const given = [...natsFlags, ...(flags['secrets-file'] ? ['secrets-file'] : [])]
    if (given.length) fail(`--${given[0]} needs --role sequencer or --role edge`)
    return {role}
  }
  const servers = splitList(flags.nats)
  if (servers.length === 0) fail(`--role ${role} needs --nats <url> (EXCHANGE_NATS_URL)`)
  for (const server of servers) {
    if (!isNatsUrl(server)) fail(`--nats: "${server}" is not a NATS URL (nats://host:4222)`)
  }
  if (role === 'edge' && !flags['secrets-file']) fail("--role edge needs --secrets-file <the sequencer's secrets.json>")
  if (role === 'sequencer' && flags['secrets-file']) {
    fail('--secrets-file is for --role edge (a sequencer has its --data-dir)')
  }
  const cert = flags['nats-tls-cert']
  const key = flags['nats-tls-key']
  if (Boolean(cert) !== Boolean(key)) fail('--nats-tls-cert and --nats-tls-key go together')
  const files: [string, string | undefined][] = [
    ['nats-creds', flags['nats-creds']],
    ['nats-tls-ca', flags['nats-tls-ca']],
    ['nats-tls-cert', cert],
    ['nats-tls-key', key],
    ['secrets-file', flags['secrets-file']],
  ]
  for (const [flag, file] of files) if (file) readable(flag, file, fail)
  const ca = flags['nats-tls-ca']
  return {
    role,
    nats: {
      servers,
      credsFile: flags['nats-creds'] || undefined,
      tls: ca || cert ? {caFile: ca || undefined, certFile: cert || undefined, keyFile: key || undefined} : undefined,
      replicas: flags['nats-replicas'],
    },
    secretsFile: flags['secrets-file'] || undefined,
    sequencerPublic: role === 'sequencer' ? flags['sequencer-public'] : undefined,
  }
}

/**
 * The flags an edge takes: its public listener's (bind, HTTPS, time limits, WebSocket caps, CORS,
 * trusted proxies, the rate classes it enforces, the web app and its branding), logging, and the
 * cluster's. An edge has no store, admin listener, chain, delivery or P2P settings: any other flag
 * given is a usage error.
 */
const EDGE_FLAGS = new Set([
  'http-host',
  'http-port',
  'http-tls-cert',
  'http-tls-key',
  'http-headers-timeout-ms',
  'http-request-timeout-ms',
  'http-keep-alive-timeout-ms',
  'ws-max-connections',
  'ws-max-connections-per-ip',
  'cors-origins',
  'trusted-proxies',
  'internal-cidrs',
  'rate-limit-standard',
  'rate-limit-strict',
  'rate-limit-internal',
  'orders-per-second',
  'no-web',
  'branding-file',
  'log-level',
  'log-format',
  ...Object.keys(clusterFlags),
])

/** With --role edge: the first flag given (not defaulted) that an edge does not take, named in one line. */
export function checkEdgeFlags(given: readonly string[], fail: (message: string) => never): void {
  const foreign = given.find((name) => !EDGE_FLAGS.has(name))
  if (foreign) {
    fail(`--${foreign} is not a flag of --role edge`)
  }
}

function isNatsUrl(server: string): boolean {
  try {
    const url = new URL(server.includes('://') ? server : `nats://${server}`)
    return ['nats:', 'tls:'].includes(url.protocol) && url.hostname !== '' && url.pathname.replace(/^\/$/, '') === ''
  } catch {
    return false
  }
}
