/**
 * A data dir's store and secrets belong together (src/node/startup/data-dir.ts): a node refuses to start on
 * state that does not — secrets missing or another store's, an empty store in a dir that is not new,
 * a corrupt store — naming the file and pointing to `exchange restore`, without writing the store.
 * A store from before the binding adopts the secrets beside it once.
 */
import fs from 'node:fs'
import path from 'node:path'
import test from 'ava'
import {SECRETS_FILE} from '../../../src/node/auth/secrets.js'
import {DB_FILE, openDatabase} from '../../../src/node/store/database.js'
import {migrations} from '../../../src/node/migrations.js'
import {StartupRefused} from '../../../src/node/store/refusal.js'
import {startTestNode, tempDir} from '../../helpers/node.js'

/** A data dir a node has run on and stopped (`stop`, not `close`, which removes the dir). */
async function usedDataDir(): Promise<string> {
  const dataDir = tempDir()
  const node = await startTestNode({dataDir})
  node.admin.close()
  await node.stop()
  return dataDir
}

const escaped = (text: string) => text.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')

test('secrets.json missing beside an existing store: refused, naming the file and exchange restore; not regenerated', async (t) => {
  const dataDir = await usedDataDir()
  fs.rmSync(path.join(dataDir, SECRETS_FILE))
  const error = await t.throwsAsync(startTestNode({dataDir}), {instanceOf: StartupRefused})
  t.regex(error.message, new RegExp(`${escaped(path.join(dataDir, SECRETS_FILE))} is missing`))
  t.regex(error.message, /exchange restore/)
  t.false(fs.existsSync(path.join(dataDir, SECRETS_FILE)))
})

test("another store's secrets.json: refused with both key ids, the store untouched", async (t) => {
  const [dataDir, other] = await Promise.all([usedDataDir(), usedDataDir()])
  fs.copyFileSync(path.join(other, SECRETS_FILE), path.join(dataDir, SECRETS_FILE))
  const before = fs.readFileSync(path.join(dataDir, DB_FILE))
  const error = await t.throwsAsync(startTestNode({dataDir}), {instanceOf: StartupRefused})
  t.regex(error.message, /\(key id [0-9a-f]{16}\) is not the secrets of the store .* \(key id [0-9a-f]{16}\)/)
  t.true(before.equals(fs.readFileSync(path.join(dataDir, DB_FILE))))
})

test('a 0-byte exchange.db beside secrets.json is refused, not seeded as a new exchange', async (t) => {
  const dataDir = await usedDataDir()
  fs.writeFileSync(path.join(dataDir, DB_FILE), '')
  const error = await t.throwsAsync(startTestNode({dataDir}), {instanceOf: StartupRefused})
  t.regex(error.message, new RegExp(`${escaped(path.join(dataDir, DB_FILE))} is empty but the data dir is not new`))
  t.is(fs.statSync(path.join(dataDir, DB_FILE)).size, 0)
})

test('exchange.db deleted, secrets.json left: refused', async (t) => {
  const dataDir = await usedDataDir()
  fs.rmSync(path.join(dataDir, DB_FILE))
  const error = await t.throwsAsync(startTestNode({dataDir}), {instanceOf: StartupRefused})
  t.regex(error.message, /exchange\.db is missing but .*secrets\.json is there/)
})

test('a corrupt store is refused naming its path; its bytes are left as they were', async (t) => {
  const dataDir = await usedDataDir()
  const garbage = Buffer.alloc(8192, 0x5a)
  fs.writeFileSync(path.join(dataDir, DB_FILE), garbage)
  const error = await t.throwsAsync(startTestNode({dataDir}), {instanceOf: StartupRefused})
  t.regex(error.message, new RegExp(`^${escaped(path.join(dataDir, DB_FILE))}: file is not a database \\(SQLITE_NOTADB\\)$`))
  t.true(garbage.equals(fs.readFileSync(path.join(dataDir, DB_FILE))))
})

test('a store from before the binding adopts the secrets beside it, once; then other secrets are refused', async (t) => {
  // A store as the migrations before the binding (18) left it, beside secrets of a node that ran.
  const dataDir = await usedDataDir()
  fs.rmSync(path.join(dataDir, DB_FILE))
  openDatabase(
    dataDir,
    migrations.filter((migration) => migration.version <= 18),
  ).close()
  const node = await startTestNode({dataDir})
  const row = node.services.db.prepare('SELECT key_id FROM secrets_binding').get() as {key_id: string}
  t.regex(row.key_id, /^[0-9a-f]{16}$/)
  node.admin.close()
  await node.stop()
  const other = await usedDataDir()
  fs.copyFileSync(path.join(other, SECRETS_FILE), path.join(dataDir, SECRETS_FILE))
  await t.throwsAsync(startTestNode({dataDir}), {instanceOf: StartupRefused})
})
