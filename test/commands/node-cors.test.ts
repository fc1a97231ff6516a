/**
 * `exchange node start --cors-origins` (docs/configuration.md "Browser origins"): bad values are
 * usage errors, and EXCHANGE_CORS_ORIGINS reaches the public listener of a node run as the CLI.
 */
import fs from 'node:fs'
import test from 'ava'
import {CLI_TIMEOUT_MS, runCli, startCli} from '../helpers/cli.js'
import {tempDir} from '../helpers/node.js'

test('node start --help lists --cors-origins with its environment variable', async (t) => {
  const help = await runCli(['node', 'start', '--help'])
  t.is(help.code, 0, help.stderr)
  t.regex(help.stdout, /--cors-origins/)
  t.regex(help.stdout, /EXCHANGE_CORS_ORIGINS/)
})

test('node start: a malformed --cors-origins entry is a usage error (exit 2) naming the flag', async (t) => {
  const results = await Promise.all(
    // Two runs, not more: each is a CLI process, and the machine running the suite may be busy.
    ['app.example.com', 'https://ok.example,https://app.example.com/path'].map((value) =>
      runCli(['node', 'start', '--data-dir', '/nonexistent/cors-cli-test', '--cors-origins', value]),
    ),
  )
  for (const result of results) {
    t.is(result.code, 2, result.stderr)
    t.regex(result.stderr, /--cors-origins: "(app\.example\.com|https:\/\/app\.example\.com\/path)"/)
  }
})

test.serial('EXCHANGE_CORS_ORIGINS reaches the node: a listed origin gets its preflight allowed, another does not', async (t) => {
  const dataDir = tempDir()
  const child = startCli(
    ['node', 'start', '--data-dir', dataDir, '--http-port', '0', '--grpc-port', '0', '--admin-http-port', '0'],
    {
      EXCHANGE_CORS_ORIGINS: 'https://app.example.com, http://localhost:3000',
    },
  )
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  t.teardown(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
    fs.rmSync(dataDir, {recursive: true, force: true})
  })
  const http = await new Promise<number>((resolve, reject) => {
    let buffered = ''
    const timer = setTimeout(() => reject(new Error(`no "node started" line; stderr: ${stderr}`)), CLI_TIMEOUT_MS)
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8')
      const lines = buffered.split('\n')
      buffered = lines.pop()!
      for (const line of lines) {
        if (!line.includes('"node started"')) continue
        clearTimeout(timer)
        resolve((JSON.parse(line) as {ports: {http: number}}).ports.http)
      }
    })
    void exited.then(() => reject(new Error(`node exited before starting; stderr: ${stderr}`)))
  })
  const preflight = (origin: string) =>
    fetch(`http://127.0.0.1:${http}/api/v1/api-keys/`, {
      method: 'OPTIONS',
      headers: {Origin: origin, 'Access-Control-Request-Method': 'POST'},
    })
  for (const origin of ['https://app.example.com', 'http://localhost:3000']) {
    const allowed = await preflight(origin)
    t.is(allowed.status, 204)
    t.is(allowed.headers.get('access-control-allow-origin'), origin)
  }
  t.is((await preflight('https://evil.example')).headers.get('access-control-allow-origin'), null)
})
