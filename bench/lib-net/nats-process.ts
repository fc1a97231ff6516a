/**
 * A nats-server with JetStream for bench/cluster, in its own process on a free loopback port with its
 * store in a temp dir (Debian's `nats-server`; `apt-get install -y nats-server`).
 */
import {spawn, type ChildProcess} from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'

export type NatsProcess = {url: string; child: ChildProcess; stop(): Promise<void>}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export async function startNats(): Promise<NatsProcess> {
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nats-'))
  const port = await freePort()
  const child = spawn('nats-server', ['-js', '-sd', storeDir, '-a', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const failed = new Promise<never>((_resolve, reject) => {
    child.once('error', (error) => reject(new Error(`nats-server: ${error.message} (apt-get install -y nats-server)`)))
  })
  const deadline = Date.now() + 20_000
  while (!output.includes('Server is ready')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nats-server did not start:\n${output}`)
    await Promise.race([sleep(50), failed])
  }
  const cleanup = () => child.kill('SIGKILL')
  process.once('exit', cleanup)
  return {
    url: `nats://127.0.0.1:${port}`,
    child,
    async stop() {
      process.off('exit', cleanup)
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await new Promise((resolve) => child.once('exit', resolve))
      }
      fs.rmSync(storeDir, {recursive: true, force: true})
    },
  }
}
