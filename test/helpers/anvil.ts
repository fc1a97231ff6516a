/**
 * A real EVM node for the tests: Foundry's anvil, from the npm package @foundry-rs/anvil-linux-amd64
 * (a devDependency: the binary ships inside it). The project depends on the linux-x64 package
 * directly, not on @foundry-rs/anvil, because the registry these machines use serves only that
 * platform's package and `npm ci` refuses a lock file without the others. Started on a
 * free port bound to 127.0.0.1, awaited until it answers eth_chainId, stopped with `stop()`.
 * A missing binary throws: an EVM test never silently skips.
 */
import {spawn, type ChildProcess} from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import {createRequire} from 'node:module'
import path from 'node:path'

export type Anvil = {
  url: string
  chainId: number
  /** JSON-RPC call straight to anvil (anvil_mine, anvil_reorg, evm_snapshot, ...). */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>
  stop(): Promise<void>
}

/** The mnemonic anvil's default accounts derive from (also Hardhat's). */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'

const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
}

export function anvilBinary(): string {
  const pkg = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`]
  if (!pkg) throw new Error(`anvil: no @foundry-rs/anvil binary package for ${process.platform}-${process.arch}`)
  let dir: string
  try {
    dir = path.dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`))
  } catch (error) {
    throw new Error(`anvil: ${pkg} is not installed (npm install --save-dev ${pkg})`, {cause: error})
  }
  const binary = path.join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil')
  if (!fs.existsSync(binary)) throw new Error(`anvil: binary missing at ${binary}`)
  return binary
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

async function call<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({jsonrpc: '2.0', id: 1, method, params}),
  })
  const body = (await response.json()) as {result?: T; error?: {message: string}}
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

/** `hardfork` picks the EVM rules (e.g. 'berlin': no base fee, so only legacy transactions). */
export async function startAnvil(options: {chainId?: number; hardfork?: string} = {}): Promise<Anvil> {
  const binary = anvilBinary()
  const chainId = options.chainId ?? 31337
  const port = await freePort()
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent']
  if (options.hardfork) args.push('--hardfork', options.hardfork)
  // No automine interval: a block is mined per transaction (automine) or by anvil_mine.
  const child: ChildProcess = spawn(binary, args, {stdio: ['ignore', 'ignore', 'pipe']})
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`

  const deadline = Date.now() + 20_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited with ${child.exitCode}: ${stderr}`)
    try {
      await call(url, 'eth_chainId', [])
      break
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL')
        throw new Error(`anvil did not answer on ${url} within 20 s: ${stderr}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  return {
    url,
    chainId,
    rpc: <T = unknown>(method: string, params: unknown[] = []) => call<T>(url, method, params),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await exited
      }
    },
  }
}
