/**
 * One NATS connection per cluster process, with the options nats-server 2.9 and the v3 client need
 * (measured in issue 24):
 *
 * - `noAsyncTraces: true`: otherwise every request and publish captures a stack trace (half its cost);
 * - `maxReconnectAttempts: -1` and `waitOnFirstConnect`: a process never gives up on NATS, neither at
 *   start (an edge started before NATS waits for it) nor after an outage (the default gives up after
 *   about 20 s);
 * - a short ping interval, so that a server that vanished without closing the socket is noticed;
 * - a name per process (`exchange-<role>-<host>-<pid>` unless configured), as NATS monitoring shows it.
 *
 * While disconnected the client drops what is written (core publishes); callers check `connected`
 * (CommandClient answers `unavailable` at once) and JetStream publishes fail, to be retried.
 */
import fs from 'node:fs'
import os from 'node:os'
import {connect, credsAuthenticator, type NatsConnection, type NodeConnectionOptions} from '@nats-io/transport-node'
import type {NatsConfig} from '../ground/config.js'
import type {Logger} from '../ground/logger.js'

export type ClusterConnection = {
  nc: NatsConnection
  /** Whether the client is connected now (false between a disconnect and the reconnect). */
  readonly connected: boolean
  /** Calls `listener` on every disconnect (false) and reconnect (true); returns the unsubscribe function. */
  onConnectionChange(listener: (connected: boolean) => void): () => void
  /** Drains and closes the connection (closes it at once when it cannot drain within 2 s). */
  close(): Promise<void>
}

/** The client options for `config`: servers, login from the URL, credentials file, TLS, and the traps above. */
export function connectionOptions(config: NatsConfig, role: string): NodeConnectionOptions {
  let user: string | undefined
  let pass: string | undefined
  const servers = config.servers.map((server) => {
    const url = new URL(server.includes('://') ? server : `nats://${server}`)
    if (url.username) {
      user = decodeURIComponent(url.username)
      pass = decodeURIComponent(url.password)
    }
    return `${url.protocol}//${url.host}`
  })
  const tls = config.tls
  return {
    servers,
    name: config.name ?? `exchange-${role}-${os.hostname()}-${process.pid}`,
    ...(user !== undefined && (pass ? {user, pass} : {token: user})),
    ...(config.credsFile && {authenticator: credsAuthenticator(new Uint8Array(fs.readFileSync(config.credsFile)))}),
    ...(tls && {tls: {caFile: tls.caFile, certFile: tls.certFile, keyFile: tls.keyFile}}),
    noAsyncTraces: true,
    maxReconnectAttempts: -1,
    waitOnFirstConnect: true,
    reconnectTimeWait: 250,
    reconnectJitter: 100,
    pingInterval: 5000,
    maxPingOut: 3,
  }
}

export async function openConnection(config: NatsConfig, role: string, logger: Logger): Promise<ClusterConnection> {
  const options = connectionOptions(config, role)
  logger.info({servers: options.servers, name: options.name}, 'nats connecting')
  const nc = await connect(options)
  let connected = true
  const listeners = new Set<(connected: boolean) => void>()
  const tell = (now: boolean) => {
    if (now === connected) return
    connected = now
    for (const listener of listeners) listener(now)
  }
  logger.info({nats: nc.getServer(), name: options.name}, 'nats connected')
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') {
        logger.warn({nats: status.server}, 'nats disconnected')
        tell(false)
      } else if (status.type === 'reconnect') {
        logger.info({nats: status.server}, 'nats reconnected')
        tell(true)
      } else if (status.type === 'error') {
        logger.error({err: status.error}, 'nats error')
      }
    }
  })()
  return {
    nc,
    get connected() {
      return connected && !nc.isClosed()
    },
    onConnectionChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async close() {
      if (nc.isClosed()) return
      // Draining needs the server: while disconnected, give it a moment, then close.
      const drained = nc.drain().then(
        () => true,
        () => false,
      )
      const timer = new Promise<false>((resolve) => setTimeout(() => resolve(false), 2000).unref())
      if (!(await Promise.race([drained, timer]))) await nc.close()
    },
  }
}
