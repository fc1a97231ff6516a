/**
 * "Did you mean" for a mistyped flag names the closest flag the command really takes, --json
 * included: `accounts list --jsn` once suggested --csv, because only the command's own flags were
 * candidates (not --json, nor the base class's --admin-url and friends).
 */
import fs from 'node:fs'
import path from 'node:path'
import test from 'ava'
import {closest, flagNamesOf, type FlagOwner} from '../../src/cli/suggest.js'
import {runCli} from '../helpers/cli.js'
import {ROOT} from '../helpers/paths.js'

type Manifest = {commands: Record<string, {flags: Record<string, unknown>; pluginType: string; relativePath?: string[]}>}
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'oclif.manifest.json'), 'utf8')) as Manifest

/** One command of each base class (admin, account, operation, market) and a plain one. */
const SAMPLE = ['accounts:list', 'accounts:details', 'ops:topup', 'market:book', 'restore']

test('a mistyped flag is matched against all the flags a command takes: its own, its base class’s, --json', async (t) => {
  for (const id of SAMPLE) {
    const command = manifest.commands[id]!
    // dist/commands/x/y.js is built from src/commands/x/y.ts: imported as ../../src/commands/x/y.js, as tests
    // import src/ (through tsx from source, or the same file transpiled into .test-build/)
    const source = new URL(`../../src/${command.relativePath!.slice(1).join('/')}`, import.meta.url).href
    const names = flagNamesOf(((await import(source)) as {default: FlagOwner}).default)
    t.deepEqual([...names].sort(), [...Object.keys(command.flags), 'help'].sort(), id)
    if ('json' in command.flags) t.is(closest('jsn', names), 'json', id)
  }
})

test('the CLI says it: --jsn suggests --json (never --csv) for admin and market commands, a node start typo its flag', async (t) => {
  const [list, book, restore, start] = await Promise.all([
    runCli(['accounts', 'list', '--jsn']),
    runCli(['market', 'book', 'BTC-USDT', '--jsn']),
    runCli(['restore', '--jsn']),
    runCli(['node', 'start', '--data-dri', 'x']),
  ])
  for (const result of [list, book, restore]) {
    t.is(result.code, 2, result.stderr)
    t.is(result.stderr, 'Error: unknown flag --jsn (did you mean --json?); see --help\n')
  }
  t.is(start.code, 2, start.stderr)
  t.is(start.stderr, 'Error: unknown flag --data-dri (did you mean --data-dir?); see --help\n')
})
