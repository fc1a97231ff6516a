/**
 * The baseline of bench/rest: a bare Koa hello-world in its own process, on 127.0.0.1 and a free
 * port, answering every request with "Hello World". Prints `{"msg":"koa started","port":N}`.
 */
import http from 'node:http'
import type {AddressInfo} from 'node:net'
import Koa from 'koa'

const app = new Koa()
app.use((ctx) => {
  ctx.body = 'Hello World'
})
const server = http.createServer(app.callback())
server.keepAliveTimeout = 5000
server.listen(0, '127.0.0.1', () => {
  const {port} = server.address() as AddressInfo
  process.stdout.write(`${JSON.stringify({msg: 'koa started', ports: {http: port}})}\n`)
})
const stop = () => server.close(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
process.on('disconnect', stop)
