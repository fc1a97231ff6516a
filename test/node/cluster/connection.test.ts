/**
 * The NATS connection of a cluster process (cluster/connection.ts) against real nats-servers: the
 * options of issue 24's traps, a login carried in the URL (`--nats nats://user:password@host`), and
 * mutual TLS with `--nats-tls-ca/-cert/-key` (certificates made by openssl, test/helpers/tls.ts).
 */
import fs from 'node:fs'
import {daemonTest} from '../../helpers/system-daemon.js'
import {startNatsServer} from '../../helpers/nats.js'
import {memoryLogger} from '../../helpers/cluster.js'
import {makeTestPki} from '../../helpers/tls.js'
import {connectionOptions, openConnection} from '../../../src/node/cluster/connection.js'
import {openJetStream} from '../../../src/node/cluster/event-stream.js'
import {StartupRefused} from '../../../src/node/store/refusal.js'

const test = daemonTest('nats-server', 'nats-server')

test('the options: never give up, no async traces, a name per process, the login out of the URL', (t) => {
  const options = connectionOptions({servers: ['nats://alice:s%40cret@10.0.0.5:4222', 'tls://10.0.0.6:4222']}, 'edge')
  t.deepEqual(options.servers, ['nats://10.0.0.5:4222', 'tls://10.0.0.6:4222'])
  t.is(options.user, 'alice')
  t.is(options.pass, 's@cret')
  t.true(options.noAsyncTraces)
  t.is(options.maxReconnectAttempts, -1)
  t.true(options.waitOnFirstConnect)
  t.regex(options.name!, new RegExp(`^exchange-edge-.+-${process.pid}$`))
  t.is(connectionOptions({servers: ['nats://tok3n@h:4222']}, 'sequencer').token, 'tok3n')
})

test('a user and password in the URL log in', async (t) => {
  const nats = await startNatsServer({args: ['--user', 'exchange', '--pass', 'pa55word']})
  try {
    const connection = await openConnection(
      {servers: [`nats://exchange:pa55word@127.0.0.1:${nats.port}`]},
      'sequencer',
      memoryLogger().logger,
    )
    t.true(connection.connected)
    t.is(await connection.nc.flush(), undefined)
    await connection.close()
  } finally {
    await nats.close()
  }
})

test('mutual TLS: the CA, a client certificate and its key', async (t) => {
  const pki = makeTestPki()
  const nats = await startNatsServer({
    args: ['--tlsverify', '--tlscert', pki.server.cert, '--tlskey', pki.server.key, '--tlscacert', pki.ca],
  })
  try {
    const connection = await openConnection(
      {servers: [`tls://127.0.0.1:${nats.port}`], tls: {caFile: pki.ca, certFile: pki.client.cert, keyFile: pki.client.key}},
      'edge',
      memoryLogger().logger,
    )
    t.true(connection.nc.info?.tls_required)
    await connection.nc.flush()
    await connection.close()
  } finally {
    await nats.close()
    fs.rmSync(pki.dir, {recursive: true, force: true})
  }
})

test('a NATS server without JetStream is a one-line refusal', async (t) => {
  const nats = await startNatsServer({jetstream: false})
  try {
    const connection = await openConnection({servers: [nats.url]}, 'sequencer', memoryLogger().logger)
    const error = await t.throwsAsync(openJetStream(connection.nc))
    t.true(error instanceof StartupRefused)
    t.regex(error!.message, /^--nats: 127\.0\.0\.1:\d+ has no JetStream: start nats-server with -js/)
    await connection.close()
  } finally {
    await nats.close()
  }
})
