/**
 * Runs the built `exchange` binary (bin/run.js over dist/) as a subprocess, without a TTY, the way
 * an operator's script would. `npm test` builds first (pretest).
 */
import {spawn, type ChildProcess} from 'node:child_process'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

export const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/run.js')

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
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000)
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
