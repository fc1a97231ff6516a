import {X509Certificate} from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import type {AddressInfo} from 'node:net'
import type Koa from 'koa'
import {DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts, type TlsFiles} from '../ground/config.js'
import {isClosing} from './lingering-close.js'

export type Listener = {
  server: http.Server | https.Server
  port: number
  /** Whether the listener serves HTTPS. */
  tls: boolean
  close(graceMs: number): Promise<void>
  /**
   * Re-reads the certificate and key files and serves new connections with them; throws (keeping
   * the old ones) when they cannot be read or do not match. A no-op without TLS. Returns the new
   * certificate's serial number.
   */
  reloadTls(): string | undefined
}

export type ListenOptions = {
  tls?: TlsFiles
  timeouts?: HttpTimeouts
  /**
   * Told of failures Koa sees after the error middleware: a response that could not be written
   * because the client went away or was cut off by a timeout (Koa prints them on stderr otherwise).
   */
  onConnectionError?: (error: unknown) => void
}

/**
 * Serves a Koa app on host:port (0 picks a port), over HTTPS when `tls` is given. Slow clients are
 * bounded: headers within `headersMs`, the whole request within `requestMs` (408 otherwise), idle
 * keep-alive connections closed after `keepAliveMs`. `close` stops accepting and waits for in-flight requests.
 */
export async function listen(app: Koa, host: string, port: number, options: ListenOptions = {}): Promise<Listener> {
  const timeouts = options.timeouts ?? DEFAULT_HTTP_TIMEOUTS
  const serverOptions: http.ServerOptions = {
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // How often Node checks the two timeouts above (its default, 30 s, would let them run long).
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(timeouts.headersMs / 4))),
  }
  const tls = options.tls
  const onConnectionError = options.onConnectionError
  if (onConnectionError) app.on('error', (error: unknown) => onConnectionError(error))
  const handle = app.callback()
  // A request behind a refused one on a connection that is closing (lingering-close.ts) is not served:
  // its body is dropped, and the connection ends without an answer to it.
  const serve = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    if (isClosing(req.socket)) req.resume()
    else void handle(req, res)
  }
  // Over TLS the handshake is held to the headers' limit too (Node's own default is 120 s).
  const server = tls
    ? https.createServer({...serverOptions, handshakeTimeout: timeouts.headersMs, ...readTlsFiles(tls)}, serve)
    : http.createServer(serverOptions, serve)
  server.keepAliveTimeout = timeouts.keepAliveMs
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  return {
    server,
    port: (server.address() as AddressInfo).port,
    tls: tls !== undefined,
    reloadTls() {
      if (!tls || !(server instanceof https.Server)) return undefined
      const files = readTlsFiles(tls)
      // setSecureContext builds the whole context before replacing the old one: a bad pair throws here.
      server.setSecureContext(files)
      return new X509Certificate(files.cert).serialNumber
    },
    close: (graceMs) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          server.closeAllConnections()
          resolve()
        }, graceMs)
        server.close(() => {
          clearTimeout(timer)
          resolve()
        })
        server.closeIdleConnections()
      }),
  }
}

function readTlsFiles(tls: TlsFiles): {cert: Buffer; key: Buffer} {
  return {cert: fs.readFileSync(tls.certFile), key: fs.readFileSync(tls.keyFile)}
}
