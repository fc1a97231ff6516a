/**
 * `exchange node start --no-web` and `--branding-file` (docs/configuration.md "The web app",
 * docs/web.md): listed with their variables, their mistakes are usage errors (exit 2) or a one-line
 * start refusal (exit 1), an edge takes them, and EXCHANGE_NO_WEB / EXCHANGE_BRANDING_FILE reach the node.
 */
import fs from 'node:fs'
import path from 'node:path'
import test from 'ava'
import {runCli, startCliNode} from '../helpers/cli.js'
import {tempDir} from '../helpers/node.js'

test('node start --help lists --no-web and --branding-file with their environment variables', async (t) => {
  const help = await runCli(['node', 'start', '--help'])
  t.is(help.code, 0, help.stderr)
  for (const text of ['--no-web', 'EXCHANGE_NO_WEB', '--branding-file', 'EXCHANGE_BRANDING_FILE'])
    t.true(help.stdout.includes(text), text)
})

test('usage errors: a branding file with --no-web, or one that cannot be read; a malformed one refuses the start', async (t) => {
  const dir = tempDir()
  t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}))
  const malformed = path.join(dir, 'branding.json')
  fs.writeFileSync(malformed, JSON.stringify({name: 'Acme', colors: {accent: 'teal'}}))
  const start = [
    'node',
    'start',
    '--data-dir',
    path.join(dir, 'data'),
    '--http-port',
    '0',
    '--grpc-port',
    '0',
    '--admin-http-port',
    '0',
  ]
  // Two at a time: each is a CLI process, and the machine running the suite may be busy.
  const [both, missing] = await Promise.all([
    runCli([...start, '--no-web', '--branding-file', malformed]),
    runCli([...start, '--branding-file', path.join(dir, 'nope.json')]),
  ])
  t.is(both.code, 2, both.stderr)
  t.regex(both.stderr.trim(), /Error: --branding-file has no use with --no-web$/)
  t.is(missing.code, 2, missing.stderr)
  t.regex(missing.stderr.trim(), /--branding-file: cannot read .*nope\.json$/)
  const [refused, edge] = await Promise.all([
    runCli(start, {env: {EXCHANGE_BRANDING_FILE: malformed}}),
    // An edge takes both flags: what fails is its secrets file, read after them, not a usage error.
    runCli(['node', 'start', '--role', 'edge', '--nats', 'nats://127.0.0.1:4222', '--secrets-file', malformed, '--no-web']),
  ])
  t.is(refused.code, 1, refused.stderr)
  t.is(refused.stderr, `Error: --branding-file ${malformed}: colors.accent "teal" is not a colour #rgb or #rrggbb\n`)
  t.false(fs.existsSync(path.join(dir, 'data', 'exchange.db')), 'refused before the store')
  t.is(edge.code, 1, edge.stderr)
  t.regex(edge.stderr.trim(), /^Error: --secrets-file /)
})

test.serial('EXCHANGE_NO_WEB=true reaches the node: /branding.json is the 404 of any unknown path', async (t) => {
  const dir = tempDir()
  const node = await startCliNode(['--data-dir', path.join(dir, 'data')], {EXCHANGE_NO_WEB: 'true'})
  t.teardown(async () => {
    await node.stop()
    fs.rmSync(dir, {recursive: true, force: true})
  })
  const answer = await fetch(`http://127.0.0.1:${node.ports.http}/branding.json`)
  t.is(answer.status, 404)
  t.deepEqual(await answer.json(), {error: {code: 'not_found', message: 'no route for GET /branding.json'}})
})
