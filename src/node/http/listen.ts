import http from 'node:http'
import type {AddressInfo} from 'node:net'
import type Koa from 'koa'

export type Listener = {server: http.Server; port: number; close(graceMs: number): Promise<void>}

/** Serves a Koa app on host:port (0 picks a port); `close` stops accepting and waits for in-flight requests. */
export async function listen(app: Koa, host: string, port: number): Promise<Listener> {
  const server = http.createServer(app.callback())
  server.keepAliveTimeout = 5000
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
