/**
 * The branding file (docs/web.md "Branding"): without one `/branding.json` gives the defaults; the
 * data dir's `branding.json` or `brandingFile` (`--branding-file`) gives its name, logo and colours,
 * the logo read relative to the file; and a file that does not pass refuses the start before the
 * store, in one line naming the file (src/node/listeners/web-content.ts).
 */
import fs from 'node:fs'
import path from 'node:path'
import test, {type ExecutionContext} from 'ava'
import type {NodeConfig} from '../../../src/node/ground/config.js'
import {DB_FILE} from '../../../src/node/store/database.js'
import {StartupRefused} from '../../../src/node/store/refusal.js'
import {startTestNode, tempDir, type TestNode} from '../../helpers/node.js'
import {makeWebApp, rawRequest, type WebFixture} from '../../helpers/web.js'

/** Without a file: the name Exchange, no logo, no colour (the app's light and dark themes apply). */
const DEFAULTS = {name: 'Exchange', logo_url: null, colors: {}}
const SVG =
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>\n'
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const png = (size: number): Buffer => Buffer.concat([PNG_SIGNATURE, Buffer.alloc(size - PNG_SIGNATURE.length, 7)])

let fixture: WebFixture
const nodes: TestNode[] = []
test.before(() => {
  fixture = makeWebApp()
})
test.after.always(async () => {
  await Promise.all(nodes.map((node) => node.close()))
})

async function started(overrides: Partial<NodeConfig>): Promise<TestNode> {
  const node = await startTestNode({webRoot: fixture.root, ...overrides})
  nodes.push(node)
  return node
}

async function brandingOf(node: TestNode): Promise<unknown> {
  const answer = await rawRequest(node.ports.http, '/branding.json')
  return JSON.parse(answer.body.toString('utf8'))
}

/** A data dir holding `files` (name → content), not yet a node's. */
function dataDirWith(files: Record<string, string | Buffer>): string {
  const dataDir = path.join(tempDir(), 'data')
  fs.mkdirSync(dataDir)
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dataDir, name), content)
  return dataDir
}

test('without a branding file: the defaults, no logo, revalidated on each use', async (t) => {
  const node = await started({})
  const answer = await rawRequest(node.ports.http, '/branding.json')
  t.is(answer.status, 200)
  t.is(answer.headers['content-type'], 'application/json; charset=utf-8')
  t.is(answer.headers['cache-control'], 'no-cache')
  t.deepEqual(JSON.parse(answer.body.toString('utf8')), DEFAULTS)
  const again = await rawRequest(node.ports.http, '/branding.json', {headers: {'if-none-match': answer.headers.etag!}})
  t.is(again.status, 304)
  const logo = await rawRequest(node.ports.http, '/branding/logo.svg')
  t.is(logo.status, 404, 'no logo: its path is no page either')
})

