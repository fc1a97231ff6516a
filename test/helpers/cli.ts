/**
 * Runs the built `exchange` binary (bin/run.js over dist/) as a subprocess, without a TTY, the way
 * an operator's script would. `npm test` builds first (pretest).
 */
import {spawn, type ChildProcess} from 'node:child_process'
import {once} from 'node:events'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

export const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/run.js')

/**
 * How long a CLI subprocess (or a node it starts) may take. Generous: on a loaded 2-core machine a
 * cold `node bin/run.js` alone has taken over 30 s, and a killed process fails the test for nothing.
 */
export const CLI_TIMEOUT_MS = 90_000

export type CliResult = {code: number; stdout: string; stderr: string}

/** Runs `exchange ...args` to completion. */
export function runCli(
  args: string[],
  options: {env?: NodeJS.ProcessEnv; input?: string; timeoutMs?: number} = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = startCli(args, options.env)
    let stdout = ''
    let stderr = ''
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? CLI_TIMEOUT_MS)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({code: code ?? -1, stdout, stderr})
    })
    child.stdin!.end(options.input ?? '')
  })
}

/** Runs `exchange ...args --json` against a node and parses stdout; throws with stderr when it fails. */
export async function runJson<T = Record<string, unknown>>(
  args: string[],
  adminUrl: string,
  env: NodeJS.ProcessEnv = {},
): Promise<T> {
  const result = await runCli([...args, '--admin-url', adminUrl, '--json'], {env})
  if (result.code !== 0) throw new Error(`exchange ${args.join(' ')} exited ${result.code}: ${result.stderr}`)
  return JSON.parse(result.stdout) as T
}

/** Starts `exchange ...args` and leaves it running (for --follow and `node start`). */
export function startCli(args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], {
    env: {...process.env, CI: 'true', NODE_OPTIONS: '', ...env},
    stdio: ['pipe', 'pipe', 'pipe'],
  })
}

/** A running `… --follow --json` command: the JSON lines it printed so far, read as they arrive. */
export type FollowedJson<T> = {
  child: ChildProcess
  received: T[]
  /** Waits until a received line matches (CLI_TIMEOUT_MS, or the process ending, fail with its stderr). */
  waitFor(what: string, predicate: (item: T) => boolean): Promise<void>
  /** What stderr said so far, and any incomplete last line of stdout. */
  stderr(): string
  rest(): string
  exited: Promise<[number | null, NodeJS.Signals | null]>
}

/** Starts `exchange ...args` (with --follow --json among them) and collects its JSON lines. */
export function followJson<T>(args: string[]): FollowedJson<T> {
  const child = startCli(args)
  const received: T[] = []
  let stderr = ''
  let buffer = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8')
    const lines = buffer.split('\n')
    buffer = lines.pop()!
    for (const line of lines) if (line.trim()) received.push(JSON.parse(line) as T)
  })
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>
  return {
    child,
    received,
    exited,
    stderr: () => stderr,
    rest: () => buffer,
    async waitFor(what, predicate) {
      const deadline = Date.now() + CLI_TIMEOUT_MS
      while (!received.some(predicate)) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no ${what} from --follow; stderr: ${stderr}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
  }
}
