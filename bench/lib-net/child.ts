/**
 * Runs a server (the node, or the Koa baseline) in a child process, so that it does not share an
 * event loop with the load generator: `node --import tsx <entry>`, JSON log lines on stdout, an
 * IPC channel. Resolves once the child logs its ready line (`"node started"` for the node), with
 * the ports from that line. With `cpuProfDir`, the child runs under `--cpu-prof` and writes its
 * profile there when stopped.
 */
import {spawn, type ChildProcess} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import {fileURLToPath} from 'node:url'
import {DEFAULT_CONFIG, type NodeConfig} from '../../src/node/ground/config.js'

const HERE = path.dirname(fileURLToPath(import.meta.url))

export type Ports = {http: number; adminHttp?: number; grpc?: number}

export type ChildServer = {
  child: ChildProcess
  ports: Ports
  /** Every log line of the child that is not a plain info/debug line (warnings, errors), parsed. */
  warnings: Record<string, unknown>[]
  /** How many log lines had this `msg`. */
  count(msg: string): number
  /** The first log line with this `msg`, parsed. */
  sample(msg: string): Record<string, unknown> | undefined
  /** IPC message to the child. */
  send(message: object): void
  /** The next IPC message of this type from the child. */
  receive<T = Record<string, unknown>>(type: string, timeoutMs?: number): Promise<T>
  /** Stops the child gracefully (SIGTERM), killing it after `graceMs`; resolves when it has exited. */
  stop(graceMs?: number): Promise<void>
}

export type ChildOptions = {
  /** Entry file, relative to bench/lib-net. */
  entry: string
  /** The `msg` of the log line that says the server is up; it carries `ports`. */
  readyMsg: string
  env?: Record<string, string>
  /** Run under --cpu-prof, writing the .cpuprofile here. */
  cpuProfDir?: string
  /** Extra node flags for the child. */
  nodeFlags?: string[]
  /** Echo the child's warn/error lines to our stderr (default true). */
  echoWarnings?: boolean
}

export function startChild(options: ChildOptions): Promise<ChildServer> {
  const flags = ['--import', 'tsx', ...(options.nodeFlags ?? [])]
  if (options.cpuProfDir) flags.push('--cpu-prof', '--cpu-prof-dir', options.cpuProfDir)
  const child = spawn(process.execPath, [...flags, path.join(HERE, options.entry)], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: {...process.env, ...options.env},
  })
  const warnings: Record<string, unknown>[] = []
  const counts = new Map<string, number>()
  const samples = new Map<string, Record<string, unknown>>()
  const inbox: Record<string, unknown>[] = []
  const waiters: (() => void)[] = []
  child.on('message', (message: Record<string, unknown>) => {
    inbox.push(message)
    for (const wake of waiters.splice(0)) wake()
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const echo = options.echoWarnings ?? true

  return new Promise<ChildServer>((resolve, reject) => {
    let ready = false
    const lines = readline.createInterface({input: child.stdout!})
    lines.on('line', (line) => {
      let entry: Record<string, unknown>
      try {
        entry = JSON.parse(line) as Record<string, unknown>
      } catch {
        process.stderr.write(`[child] ${line}\n`)
        return
      }
      const msg = String(entry['msg'] ?? '')
      counts.set(msg, (counts.get(msg) ?? 0) + 1)
      if (!samples.has(msg)) samples.set(msg, entry)
      if (typeof entry['level'] === 'number' && entry['level'] >= 40) {
        if (warnings.length < 10_000) warnings.push(entry)
        if (echo && (counts.get(msg) ?? 0) <= 3)
          process.stderr.write(`[child ${entry['level'] === 40 ? 'warn' : 'error'}] ${line}\n`)
      }
      if (!ready && msg === options.readyMsg) {
        ready = true
        resolve(server(entry['ports'] as Ports))
      }
    })
    child.once('exit', (code, signal) => {
      if (!ready) reject(new Error(`${options.entry} exited before "${options.readyMsg}" (code ${code}, signal ${signal})`))
    })
  })

  function server(ports: Ports): ChildServer {
    return {
      child,
      ports,
      warnings,
      count: (msg) => counts.get(msg) ?? 0,
      sample: (msg) => samples.get(msg),
      send: (message) => child.send(message),
      async receive<T>(type: string, timeoutMs = 30_000): Promise<T> {
        const deadline = Date.now() + timeoutMs
        for (;;) {
          const index = inbox.findIndex((m) => m['type'] === type)
          if (index >= 0) return inbox.splice(index, 1)[0] as T
          const left = deadline - Date.now()
          if (left <= 0) throw new Error(`no "${type}" message from the child within ${timeoutMs} ms`)
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, left)
            waiters.push(() => {
              clearTimeout(timer)
              resolve()
            })
          })
        }
      },
      async stop(graceMs = 15_000) {
        if (child.exitCode !== null || child.signalCode !== null) return
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
        await exited
        clearTimeout(timer)
      },
    }
  }
}

export type BenchNodeProcess = ChildServer & {dataDir: string; grpcAddress: string; httpUrl: string; close(): Promise<void>}

/**
 * The exchange node in a child process: a fresh data dir (under the OS temp dir, on the same disk
 * as the rest, so commits are real fsyncs), listeners on 127.0.0.1 and free ports, the given config
 * overrides (rate limits raised by the caller).
 */
export async function startNodeProcess(
  overrides: Partial<NodeConfig>,
  options: {cpuProfDir?: string; logLevel?: string; nodeFlags?: string[]; env?: Record<string, string>} = {},
): Promise<BenchNodeProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-bench-net-'))
  const config: Partial<NodeConfig> = {
    dataDir,
    httpHost: '127.0.0.1',
    httpPort: 0,
    adminHttpHost: '127.0.0.1',
    adminHttpPort: 0,
    grpcHost: '127.0.0.1',
    grpcPort: 0,
    shutdownGraceMs: 2000,
    ...overrides,
  }
  const server = await startChild({
    entry: 'node-main.ts',
    readyMsg: 'node started',
    env: {...options.env, BENCH_NODE_CONFIG: JSON.stringify(config), BENCH_NODE_LOG_LEVEL: options.logLevel ?? 'info'},
    cpuProfDir: options.cpuProfDir,
    nodeFlags: options.nodeFlags,
  }).catch((error: unknown) => {
    fs.rmSync(dataDir, {recursive: true, force: true})
    throw error
  })
  // If this process dies first (an uncaught error), the child stops on 'disconnect'; its data dir goes here.
  const cleanup = () => {
    server.child.kill('SIGKILL')
    fs.rmSync(dataDir, {recursive: true, force: true})
  }
  process.once('exit', cleanup)
  return {
    ...server,
    dataDir,
    grpcAddress: `127.0.0.1:${server.ports.grpc}`,
    httpUrl: `http://127.0.0.1:${server.ports.http}`,
    async close() {
      process.off('exit', cleanup)
      await server.stop()
      fs.rmSync(dataDir, {recursive: true, force: true})
    },
  }
}

/** Rate limits high enough never to refuse a benchmark request (the rate classes of docs/rest.md "Rate limits" are per account and per second). */
export const UNLIMITED_RATES: NodeConfig['rateLimits'] = {
  ...DEFAULT_CONFIG.rateLimits,
  standard: 1_000_000,
  internal: 1_000_000,
  ordersPerSecond: 1_000_000,
}
