/**
 * Issue 14 items 3 and 6 on the terminal side: what a person sees when the CLI's stdout is a
 * terminal. The built binary runs under a pseudo-terminal (util-linux `script`, see
 * helpers/cli.ts): status words in colour, but never with --json; `node start` logs pretty,
 * coloured lines, or JSON with --log-format json. The side without a terminal is in
 * operator.test.ts and node/logger.test.ts. Serial: each run is a Node process. Needs dist/.
 */
import fs from 'node:fs'
import {stripVTControlCharacters} from 'node:util'
import test from 'ava'
import {runCli, runCliInPty, startCliInPty, type PtyCli} from '../helpers/cli.js'
import {startTestNode, tempDir, type TestNode} from '../helpers/node.js'

const ESC = '\u001b['

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

test.serial('status colours: a status cell is coloured on a terminal, never with --json, never off a terminal', async (t) => {
  const tag = `tty${Date.now()}`
  const account = await node.admin.call<{id: string}>('AccountsService', 'CreateAccount', {
    email: `${tag}@example.com`,
    password: 'correct horse battery',
  })
  const args = ['accounts', 'list', '--query', tag, '--admin-url', node.grpcAddress]
  const [table, json, piped] = await Promise.all([runCliInPty(args), runCliInPty([...args, '--json']), runCli(args)])

  t.is(table.code, 0, table.output)
  t.regex(table.output, /\u001b\[32mactive\s*\u001b\[39m/, 'the status "active" in green')
  t.regex(stripVTControlCharacters(table.output), /^id\s+email\s+status/)

  t.is(json.code, 0, json.output)
  t.false(json.output.includes(ESC), `--json on a terminal prints no colour: ${JSON.stringify(json.output)}`)
  const listed = JSON.parse(json.output) as {accounts: {id: string; status: string}[]}
  t.deepEqual(
    listed.accounts.map(({id, status}) => ({id, status})),
    [{id: account.id, status: 'active'}],
  )

  t.is(piped.code, 0, piped.stderr)
  t.regex(piped.stdout, /active/)
  t.false(piped.stdout.includes(ESC), 'no colour when stdout is not a terminal')
})

/** `exchange node start` on free ports in a fresh data dir, under a pseudo-terminal; cleaned up after the test. */
function startNodeInPty(t: import('ava').ExecutionContext, extra: string[] = []): PtyCli {
  const dataDir = tempDir()
  const pty = startCliInPty([
    ...['node', 'start', '--data-dir', dataDir, '--http-host', '127.0.0.1'],
    ...['--http-port', '0', '--grpc-port', '0', '--admin-http-port', '0', ...extra],
  ])
  t.teardown(async () => {
    await pty.close()
    fs.rmSync(dataDir, {recursive: true, force: true})
  })
  return pty
}

/** The terminal's lines, without the "^C" the terminal echoes for Ctrl-C. */
const linesOf = (output: string) =>
  output
    .split('\r\n')
    .map((line) => line.replace(/^\^C/, ''))
    .filter(Boolean)

test.serial('node start on a terminal logs pretty, coloured lines, not JSON; Ctrl-C stops it', async (t) => {
  const pty = startNodeInPty(t)
  await pty.waitFor('node started')
  t.is(await pty.interrupt(), 0, pty.output())
  const lines = linesOf(pty.output())
  const started = lines.find((line) => line.includes('node started'))!
  t.true(started.includes(ESC), `coloured: ${JSON.stringify(started)}`)
  t.throws(() => JSON.parse(started) as unknown, undefined, `not JSON: ${started}`)
  t.regex(stripVTControlCharacters(started), /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: node started$/)
  t.false(
    lines.some((line) => line.startsWith('{')),
    'no JSON line',
  )
  t.regex(stripVTControlCharacters(pty.output()), /INFO: signal received\r\n\s+signal: "SIGINT"/)
  t.regex(stripVTControlCharacters(lines.at(-1)!), /INFO: node stopped$/)
})

test.serial('node start --log-format json on a terminal logs JSON lines, without colour', async (t) => {
  const pty = startNodeInPty(t, ['--log-format', 'json'])
  await pty.waitFor('"node started"')
  t.is(await pty.interrupt(), 0, pty.output())
  t.false(pty.output().includes(ESC), pty.output())
  const entries = linesOf(pty.output()).map((line) => {
    try {
      return JSON.parse(line) as {msg: string; signal?: string}
    } catch {
      throw new Error(`a log line that is not JSON: ${line}`)
    }
  })
  t.true(entries.some((entry) => entry.msg === 'node started'))
  t.like(
    entries.find((entry) => entry.msg === 'signal received'),
    {signal: 'SIGINT'},
  )
  t.is(entries.at(-1)?.msg, 'node stopped')
})