test('branding.json in the data dir: its name, its logo beside it, its colours over the defaults', async (t) => {
  const dataDir = dataDirWith({
    'branding.json': JSON.stringify({name: 'Acme Exchange', logo: 'logo.svg', colors: {accent: '#0A7', accentText: '#fff'}}),
    'logo.svg': SVG,
  })
  const node = await started({dataDir})
  t.deepEqual(await brandingOf(node), {
    name: 'Acme Exchange',
    logo_url: '/branding/logo.svg',
    colors: {accent: '#0a7', accentText: '#fff'},
  })
  const logo = await rawRequest(node.ports.http, '/branding/logo.svg')
  t.is(logo.status, 200)
  t.is(logo.body.toString('utf8'), SVG)
  t.is(logo.headers['content-type'], 'image/svg+xml')
  t.is(logo.headers['cache-control'], 'no-cache')
  // Opened on its own, an SVG runs nothing: the listener's CSP stays on it, not the app's.
  t.is(logo.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'")
  t.is(logo.headers['x-content-type-options'], 'nosniff')
  t.is((await rawRequest(node.ports.http, '/branding/logo.png')).status, 404)
})

test('brandingFile (--branding-file): a file anywhere, its logo relative to its own folder, 256 KiB at most', async (t) => {
  const dir = tempDir()
  fs.mkdirSync(path.join(dir, 'images'))
  const logo = png(256 * 1024)
  fs.writeFileSync(path.join(dir, 'images', 'mark.png'), logo)
  const file = path.join(dir, 'brand.json')
  fs.writeFileSync(file, JSON.stringify({name: 'Tiny', logo: 'images/mark.png'}))
  // The data dir's own file is not read when the flag names one.
  const dataDir = dataDirWith({'branding.json': '{"name": "not this one"}'})
  const node = await started({dataDir, brandingFile: file})
  t.deepEqual(await brandingOf(node), {...DEFAULTS, name: 'Tiny', logo_url: '/branding/logo.png'})
  const served = await rawRequest(node.ports.http, '/branding/logo.png')
  t.is(served.headers['content-type'], 'image/png')
  t.deepEqual(served.body, logo)
})

/** Starts a node on a data dir holding `files`: refused with a message matching `line`, in one line, no store written. */
async function refused(
  t: ExecutionContext,
  files: Record<string, string | Buffer>,
  line: (dataDir: string) => RegExp,
  overrides: (dataDir: string) => Partial<NodeConfig> = () => ({}),
): Promise<void> {
  const dataDir = dataDirWith(files)
  const error = await t.throwsAsync(startTestNode({dataDir, webRoot: fixture.root, ...overrides(dataDir)}), {
    instanceOf: StartupRefused,
  })
  t.regex(error.message, line(dataDir))
  t.false(error.message.includes('\n'), 'one line')
  t.false(fs.existsSync(path.join(dataDir, DB_FILE)), 'the store was created')
}

const quoted = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const inDir = (dataDir: string, name: string): string => quoted(path.join(dataDir, name))

test('a branding file that is not JSON, or not an object, refuses the start naming it', async (t) => {
  await refused(
    t,
    {'branding.json': '{"name": "Acme",}'},
    (dir) => new RegExp(`^branding file ${inDir(dir, 'branding.json')}: not JSON \\(`),
  )
  await refused(
    t,
    {'branding.json': '["Acme"]'},
    (dir) => new RegExp(`^branding file ${inDir(dir, 'branding.json')}: must be a JSON object$`),
  )
  await refused(
    t,
    {'brand.json': '{"nmae": "Acme"}'},
    (dir) =>
      new RegExp(`^--branding-file ${inDir(dir, 'brand.json')}: unknown field "nmae" \\(the fields are name, logo, colors\\)$`),
    (dir) => ({brandingFile: path.join(dir, 'brand.json')}),
  )
  await refused(
    t,
    {},
    (dir) =>
      new RegExp(`^--branding-file ${inDir(dir, 'missing.json')}: cannot read it: no such file or directory \\(ENOENT\\)$`),
    (dir) => ({brandingFile: path.join(dir, 'missing.json')}),
  )
})

test('a colour that is not #rgb or #rrggbb, or not one the app has, refuses the start', async (t) => {
  for (const color of ['red', '#0a7f', '#12345g', 'rgb(0,0,0)', '#fff; background: url(//evil.example/x)', '#fff}body{x:y', 7]) {
    await refused(
      t,
      {'branding.json': JSON.stringify({colors: {accent: color}})},
      (dir) =>
        new RegExp(
          `^branding file ${inDir(dir, 'branding.json')}: colors.accent ${quoted(JSON.stringify(color))} is not a colour #rgb or #rrggbb$`,
        ),
    )
  }
  for (const name of ['constructor', 'toString']) {
    await refused(
      t,
      {'branding.json': JSON.stringify({colors: {[name]: '#fff'}})},
      () => new RegExp(`: colors: "${name}" is not a colour of the app`),
    )
  }
  await refused(
    t,
    {'branding.json': JSON.stringify({colors: {'accent;--x': '#fff'}})},
    (dir) =>
      new RegExp(
        `^branding file ${inDir(dir, 'branding.json')}: colors: "accent;--x" is not a colour of the app \\(background, `,
      ),
  )
  await refused(t, {'branding.json': '{"colors": ["#fff"]}'}, () => /: colors must be an object of colour names/)
  await refused(t, {'branding.json': '{"name": ""}'}, () => /: name must be text of 1 to 64 characters/)
  await refused(
    t,
    {'branding.json': '{"name": "Acme\\nExchange"}'},
    () => /: name must be text of 1 to 64 characters, without control characters$/,
  )
})

test('a logo over 256 KiB, of another type, or missing refuses the start', async (t) => {
  await refused(
    t,
    {'branding.json': '{"logo": "logo.png"}', 'logo.png': png(256 * 1024 + 1)},
    (dir) => new RegExp(`^branding file ${inDir(dir, 'branding.json')}: logo ${inDir(dir, 'logo.png')} is larger than 256 KiB$`),
  )
  await refused(
    t,
    {'branding.json': '{"logo": "logo.png"}', 'logo.png': SVG},
    (dir) => new RegExp(`: logo ${inDir(dir, 'logo.png')} is not a png image$`),
  )
  await refused(t, {'branding.json': '{"logo": "logo.webp"}', 'logo.webp': png(100)}, () => /: logo .* is not a webp image$/)
  await refused(t, {'branding.json': '{"logo": "logo.svg"}', 'logo.svg': png(100)}, () => /: logo .* is not a svg image$/)
  await refused(
    t,
    {'branding.json': '{"logo": "logo.svg"}'},
    (dir) => new RegExp(`: logo ${inDir(dir, 'logo.svg')} cannot be read: no such file or directory \\(ENOENT\\)$`),
  )
  await refused(
    t,
    {'branding.json': '{"logo": "logo.gif"}', 'logo.gif': 'GIF89a'},
    () => /: logo must be the path of a png, svg, webp file, relative to the branding file's folder$/,
  )
})

test('web: false (--no-web): the branding file is not read, and not served', async (t) => {
  const node = await started({dataDir: dataDirWith({'branding.json': 'not even JSON'}), web: false})
  t.is((await rawRequest(node.ports.http, '/branding.json')).status, 404)
})
