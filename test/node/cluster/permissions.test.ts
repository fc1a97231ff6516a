/**
 * NATS permissions per role (docs/examples/nats-cluster-permissions.conf, docs/cluster.md): with a
 * real nats-server using the documented config, a sequencer logged in as `sequencer` runs, an edge
 * logged in as `edge` loads its replicas, sends commands and follows the event stream — and its
 * attempts to publish an event or write a bucket are refused by the server.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {jetstream} from '@nats-io/jetstream'
import {Kvm} from '@nats-io/kv'
import {readSecrets, SECRETS_FILE} from '../../../src/node/auth/secrets.js'
import {openConnection} from '../../../src/node/cluster/connection.js'
import {startEdgeSide} from '../../../src/node/cluster/edge/edge.js'
import {EdgeStreams} from '../../../src/node/cluster/edge/streams.js'
import {BUCKETS} from '../../../src/node/cluster/subjects.js'
import {daemonTest} from '../../helpers/system-daemon.js'
import {startNatsServer, type NatsServer} from '../../helpers/nats.js'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {memoryLogger} from '../../helpers/cluster.js'
import {trader} from '../../helpers/market.js'
import {waitFor} from '../../helpers/wait.js'

const test = daemonTest<{nats: NatsServer; node: TestNode; configDir: string}>('nats-server', 'nats-server')

test.before(async (t) => {
  const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nats-conf-'))
  const documented = fs.readFileSync(new URL('../../../docs/examples/nats-cluster-permissions.conf', import.meta.url), 'utf8')
  const config = path.join(configDir, 'nats.conf')
  fs.writeFileSync(config, documented.replace('$SEQUENCER_PASSWORD', 'seq-secret').replace('$EDGE_PASSWORD', 'edge-secret'))
  const nats = await startNatsServer({args: ['-c', config]})
  const node = await startTestNode({role: 'sequencer', nats: {servers: [`nats://sequencer:seq-secret@127.0.0.1:${nats.port}`]}})
  t.context = {nats, node, configDir}
})

test.after.always(async (t) => {
  await t.context.node?.close()
  await t.context.nats?.close()
  if (t.context.configDir) fs.rmSync(t.context.configDir, {recursive: true, force: true})
})

test('an edge with the documented permissions follows the cluster, and may not publish events nor write a bucket', async (t) => {
  const {nats, node} = t.context
  const {logger, lines} = memoryLogger()
  const connection = await openConnection({servers: [`nats://edge:edge-secret@127.0.0.1:${nats.port}`]}, 'edge', logger)
  try {
    const side = await startEdgeSide(connection, {logger, secrets: readSecrets(path.join(node.dataDir, SECRETS_FILE))})
    const streams = new EdgeStreams(connection, side.commands, {logger})
    await streams.start()
    const seen: string[] = []
    streams.ledger.onPosted((posted) => seen.push(posted.type))
    const account = await trader(node, {USDT: '5'})
    t.true(await waitFor(() => seen.length > 0, 10_000), 'the edge reads the event stream')
    t.true(await waitFor(() => side.accounts.cachedById(account.id) !== undefined, 10_000), 'and the buckets')
    t.is(((await side.commands.call('accounts', 'byId', [account.id])) as {id: string}).id, account.id, 'and sends commands')
    await t.throwsAsync(jetstream(connection.nc).publish('ex.ev.t.BTC-USDT', 'forged', {timeout: 1000}))
    const kv = await new Kvm(connection.nc).open(BUCKETS.accounts)
    await t.throwsAsync(kv.put(account.id, 'forged', {timeout: 1000} as never))
    t.true(
      nats.output().includes('Publish Violation - User "edge", Subject "ex.ev.t.BTC-USDT"'),
      'the server refused the event for its permissions',
    )
    t.false(
      lines.some((line) => line.includes('could not be read')),
      'nothing forged reached the feed',
    )
    await streams.stop()
    await side.stop()
  } finally {
    await connection.close()
  }
})
