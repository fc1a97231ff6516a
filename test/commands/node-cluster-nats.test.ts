/**
 * `exchange node start --role sequencer` run as the CLI against a real nats-server, configured by its
 * environment variables: it loads cluster mode (and only then), answers an edge's command, publishes
 * its events, and stops on SIGTERM with exit 0.
 */
import {randomUUID} from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {daemonTest} from '../helpers/system-daemon.js'
import {startNatsServer} from '../helpers/nats.js'
import {startCliNode} from '../helpers/cli.js'
import {connectTo} from '../helpers/cluster.js'
import {tempDir} from '../helpers/node.js'
import {CommandClient} from '../../src/node/cluster/edge/command-client.js'

const test = daemonTest('nats-server', 'nats-server')
const RECORD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/imports/record.mjs')

test('EXCHANGE_ROLE=sequencer EXCHANGE_NATS_URL=…: the node answers commands from an edge', async (t) => {
  const nats = await startNatsServer()
  const dir = tempDir()
  const record = path.join(dir, 'imports.txt')
  const edge = await connectTo(nats, 'edge')
  try {
    const node = await startCliNode(['--data-dir', path.join(dir, 'data')], {
      EXCHANGE_ROLE: 'sequencer',
      EXCHANGE_NATS_URL: nats.url,
      NODE_OPTIONS: `--import=${RECORD}`,
      RECORD_IMPORTS_FILE: record,
    })
    try {
      t.true(
        node.lines.some((line) => line.includes('"sequencer ready"')),
        'the sequencer was ready before the node started',
      )
      const answer = await new CommandClient(edge).call('apiKeys', 'list', [randomUUID()])
      t.deepEqual(answer, [])
    } finally {
      t.is(await node.stop(), 0)
    }
    const urls = fs.readFileSync(record, 'utf8')
    t.regex(urls, /\/node\/cluster\/sequencer\/sequencer\.js/)
    t.regex(urls, /@nats-io\/transport-node/)
  } finally {
    await edge.close()
    await nats.close()
    fs.rmSync(dir, {recursive: true, force: true})
  }
})
