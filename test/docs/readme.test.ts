/**
 * README.md's Quick start stays what a newcomer types (issue 14): exactly the two commands, then
 * the link to docs/quickstart.md, the next step, before anything else.
 */
import fs from 'node:fs'
import path from 'node:path'
import test from 'ava'
import {ROOT} from '../helpers/paths.js'

const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')

/** The text of the `## Quick start` section, up to the next `## ` heading. */
const quickStart = /^## Quick start\n([\s\S]*?)(?=^## )/m.exec(README)?.[1] ?? ''

test('Quick start: exactly the two commands, then the line linking docs/quickstart.md', (t) => {
  const block = /^```sh\n([\s\S]*?)^```\n/m.exec(quickStart)
  t.truthy(block, 'the section has a sh block')
  t.deepEqual(block![1]!.trim().split('\n'), ['npm install && npm start', 'npm test'])
  t.is(quickStart.match(/^```/gm)?.length, 2, 'one fenced block only')
  const after = quickStart
    .slice(block!.index + block![0].length)
    .trim()
    .split('\n')[0]
  t.is(after, 'From a started node to a first signed trade: [docs/quickstart.md](docs/quickstart.md)')
  t.true(fs.existsSync(path.join(ROOT, 'docs/quickstart.md')))
})
