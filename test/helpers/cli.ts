/**
 * Runs the built `exchange` CLI (bin/run.js over dist/) without a TTY, the way an operator's script
 * would: as a subprocess, or (`runCli`, for commands that only talk to a node) the same commands
 * inside the test's process; or under a pseudo-terminal, the way a person at a terminal would
 * (`startCliInPty`). `npm test` builds first (pretest).
 */
import {spawn, type ChildProcess} from 'node:child_process'
import {once} from 'node:events'
import fs from 'node:fs'
import path from 'node:path'
import {Config, run} from '@oclif/core'
import {Exit, handle} from '@oclif/core/handle'
import {captureOutput} from '@oclif/test'
import {ROOT} from './paths.js'

export const BIN = path.join(ROOT, 'bin/run.js')

/**
 * How long a CLI subprocess (or a node it starts) may take. Generous: on a loaded 2-core machine a
 * cold `node bin/run.js` alone has taken over 30 s, and a killed process fails the test for nothing.
 */
export const CLI_TIMEOUT_MS = 90_000

export type CliResult = {code: number; stdout: string; stderr: string}

export type CliOptions = {
  env?: NodeJS.ProcessEnv
  /** Standard input; implies a subprocess. */
  input?: string
  timeoutMs?: number
  /** Run `node bin/run.js` as a subprocess even where the command could run in this process. */
  subprocess?: boolean
}

/**
 * Runs `exchange ...args` to completion. A command that only talks to a node runs inside this
 * process (`runCliHere`); `node start`, a command given stdin, `wallet import` (which reads stdin)
 * and a call asking for it run as a subprocess (`runCliProcess`).
 */
export function runCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  const own =
    options.subprocess || options.input !== undefined || args[0] === 'node' || (args[0] === 'wallet' && args[1] === 'import')
  return own ? runCliProcess(args, options) : runCliHere(args, options.env)
}

