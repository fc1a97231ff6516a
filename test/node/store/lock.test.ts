/**
 * One node per data dir, and its files private. A second node on the dir of a running one is
 * refused before it opens the store or binds a port, with a message naming the dir and the holder's pid — in the same process
 * and from the CLI; once the first stops (or is killed: test/node/trading/crash.test.ts restarts on the
 * dir of a SIGKILLed node), the dir is free again.
 */
import fs from 'node:fs'
import path from 'node:path'
import test from 'ava'
import {DB_FILE} from '../../../src/node/store/database.js'
import {DataDirLocked} from '../../../src/node/store/lock.js'
import {runCli} from '../../helpers/cli.js'
import {startTestNode, tempDir} from '../../helpers/node.js'

test("a second node on a running node's data dir is refused, naming the dir and the pid; after stop it starts", async (t) => {
  const dataDir = tempDir()
  const first = await startTestNode({dataDir})
  try {
    const error = await t.throwsAsync(startTestNode({dataDir}), {instanceOf: DataDirLocked})
    t.is(error.pid, process.pid)
    t.regex(
      error.message,
      new RegExp(
        `data dir ${dataDir.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by another node \\(pid ${process.pid}\\)`,
      ),
    )
    // The first node is untouched and still serves.
    t.true((await first.admin.call('LedgerService', 'VerifyLedger', {})).ok)
  } finally {
    await first.stop()
  }
  const second = await startTestNode({dataDir})
  await second.stop()
  t.pass()
})

test('exchange node start on a dir in use exits 1 with one line, before binding its port', async (t) => {
  const dataDir = tempDir()
  const first = await startTestNode({dataDir})
  try {
    const result = await runCli(['node', 'start', '--data-dir', dataDir, '--http-port', String(first.ports.http)])
    t.is(result.code, 1)
    t.regex(result.stderr, /is in use by another node \(pid \d+\)/)
    // Refused before the port: the error is about the dir, not the port the first node holds.
    t.notRegex(result.stderr, /EADDRINUSE/)
    t.false(result.stdout.includes('"node started"'))
  } finally {
    await first.stop()
  }
  t.true(fs.existsSync(path.join(dataDir, DB_FILE)))
})

test('a new data dir is 0700, and the store, its WAL and the secrets are 0600', async (t) => {
  const dataDir = path.join(tempDir(), 'fresh')
  const node = await startTestNode({dataDir})
  try {
    const mode = (name: string) => fs.statSync(path.join(dataDir, name)).mode & 0o777
    t.is(mode('.'), 0o700)
    for (const name of [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`, 'secrets.json']) t.is(mode(name), 0o600, name)
  } finally {
    await node.stop()
  }
})
