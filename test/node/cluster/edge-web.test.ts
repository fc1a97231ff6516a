/**
 * A cluster edge serves the web app as a node does (docs/web.md "Serving", docs/cluster.md "The edge"),
 * started by `startEdgeNode` as `exchange node start --role edge` starts it: the app's pages, files and
 * their variants, and the branding of `brandingFile` (an edge has no data dir to find one in); with
 * `web: false` (`--no-web`) none of it; a branding file that does not pass refuses the edge's start in
 * one line, before it connects to NATS.
 */
import fs from 'node:fs'
import path from 'node:path'
import {SECRETS_FILE} from '../../../src/node/auth/secrets.js'
import {DEFAULT_CONFIG, type NodeConfig} from '../../../src/node/ground/config.js'
import {startEdgeNode, type RunningEdge} from '../../../src/node/node.js'
import {StartupRefused} from '../../../src/node/store/refusal.js'
import {memoryLogger} from '../../helpers/cluster.js'
import {startNatsServer, type NatsServer} from '../../helpers/nats.js'
import {startTestNode, tempDir, type TestNode} from '../../helpers/node.js'
import {daemonTest} from '../../helpers/system-daemon.js'
import {makeWebApp, rawRequest, type WebFixture} from '../../helpers/web.js'

type Context = {nats: NatsServer; sequencer: TestNode; fixture: WebFixture; edges: RunningEdge[]}
const test = daemonTest<Context>('nats-server', 'nats-server')

test.before(async (t) => {
  const nats = await startNatsServer()
  const sequencer = await startTestNode({role: 'sequencer', nats: {servers: [nats.url]}})
  t.context = {nats, sequencer, fixture: makeWebApp(), edges: []}
})

test.after.always(async (t) => {
  for (const edge of t.context.edges ?? []) await edge.stop()
  await t.context.sequencer?.close()
  await t.context.nats?.close()
})

function edgeConfig(context: Context, overrides: Partial<NodeConfig>): NodeConfig {
  return {
    ...DEFAULT_CONFIG,
    // Not used: an edge has no data dir, and looks for no branding.json in one.
    dataDir: path.join(context.fixture.dir, 'no-data-dir'),
    httpHost: '127.0.0.1',
    httpPort: 0,
    shutdownGraceMs: 500,
    role: 'edge',
    nats: {servers: [context.nats.url]},
    secretsFile: path.join(context.sequencer.dataDir, SECRETS_FILE),
    webRoot: context.fixture.root,
    ...overrides,
  }
}

async function startEdge(context: Context, overrides: Partial<NodeConfig>): Promise<RunningEdge> {
  const edge = await startEdgeNode(edgeConfig(context, overrides), memoryLogger().logger)
  context.edges.push(edge)
  return edge
}

test('an edge serves the app’s pages and files, and the branding of its --branding-file', async (t) => {
  const dir = tempDir()
  fs.writeFileSync(path.join(dir, 'branding.json'), JSON.stringify({name: 'Edge Exchange', colors: {buy: '#0c0'}}))
  const edge = await startEdge(t.context, {brandingFile: path.join(dir, 'branding.json')})
  const {fixture} = t.context
  const page = await rawRequest(edge.ports.http, '/trade/BTC-USDT')
  t.is(page.status, 200)
  t.is(page.body.toString('utf8'), fixture.index)
  t.is(page.headers['cache-control'], 'no-cache')
  t.regex(String(page.headers['content-security-policy']), /^default-src 'self'; script-src 'self';/)
  const script = await rawRequest(edge.ports.http, fixture.script.path, {headers: {'accept-encoding': 'gzip, br'}})
  t.is(script.headers['content-encoding'], 'br')
  t.deepEqual(script.body, fixture.script.br)
  t.is(script.headers['cache-control'], 'public, max-age=31536000, immutable')
  const branding = JSON.parse((await rawRequest(edge.ports.http, '/branding.json')).body.toString('utf8')) as {
    name: string
    colors: {buy: string}
  }
  t.is(branding.name, 'Edge Exchange')
  t.is(branding.colors.buy, '#0c0')
  // Its API answers as ever.
  const ping = await rawRequest(edge.ports.http, '/api/v3/ping')
  t.is(ping.status, 200)
  t.is(ping.body.toString('utf8'), '{}')
  t.is((await rawRequest(edge.ports.http, '/api/v1/nope')).status, 404)
})

test('an edge with web: false (--no-web) answers / with the 404 of any unknown path', async (t) => {
  const edge = await startEdge(t.context, {web: false})
  for (const target of ['/', '/trade/BTC-USDT', '/branding.json']) {
    const answer = await rawRequest(edge.ports.http, target)
    t.is(answer.status, 404, target)
    t.deepEqual(JSON.parse(answer.body.toString('utf8')), {error: {code: 'not_found', message: `no route for GET ${target}`}})
  }
})

test('an edge whose branding file does not pass refuses to start, naming it', async (t) => {
  const file = path.join(tempDir(), 'branding.json')
  fs.writeFileSync(file, JSON.stringify({colors: {accent: 'url(javascript:alert(1))'}}))
  const error = await t.throwsAsync(startEdge(t.context, {brandingFile: file}), {instanceOf: StartupRefused})
  t.is(error.message, `--branding-file ${file}: colors.accent "url(javascript:alert(1))" is not a colour #rgb or #rrggbb`)
})
