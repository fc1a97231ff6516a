/**
 * A cluster of real processes for the fault tests of docs/cluster.md "The edge": `exchange node start --role
 * sequencer` and `--role edge` as operators run them (bin/run.js over dist/), on loopback ports
 * picked by the processes themselves (port 0) and read from their "node started" lines.
 */
import type {ChildProcess} from 'node:child_process'
import path from 'node:path'
import {AdminClient} from '../../src/node/admin/client.js'
import {startCli, watchNodeStart} from './cli.js'
import type {CrashNode} from './crash-node.js'

export type ClusterProcess = {
  child: ChildProcess
  /** Its stdout lines so far (JSON log lines). */
  lines: string[]
  /** Resolves with its ports once it has logged "node started". */
  started: Promise<{http: number; adminHttp?: number; grpc?: number}>
  /** Whether it has logged "node started". */
  isStarted(): boolean
  /** SIGKILL, waiting for the exit. */
  kill(): Promise<void>
  /** SIGTERM, waiting for the exit. */
  stop(): Promise<void>
  stderr(): string
}

/** Rate classes out of the way of the load the tests make. */
const UNLIMITED = ['--rate-limit-internal', '100000', '--rate-limit-strict', '1000', '--orders-per-second', '100000']

function launch(args: string[]): ClusterProcess {
  const child = startCli(['node', 'start', ...args])
  const watch = watchNodeStart<{http: number; adminHttp?: number; grpc?: number}>(child)
  let started = false
  void watch.started.then(
    () => (started = true),
    () => undefined,
  )
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name)
    await watch.exited
  }
  return {
    child,
    lines: watch.lines,
    started: watch.started,
    isStarted: () => started,
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
    stderr: watch.stderr,
  }
}

export type Sequencer = ClusterProcess & {dataDir: string; secretsFile: string}

/** `--role sequencer` on `dataDir` (admin gRPC on a free port; no public listener). */
export function launchSequencer(natsUrl: string, dataDir: string): Sequencer {
  const started = launch([
    '--role',
    'sequencer',
    '--nats',
    natsUrl,
    '--data-dir',
    dataDir,
    '--http-port',
    '0',
    '--grpc-port',
    '0',
    '--admin-http-port',
    '0',
    ...UNLIMITED,
  ])
  return {...started, dataDir, secretsFile: path.join(dataDir, 'secrets.json')}
}

/** `--role edge` with the sequencer's secrets file, its public listener on a free loopback port. */
export function launchEdge(natsUrl: string, secretsFile: string): ClusterProcess {
  return launch([
    '--role',
    'edge',
    '--nats',
    natsUrl,
    '--secrets-file',
    secretsFile,
    '--http-host',
    '127.0.0.1',
    '--http-port',
    '0',
    ...UNLIMITED,
  ])
}

/** A running sequencer as the crash helpers take a node: its admin gRPC client; `http` is an edge's. */
export async function adminOf(sequencer: Sequencer, edgeHttp: string): Promise<CrashNode & {close(): void}> {
  const {grpc} = await sequencer.started
  const admin = new AdminClient(`127.0.0.1:${grpc}`)
  return {child: sequencer.child, admin, http: edgeHttp, kill: () => sequencer.kill(), close: () => admin.close()}
}

/** The base URL of a started edge. */
export async function httpOf(edge: ClusterProcess): Promise<string> {
  return `http://127.0.0.1:${(await edge.started).http}`
}