/** Runs `node bin/run.js ...args` to completion, as an operator's script runs it. */
export function runCliProcess(args: string[], options: CliOptions = {}): Promise<CliResult> {
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

let config: Promise<Config> | undefined
let running: Promise<unknown> = Promise.resolve()

/**
 * Runs `exchange ...args` in this process, with what a subprocess of `runCliProcess` would have:
 * the same oclif entry (`run`, then `handle` for an error, as bin/run.js's `execute` does), the
 * environment with CI=true and `env`, stdout and stderr (captured by @oclif/test) and the exit
 * code (oclif's `Exit.exit`, or the `process.exitCode` a command set). A subprocess costs about half
 * a second of CPU for loading Node, oclif and gRPC; the test suite ran about 300 of them. Runs are
 * one at a time, since stdout, stderr and the environment are the process's.
 */
export function runCliHere(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const result = running.then(() => runNow(args, env))
  running = result.catch(() => undefined)
  return result
}

async function runNow(args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  config ??= Config.load({root: ROOT})
  const loaded = await config
  const saved = {...process.env}
  Object.assign(process.env, {CI: 'true'}, env)
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete process.env[name]
  const exit = Exit.exit
  let code: number | undefined
  // handle() ends with Exit.exit (process.exit in a subprocess): here it records the code.
  Exit.exit = ((exitCode = 0) => void (code = exitCode)) as typeof Exit.exit
  process.exitCode = undefined
  try {
    const output = await captureOutput(
      async () => {
        try {
          // No flush(): it waits for a 'drain' of the real stdout, which the captured one never needs.
          await run(args, loaded)
        } catch (error) {
          await handle(error as Error)
        }
      },
      {stripAnsi: false},
    )
    if (output.error) throw output.error
    return {code: code ?? Number(process.exitCode ?? 0), stdout: output.stdout, stderr: output.stderr}
  } finally {
    Exit.exit = exit
    process.exitCode = undefined
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name]
    Object.assign(process.env, saved)
  }
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

/**
 * util-linux `script`, which runs a command under a pseudo-terminal. On Debian it is in bsdutils, an
 * Essential package (Debian 12 included), so every Debian image has it and .ci/run installs nothing
 * for it. Without it the TTY tests fail with a message saying so; they never skip.
 */
export const SCRIPT = '/usr/bin/script'

/** `exchange ...` running under a pseudo-terminal. */
export type PtyCli = {
  child: ChildProcess
  /** What the terminal showed so far: stdout and stderr together, lines ending in "\r\n". */
  output(): string
  /** Waits until the output includes `text`; fails with the output if the command ends or CLI_TIMEOUT_MS passes first. */
  waitFor(text: string): Promise<void>
  /** Ctrl-C at the terminal (the pty sends SIGINT to the command), then its exit code. */
  interrupt(): Promise<number>
  /** The command's exit code (`script -e` passes it on), once all its output is read. */
  exited: Promise<number>
  /** Ends the command if it still runs (SIGTERM to `script`, which passes it on) and waits for it (teardown). */
  close(): Promise<void>
}

/**
 * Starts `exchange ...args` with a pseudo-terminal as its stdin, stdout and stderr:
 * `script -qec "exec node bin/run.js ..." /dev/null` copies what the terminal shows to our pipe,
 * and what we write to its stdin to the terminal. The environment is a person's terminal:
 * TERM=xterm-256color and no CI, NO_COLOR or FORCE_COLOR (under CI=true supports-color, which
 * oclif's colours follow, turns colour off even on a terminal). After CLI_TIMEOUT_MS `script` gets
 * SIGTERM, which ends the command (SIGTERM, then SIGKILL 2 s later).
 */
export function startCliInPty(args: string[], env: NodeJS.ProcessEnv = {}): PtyCli {
  try {
    fs.accessSync(SCRIPT, fs.constants.X_OK)
  } catch {
    throw new Error(
      `${SCRIPT} (util-linux \`script\`, package bsdutils on Debian) is needed to run the CLI under a pseudo-terminal; install it`,
    )
  }
  const terminal: NodeJS.ProcessEnv = {...process.env}
  for (const name of ['CI', 'NO_COLOR', 'FORCE_COLOR']) delete terminal[name]
  const command = `exec ${[process.execPath, BIN, ...args].map(shellQuote).join(' ')}`
  const child = spawn(SCRIPT, ['-qec', command, '/dev/null'], {
    env: {...terminal, NODE_OPTIONS: '', SHELL: '/bin/sh', TERM: 'xterm-256color', ...env},
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  // A keystroke after the command ended finds the terminal gone: nothing to report.
  child.stdin!.on('error', () => {})
  const timer = setTimeout(() => child.kill('SIGTERM'), CLI_TIMEOUT_MS)
  const exited = new Promise<number>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve(code ?? -1)
    })
  })
  let closed = false
  void exited.then(
    () => (closed = true),
    () => (closed = true),
  )
  return {
    child,
    exited,
    output: () => output,
    async waitFor(text) {
      const deadline = Date.now() + CLI_TIMEOUT_MS
      while (!output.includes(text)) {
        const why = closed ? 'before the command ended' : Date.now() > deadline ? 'in time' : undefined
        if (why) throw new Error(`no ${JSON.stringify(text)} on the terminal ${why}; it showed:\n${output}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    interrupt() {
      child.stdin!.write('\x03')
      return exited
    },
    async close() {
      if (!closed) child.kill('SIGTERM')
      await exited.catch(() => {})
    },
  }
}

/** Runs `exchange ...args` under a pseudo-terminal to completion: its exit code and what the terminal showed. */
export async function runCliInPty(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{code: number; output: string}> {
  const pty = startCliInPty(args, env)
  const code = await pty.exited
  return {code, output: pty.output()}
}

/** One word for sh, in single quotes. */
const shellQuote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`

/** `exchange node start` run as the CLI, once it has logged "node started". */
export type CliNode = {
  child: ChildProcess
  /** Its JSON log lines so far. */
  lines: string[]
  ports: {http: number; adminHttp: number; grpc: number}
  /** SIGTERM, then how it ended: its exit code, or the signal that ended it. */
  stop(): Promise<number | NodeJS.Signals | null>
  /** What it wrote to stderr. */
  stderr(): string
}

/** What a started `exchange node start` process prints, as it comes: its stdout lines, its stderr. */
export type NodeStartWatch<Ports> = {
  lines: string[]
  stderr(): string
  /** The ports of its "node started" line; rejects when the process exits first or after CLI_TIMEOUT_MS. */
  started: Promise<Ports>
  /** Resolves with the exit code (or signal) once the process exited. */
  exited: Promise<number | NodeJS.Signals | null>
}

/** Collects a node process's output and waits for its "node started" line. */
export function watchNodeStart<Ports>(child: ChildProcess): NodeStartWatch<Ports> {
  const lines: string[] = []
  let stderr = ''
  let buffered = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const exited = once(child, 'exit').then(() => child.exitCode ?? child.signalCode)
  const started = new Promise<Ports>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "node started" line; stderr: ${stderr}`)), CLI_TIMEOUT_MS)
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8')
      const complete = buffered.split('\n')
      buffered = complete.pop()!
      for (const line of complete) {
        lines.push(line)
        if (!line.includes('"node started"')) continue
        clearTimeout(timer)
        resolve((JSON.parse(line) as {ports: Ports}).ports)
      }
    })
    void exited.then(() => {
      clearTimeout(timer)
      reject(new Error(`the process exited before it started; stderr: ${stderr}`))
    })
  })
  return {lines, stderr: () => stderr, started, exited}
}

/** Starts `exchange node start ...args` on port 0 everywhere and waits for its "node started" line. */
export async function startCliNode(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliNode> {
  const child = startCli(['node', 'start', '--http-port', '0', '--grpc-port', '0', '--admin-http-port', '0', ...args], env)
  const {lines, stderr, started, exited} = watchNodeStart<CliNode['ports']>(child)
  const ports = await started
  return {
    child,
    lines,
    ports,
    stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      return exited
    },
  }
}
