/**
 * A whole edge in-process, composed as `startEdgeNode` composes it (src/node/node.ts): its cluster
 * side (replicas, command client), the services of its public listener (cluster/edge/services.ts),
 * its event-fed streams, and the real public listener on port 0 — with the side kept, so a test can
 * see what the edge's replicas hold.
 */
import {SECRETS_FILE, readSecrets} from '../../src/node/auth/secrets.js'
import {startEdgeSide, type EdgeSide} from '../../src/node/cluster/edge/edge.js'
import {edgeServices} from '../../src/node/cluster/edge/services.js'
import {startEdgeStreams} from '../../src/node/cluster/edge/streams.js'
import {DEFAULT_CONFIG} from '../../src/node/ground/config.js'
import {openPublicListener} from '../../src/node/listeners/public.js'
import {connectTo, memoryLogger} from './cluster.js'
import type {NatsServer} from './nats.js'
import path from 'node:path'

export type ServingEdge = {
  side: EdgeSide
  httpUrl: string
  wsUrl(path: string): string
  stop(): Promise<void>
}

/** An edge of the sequencer whose data dir is `sequencerDataDir`, serving on a free loopback port. */
export async function startServingEdge(nats: NatsServer, name: string, sequencerDataDir: string): Promise<ServingEdge> {
  const {logger} = memoryLogger()
  const secrets = readSecrets(path.join(sequencerDataDir, SECRETS_FILE))
  const connection = await connectTo(nats, name, logger)
  const side = await startEdgeSide(connection, {logger, secrets})
  const served = await edgeServices(connection, side, logger)
  const streams = await startEdgeStreams(connection, side, served.services, {logger, market: served.market})
  const listener = await openPublicListener(
    {
      services: served.services,
      streams: streams.services,
      requestScope: served.scope,
      logger,
      config: {...DEFAULT_CONFIG, shutdownGraceMs: 500},
    },
    '127.0.0.1',
    0,
  )
  return {
    side,
    httpUrl: `http://127.0.0.1:${listener.port}`,
    wsUrl: (target) => `ws://127.0.0.1:${listener.port}${target}`,
    stop: async () => {
      await listener.close(500)
      await streams.streams.stop()
      served.stop()
      await side.stop()
      await connection.close()
    },
  }
}
