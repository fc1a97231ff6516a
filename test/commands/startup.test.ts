/**
 * `exchange node start` refusals, as an operator's script sees them: exit code 1, exactly one line on
 * stderr naming the flag or the path and the cause (no stack trace), and the store not touched —
 * a port another process holds, a corrupt store, a data dir the node cannot write, secrets missing
 * beside a store, a TLS certificate that cannot be read. Needs dist/ (npm run build).
 */
import {spawn} from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import test from 'ava'
import {SECRETS_FILE} from '../../src/node/auth/secrets.js'
import {DB_FILE} from '../../src/node/store/database.js'
import {BIN, CLI_TIMEOUT_MS, runCli, type CliResult} from '../helpers/cli.js'
import {startTestNode, tempDir} from '../helpers/node.js'

const ports = ['--http-port', '0', '--grpc-port', '0', '--admin-http-port', '0']

/** Exit 1 and one line on stderr matching `line`; the node never said it started. */
function assertRefused(t: import('ava').ExecutionContext, result: CliResult, line: RegExp): void {
  t.is(result.code, 1, result.stderr)
  const lines = result.stderr.split('\n').filter(Boolean)
  t.is(lines.length, 1, result.stderr)
  t.regex(lines[0] ?? '', line)
  t.false(result.stdout.includes('"node started"'))
}

/** A data dir a node has run on and stopped (store and secrets), made once per file. */
let ranOnce: Promise<string> | undefined

/** A copy, for one test to spoil, of a data dir a node has run on. */
async function usedDataDir(): Promise<string> {
  ranOnce ??= (async () => {
    const dataDir = tempDir()
    const node = await startTestNode({dataDir})
    node.admin.close()
    await node.stop()
    return dataDir
  })()
  const copy = tempDir()
  fs.cpSync(await ranOnce, copy, {recursive: true})
  return copy
}

test('a port in use: names the flag and the cause; the store is not created', async (t) => {
  const holder = net.createServer()
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve))
  t.teardown(() => holder.close())
  const port = (holder.address() as net.AddressInfo).port
  const dataDir = path.join(tempDir(), 'data')
  const result = await runCli([
    'node',
    'start',
    '--data-dir',
    dataDir,
    '--grpc-port',
    '0',
    '--admin-http-port',
    '0',
    '--http-host',
    '127.0.0.1',
    '--http-port',
    String(port),
  ])
  assertRefused(t, result, new RegExp(`^Error: --http-port ${port}: address already in use \\(127\\.0\\.0\\.1:${port}\\)$`))
  t.false(fs.existsSync(path.join(dataDir, DB_FILE)))
})

test('a corrupt store: names its path and the cause, and leaves its bytes alone', async (t) => {
  const dataDir = await usedDataDir()
  const file = path.join(dataDir, DB_FILE)
  const garbage = Buffer.from(Array.from({length: 16384}, (_, i) => (i * 7919) % 251))
  fs.writeFileSync(file, garbage)
  const result = await runCli(['node', 'start', '--data-dir', dataDir, ...ports])
  assertRefused(t, result, new RegExp(`^Error: ${file.replaceAll('.', '\\.')}: file is not a database \\(SQLITE_NOTADB\\)$`))
  t.true(garbage.equals(fs.readFileSync(file)))
})

test('secrets.json missing beside a store: names the file and exchange restore', async (t) => {
  const dataDir = await usedDataDir()
  fs.rmSync(path.join(dataDir, SECRETS_FILE))
  const result = await runCli(['node', 'start', '--data-dir', dataDir, ...ports])
  assertRefused(t, result, /secrets\.json is missing beside the store .*exchange restore/)
  t.false(fs.existsSync(path.join(dataDir, SECRETS_FILE)))
})

test('an --http-tls-cert that is a directory: names the flag, the path and the cause; the store is not created', async (t) => {
  // A directory passes the CLI's "readable" check; the node reads the file, before the store.
  const certDir = tempDir()
  const keyFile = path.join(certDir, 'key.pem')
  fs.writeFileSync(keyFile, 'not a key\n')
  const dataDir = path.join(tempDir(), 'data')
  const result = await runCli([
    'node',
    'start',
    '--data-dir',
    dataDir,
    ...ports,
    '--http-tls-cert',
    certDir,
    '--http-tls-key',
    keyFile,
  ])
  assertRefused(
    t,
    result,
    new RegExp(`^Error: --http-tls-cert ${certDir.replaceAll('.', '\\.')}: cannot read the certificate: .* \\(EISDIR\\)$`),
  )
  t.false(fs.existsSync(path.join(dataDir, DB_FILE)))
})

test('a data dir the node cannot write: names --data-dir and the cause', async (t) => {
  // Read-only for everyone; root writes anyway, so under root the node runs as nobody.
  const parent = tempDir()
  fs.chmodSync(parent, 0o555)
  t.teardown(() => fs.chmodSync(parent, 0o700))
  const dataDir = path.join(parent, 'data')
  const asRoot = process.getuid?.() === 0
  const result = await new Promise<CliResult>((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'node', 'start', '--data-dir', dataDir, ...ports], {
      env: {...process.env, CI: 'true', NODE_OPTIONS: '', HOME: parent},
      ...(asRoot ? {uid: 65534, gid: 65534} : {}),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), CLI_TIMEOUT_MS)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({code: code ?? -1, stdout, stderr})
    })
  })
  assertRefused(t, result, new RegExp(`^Error: --data-dir ${dataDir.replaceAll('.', '\\.')}: cannot write the data dir: `))
  t.false(fs.existsSync(dataDir))
})
