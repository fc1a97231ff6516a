/**
 * A real NATS server with JetStream for the cluster's tests: Debian's `nats-server` (2.9),
 * started per test file on a free 127.0.0.1 port with its JetStream store in a temp dir. The file
 * can stop it gracefully, SIGKILL it, and start it again on the same port and store (the faults of
 * docs/cluster.md "The edge"); every start waits until the server accepts connections and has JetStream up.
 * Take the file's test function from `daemonTest('nats-server', 'nats-server')` (system-daemon.ts).
 */
import {spawn, type ChildProcess} from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import {exited, freePort, which} from './system-daemon.js'

export type NatsServer = {
  /** nats://127.0.0.1:<port>, the same across restarts. */
  url: string
  port: number
  /** The JetStream store (`-sd`), kept across restarts. */
  storeDir: string
  /** The server's pid while it runs. */
  pid(): number | undefined
  /** SIGTERM, waiting for the exit (a clean shutdown flushes JetStream). */
  stop(): Promise<void>
  /** SIGKILL, waiting for the exit: nothing is flushed. */
  kill(): Promise<void>
  /** Starts it again on the same port and store; resolves once it accepts connections. */
  restart(): Promise<void>
  /** Stops it and removes its store. */
  close(): Promise<void>
  /** The server's last output (for a failure message). */
  output(): string
}

export type NatsServerOptions = {
  /** Extra arguments (`--user u --pass p`, TLS flags, ...). */
  args?: string[]
  /** false: a server without JetStream (default true). */
  jetstream?: boolean
}

const INSTALL_HINT = 'nats-server is not installed: run `apt-get install -y nats-server` (Debian), as .ci/run does'

/** Whether the server on `port` sends its INFO line (it accepts clients). */
function greets(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(1000, () => done(false))
    socket.once('error', () => done(false))
    socket.once('data', (chunk: Buffer) => done(chunk.toString('utf8').startsWith('INFO ')))
  })
}

export async function startNatsServer(options: NatsServerOptions = {}): Promise<NatsServer> {
  const binary = which('nats-server')
  if (!binary) throw new Error(INSTALL_HINT)
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nats-js-'))
  const port = await freePort()
  const args = [
    ...(options.jetstream === false ? [] : ['-js', '-sd', storeDir]),
    '-a',
    '127.0.0.1',
    '-p',
    String(port),
    '-n',
    `test-${port}`,
    ...(options.args ?? []),
  ]
  let child: ChildProcess | undefined
  let output = ''

  const launch = async (): Promise<void> => {
    const started = spawn(binary, args, {stdio: ['ignore', 'pipe', 'pipe']})
    child = started
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-8000)
    }
    started.stdout!.on('data', keep)
    started.stderr!.on('data', keep)
    const deadline = Date.now() + 30_000
    for (;;) {
      if (started.exitCode !== null || started.signalCode !== null) {
        throw new Error(`nats-server exited (${started.exitCode ?? started.signalCode}):\n${output}`)
      }
      // JetStream is up once the server has logged it; clients are accepted once it greets.
      if (output.includes('Server is ready') && (await greets(port))) return
      if (Date.now() > deadline) {
        started.kill('SIGKILL')
        throw new Error(`nats-server did not accept connections on ${port} within 30 s:\n${output}`)
      }
      await sleep(20)
    }
  }

  const signal = async (name: NodeJS.Signals): Promise<void> => {
    const running = child
    if (!running || running.exitCode !== null || running.signalCode !== null) return
    running.kill(name)
    const done = await Promise.race([exited(running).then(() => true), sleep(15_000, false, {ref: false})])
    if (!done) {
      running.kill('SIGKILL')
      await exited(running)
    }
  }

  await launch()
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    storeDir,
    pid: () => (child && child.exitCode === null && child.signalCode === null ? child.pid : undefined),
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
    restart: async () => {
      await signal('SIGTERM')
      output = ''
      await launch()
    },
    close: async () => {
      await signal('SIGTERM')
      fs.rmSync(storeDir, {recursive: true, force: true})
    },
    output: () => output,
  }
}
