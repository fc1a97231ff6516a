/**
 * An edge's WebSocket side for the cluster's tests, in-process: its NATS connection, `startEdgeSide`
 * (replicas, commands), the event-fed stream services (cluster/edge/streams.ts) and the real public
 * listener over them. What the streams would read from anywhere else is a service whose every method
 * throws, so a stream that still reads the sequencer's state fails the test instead of passing it.
 */
import {DEFAULT_CONFIG, type NodeConfig} from '../../src/node/ground/config.js'
import {ListenKeys} from '../../src/node/apikeys/listen-keys.js'
import {startEdgeSide, type EdgeSide} from '../../src/node/cluster/edge/edge.js'
import {startEdgeStreams, type EdgeStreams} from '../../src/node/cluster/edge/streams.js'
import type {ClusterConnection} from '../../src/node/cluster/connection.js'
import type {Secrets} from '../../src/node/auth/secrets.js'
import {openPublicListener, type OpenListener} from '../../src/node/listeners/public.js'
import type {PublicServices} from '../../src/node/public-services.js'
import {connectTo, memoryLogger} from './cluster.js'
import type {NatsServer} from './nats.js'

export type TestEdge = {
  name: string
  connection: ClusterConnection
  side: EdgeSide
  streams: EdgeStreams
  listener: OpenListener
  url(path: string): string
  stop(): Promise<void>
}

/** Services an edge has no local copy of: reading one is fine, calling any method throws. */
function absentServices(side: EdgeSide): PublicServices {
  const absent = (service: string) =>
    new Proxy(
      {},
      {
        get: (_object, key) =>
          typeof key === 'symbol' || key === 'then'
            ? undefined
            : () => {
                throw new Error(`${service}.${key} is not on this test edge`)
              },
      },
    )
  const local: Record<string, unknown> = {
    signedRequests: side.signedRequests,
    tokens: side.sessions,
    tiers: side.tiers,
    apiKeys: side.apiKeys,
    accounts: side.accounts,
    listenKeys: new ListenKeys(),
    systemErrors: {report: () => 'test-edge-error'},
    health: () => undefined,
  }
  const names: (keyof PublicServices)[] = [
    'health',
    'signedRequests',
    'tokens',
    'accounts',
    'tiers',
    'apiKeys',
    'balances',
    'trading',
    'tickers',
    'assets',
    'tradeHistory',
    'klines',
    'listenKeys',
    'notifier',
    'identity',
    'blockchains',
    'ledger',
    'systemErrors',
    'p2p',
  ]
  // Each service a real property (the edge's stream services are spread from these), the absent ones throwing.
  return Object.fromEntries(names.map((name) => [name, local[name] ?? absent(name)])) as PublicServices
}

export async function startTestEdge(
  nats: NatsServer,
  name: string,
  secrets: Secrets,
  config: Partial<NodeConfig> = {},
): Promise<TestEdge> {
  const {logger} = memoryLogger()
  const connection = await connectTo(nats, name, logger)
  const side = await startEdgeSide(connection, {logger, secrets})
  const base = absentServices(side)
  const {streams, services} = await startEdgeStreams(connection, side, base, {logger})
  const listener = await openPublicListener(
    {services: base, streams: services, logger, config: {...DEFAULT_CONFIG, shutdownGraceMs: 500, ...config}},
    '127.0.0.1',
    0,
  )
  return {
    name,
    connection,
    side,
    streams,
    listener,
    url: (path) => `ws://127.0.0.1:${listener.port}${path}`,
    stop: async () => {
      await listener.close(200)
      await streams.stop()
      await side.stop()
      await connection.close()
    },
  }
}
