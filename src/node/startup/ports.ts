/**
 * The ports a node will listen on, tried before the store is opened: a port another process holds
 * refuses the start with the flag that names it (`--http-port 8080: address already in use`), and
 * the store is not touched. (The real listeners bind later; a port taken in between still fails the
 * start, only less politely.)
 */
import net from 'node:net'
import type {NodeConfig} from '../ground/config.js'
import {causeOf, StartupRefused} from '../store/refusal.js'

type Listen = {flag: string; host: string; port: number}

export async function checkPortsFree(config: NodeConfig): Promise<void> {
  const listens: Listen[] = [
    {flag: '--http-port', host: config.httpHost, port: config.httpPort},
    {flag: '--admin-http-port', host: config.adminHttpHost, port: config.adminHttpPort},
    {flag: '--grpc-port', host: config.grpcHost, port: config.grpcPort},
  ]
  // Port 0 asks for any free port: nothing to check.
  for (const listen of listens.filter(({port}) => port !== 0)) await tryListen(listen)
}

function tryListen({flag, host, port}: Listen): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', (error: NodeJS.ErrnoException) => {
      const cause = error.code === 'EADDRINUSE' ? 'address already in use' : causeOf(error)
      reject(new StartupRefused(`${flag} ${port}: ${cause} (${host}:${port})`))
    })
    server.listen({host, port, exclusive: true}, () => server.close(() => resolve()))
  })
}
