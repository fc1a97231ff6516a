/**
 * `exchange node start` and cluster mode's flags (docs/cluster.md "Roles and flags"): the default
 * role `all` loads nothing of the cluster — no module of src/node/cluster/, no NATS client — and a
 * cluster flag that does not fit the role is a one-line usage error. (The sequencer run as the CLI
 * against a real nats-server: node-cluster-nats.test.ts.)
 */
import fs from 'node:fs'
import path from 'node:path'
import test from 'ava'
import {fileURLToPath} from 'node:url'
import {runCli, startCliNode} from '../helpers/cli.js'
import {tempDir} from '../helpers/node.js'

const RECORD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/imports/record.mjs')

test('node start --help lists the cluster flags with their variables', async (t) => {
  const help = await runCli(['node', 'start', '--help'])
  t.is(help.code, 0, help.stderr)
  for (const [flag, env] of [
    ['--role', 'EXCHANGE_ROLE'],
    ['--nats', 'EXCHANGE_NATS_URL'],
    ['--nats-creds', 'EXCHANGE_NATS_CREDS'],
    ['--nats-tls-ca', 'EXCHANGE_NATS_TLS_CA'],
    ['--secrets-file', 'EXCHANGE_SECRETS_FILE'],
  ]) {
    t.regex(help.stdout, new RegExp(`${flag}\\b`))
    t.regex(help.stdout, new RegExp(env!))
  }
})

test('a cluster flag that does not fit the role is one line and exit 2', async (t) => {
  const cases: [string[], NodeJS.ProcessEnv, RegExp][] = [
    [['--role', 'edge'], {}, /Error: --role edge needs --nats <url> \(EXCHANGE_NATS_URL\)$/],
    [[], {EXCHANGE_NATS_URL: 'nats://127.0.0.1:4222'}, /Error: --nats needs --role sequencer or --role edge$/],
    [
      ['--role', 'sequencer', '--nats', 'http://x:80'],
      {},
      /Error: --nats: "http:\/\/x:80" is not a NATS URL \(nats:\/\/host:4222\)$/,
    ],
    [['--role', 'edge', '--nats', 'nats://127.0.0.1:4222'], {}, /Error: --role edge needs --secrets-file/],
    [['--sequencer-public'], {}, /Error: --sequencer-public is for --role sequencer$/],
  ]
  // Two at a time: each is a CLI process, and the machine running the suite may be busy.
  for (let i = 0; i < cases.length; i += 2) {
    const results = await Promise.all(
      cases
        .slice(i, i + 2)
        .map(([args, env]) => runCli(['node', 'start', '--data-dir', '/nonexistent/cluster-flags', ...args], {env})),
    )
    results.forEach((result, j) => {
      const [, , line] = cases[i + j]!
      t.is(result.code, 2, result.stderr)
      t.regex(result.stderr.trim(), line)
      t.is(result.stderr.trim().split('\n').length, 1, result.stderr)
    })
  }
})

test("--role edge takes only the public listener's and the cluster's flags; its secrets file is checked at start", async (t) => {
  const dir = tempDir()
  try {
    const secrets = path.join(dir, 'secrets.json')
    fs.writeFileSync(secrets, '{}')
    const edge = ['node', 'start', '--role', 'edge', '--nats', 'nats://127.0.0.1:4222', '--secrets-file', secrets]
    const [grpc, dataDir, unreadable] = await Promise.all([
      runCli([...edge, '--grpc-port', '0']),
      runCli([...edge, '--http-port', '0', '--data-dir', path.join(dir, 'data')]),
      runCli([...edge, '--http-port', '0', '--cors-origins', 'https://example.com']),
    ])
    t.is(grpc.code, 2, grpc.stderr)
    t.regex(grpc.stderr.trim(), /Error: --grpc-port is not a flag of --role edge$/)
    t.is(dataDir.code, 2, dataDir.stderr)
    t.regex(dataDir.stderr.trim(), /Error: --data-dir is not a flag of --role edge$/)
    // The public listener's flags pass; the secrets file is read before NATS is dialled.
    t.is(unreadable.code, 1, unreadable.stderr)
    t.regex(unreadable.stderr.trim(), /Error: --secrets-file .*has no jwt_key and encryption_key$/)
    for (const result of [grpc, dataDir, unreadable]) t.is(result.stderr.trim().split('\n').length, 1, result.stderr)
  } finally {
    fs.rmSync(dir, {recursive: true, force: true})
  }
})

test.serial('node start alone (role all) loads no module of the cluster and no NATS client', async (t) => {
  const dir = tempDir()
  const record = path.join(dir, 'imports.txt')
  try {
    const node = await startCliNode(['--data-dir', path.join(dir, 'data')], {
      NODE_OPTIONS: `--import=${RECORD}`,
      RECORD_IMPORTS_FILE: record,
    })
    t.is(await node.stop(), 0, node.stderr())
    const urls = fs.readFileSync(record, 'utf8').split('\n').filter(Boolean)
    // The record sees the node's own modules (so an absent one is really absent)...
    t.true(
      urls.some((url) => url.endsWith('/dist/src/node/node.js') || url.endsWith('/dist/node/node.js')),
      'node.js is recorded',
    )
    t.true(urls.some((url) => url.includes('/node/trading/')))
    // ...and nothing of cluster mode but its table's SQL (migrations.ts: the store is the same in every role).
    t.deepEqual(
      urls.filter((url) => url.includes('/node/cluster/') && !url.endsWith('/cluster/sequencer/schema.js')),
      [],
    )
    t.deepEqual(
      urls.filter((url) => url.includes('@nats-io')),
      [],
    )
  } finally {
    fs.rmSync(dir, {recursive: true, force: true})
  }
})
