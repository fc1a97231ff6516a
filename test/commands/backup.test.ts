/**
 * `exchange backup` and `exchange restore` as an operator runs them: a backup through the admin API
 * of a running node and one from a stopped node's files, never overwriting; a restore that refuses a
 * dir in use or holding state (unless --force), a corrupt copy and secrets that are not the store's,
 * with the exit codes of docs/cli.md. Needs dist/ (npm run build).
 */
import fs from 'node:fs'
import path from 'node:path'
import test from 'ava'
import {SECRETS_FILE} from '../../src/node/auth/secrets.js'
import {DB_FILE} from '../../src/node/store/database.js'
import {runCli, runJson} from '../helpers/cli.js'
import {startTestNode, tempDir, uniqueEmail} from '../helpers/node.js'

type Backup = {path: string; secrets_path: string; bytes: string; key_id: string}
type Restored = {data_dir: string; key_id: string; bytes: string}

/** Runs a command that needs no node (`restore`, `backup --data-dir`) with --json; its parsed output. */
async function json<T>(args: string[]): Promise<T> {
  const result = await runCli([...args, '--json'])
  if (result.code !== 0) throw new Error(`exchange ${args.join(' ')} exited ${result.code}: ${result.stderr}`)
  return JSON.parse(result.stdout) as T
}

test('backup through the admin API, from the files of a stopped node, and restore: the accounts come back', async (t) => {
  t.timeout(300_000)
  const dataDir = tempDir()
  const node = await startTestNode({dataDir})
  const email = uniqueEmail('backup')
  await node.admin.call('AccountsService', 'CreateAccount', {email, password: 'correct horse battery'})
  const dir = tempDir('exchange-backups-')
  const online = await runJson<Backup>(['backup', '--to', path.join(dir, 'online.db')], node.grpcAddress)
  t.is(online.path, path.join(dir, 'online.db'))
  t.is(online.secrets_path, path.join(dir, 'online.db.secrets.json'))
  t.regex(online.key_id, /^[0-9a-f]{16}$/)
  for (const file of [online.path, online.secrets_path]) t.is(fs.statSync(file).mode & 0o777, 0o600)

  // Never over an existing backup: already_exists, exit 5.
  const again = await runCli(['backup', '--to', online.path, '--admin-url', node.grpcAddress])
  t.is(again.code, 5, again.stderr)
  t.regex(again.stderr, /^Error: ALREADY_EXISTS \(already_exists\): .*exists/)

  // From the files: refused while the node runs on the dir (exit 1, naming the pid)...
  const busy = await runCli(['backup', '--to', path.join(dir, 'offline.db'), '--data-dir', dataDir])
  t.is(busy.code, 1, busy.stderr)
  t.regex(busy.stderr, /is in use by another node \(pid \d+\)/)
  node.admin.close()
  await node.stop()
  // ...and once it stopped, the same key id.
  const offline = await json<Backup>(['backup', '--to', path.join(dir, 'offline.db'), '--data-dir', dataDir])
  t.is(offline.key_id, online.key_id)

  const target = path.join(tempDir(), 'restored')
  const restored = await json<Restored>(['restore', '--from', offline.path, '--data-dir', target])
  t.is(restored.key_id, online.key_id)
  t.is(fs.statSync(target).mode & 0o777, 0o700)
  for (const name of [DB_FILE, SECRETS_FILE]) t.is(fs.statSync(path.join(target, name)).mode & 0o777, 0o600)
  const back = await startTestNode({dataDir: target})
  t.teardown(() => back.close())
  const details = await back.admin.call<{email: string}>('AccountsService', 'GetAccountDetails', {email})
  t.is(details.email, email)

  // A dir a node runs on is refused, even with --force.
  const inUse = await runCli(['restore', '--from', online.path, '--data-dir', target, '--force'])
  t.is(inUse.code, 1, inUse.stderr)
  t.regex(inUse.stderr, /is in use by another node/)
})

test('restore refuses a dir holding state unless --force, a corrupt copy and foreign secrets', async (t) => {
  t.timeout(300_000)
  const node = await startTestNode()
  const dir = tempDir('exchange-backups-')
  const first = await runJson<Backup>(['backup', '--to', path.join(dir, 'a.db')], node.grpcAddress)
  await node.close()
  const other = await startTestNode()
  const second = await runJson<Backup>(['backup', '--to', path.join(dir, 'b.db')], other.grpcAddress)
  await other.close()

  const target = path.join(tempDir(), 'data')
  t.is((await runCli(['restore', '--from', first.path, '--data-dir', target])).code, 0)
  const occupied = await runCli(['restore', '--from', second.path, '--data-dir', target])
  t.is(occupied.code, 5, occupied.stderr)
  t.regex(occupied.stderr, /already holds exchange\.db, secrets\.json; --force replaces them/)
  const forced = await json<Restored>(['restore', '--from', second.path, '--data-dir', target, '--force'])
  t.is(forced.key_id, second.key_id)

  // Secrets that are not the store's: failed_precondition, exit 6, nothing written.
  fs.copyFileSync(first.secrets_path, second.secrets_path + '.tmp')
  fs.renameSync(second.secrets_path + '.tmp', second.secrets_path)
  const fresh = path.join(tempDir(), 'data')
  const foreign = await runCli(['restore', '--from', second.path, '--data-dir', fresh])
  t.is(foreign.code, 6, foreign.stderr)
  t.regex(foreign.stderr, /is not the secrets of/)
  t.false(fs.existsSync(path.join(fresh, DB_FILE)))

  // A corrupt copy: failed_precondition, exit 6.
  const corrupt = path.join(dir, 'corrupt.db')
  fs.writeFileSync(corrupt, Buffer.alloc(8192, 0x42))
  fs.copyFileSync(first.secrets_path, `${corrupt}.secrets.json`)
  const broken = await runCli(['restore', '--from', corrupt, '--data-dir', fresh])
  t.is(broken.code, 6, broken.stderr)
  t.regex(broken.stderr, /corrupt\.db: file is not a database/)
  t.is(broken.stderr.split('\n').filter(Boolean).length, 1)

  // A missing backup: not_found, exit 4.
  const missing = await runCli(['restore', '--from', path.join(dir, 'nope.db'), '--data-dir', fresh])
  t.is(missing.code, 4, missing.stderr)
})
