/**
 * Cluster-mode test helpers: NATS connections as the sequencer and the edges make them
 * (cluster/connection.ts), each with a logger whose lines the test can read.
 */
import {Writable} from 'node:stream'
import {openConnection, type ClusterConnection} from '../../src/node/cluster/connection.js'
import {createLogger, type Logger} from '../../src/node/ground/logger.js'
import type {NatsServer} from './nats.js'

export type LogLines = {logger: Logger; lines: string[]}

/** A debug logger that keeps its JSON lines in memory. */
export function memoryLogger(): LogLines {
  const lines: string[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
      done()
    },
  })
  return {logger: createLogger('debug', sink), lines}
}

/** A connection to `nats` with the options of the real processes, named after `role`. */
export function connectTo(nats: NatsServer, role: string, logger = memoryLogger().logger): Promise<ClusterConnection> {
  return openConnection({servers: [nats.url], name: `test-${role}`}, role, logger)
}
