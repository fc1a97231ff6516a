import fs from 'node:fs'
import path from 'node:path'
import {status} from '@grpc/grpc-js'
import test from 'ava'
import Database from 'better-sqlite3'
import type {CreateAPIKeyResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/CreateAPIKeyResponse.js'
import type {ListAPIKeysResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/ListAPIKeysResponse.js'
import {rpcError, startTestNode, type TestNode} from '../../helpers/node.js'
import {createAccount, unknownUuid} from '../../helpers/admin-grpc.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const HEX64 = /^[0-9a-f]{64}$/

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const createKey = (account_id: string, permissions: string[], label = '') =>
  node.admin.call<CreateAPIKeyResponse__Output>('APIKeysService', 'CreateAPIKey', {account_id, permissions, label})
const listKeys = (account_id: string) =>
  node.admin.call<ListAPIKeysResponse__Output>('APIKeysService', 'ListAPIKeys', {account_id})
const deleteKey = (key_id: string) => node.admin.call('APIKeysService', 'DeleteAPIKey', {key_id})

test('CreateAPIKey returns a 64-hex public key and a 64-hex secret, once', async (t) => {
  const account = await createAccount(node, 'keys')
  const created = await createKey(account.id, ['trade', 'read'], 'bot 1')
  t.regex(created.id, UUID)
  t.regex(created.api_key, HEX64)
  t.regex(created.api_secret, HEX64)
  t.not(created.api_key, created.api_secret)
  const second = await createKey(account.id, ['read'])
  t.not(second.api_key, created.api_key)
  t.not(second.api_secret, created.api_secret)
})

test('ListAPIKeys shows the keys with permissions, label and dates, never the secret', async (t) => {
  const account = await createAccount(node, 'list')
  const created = await createKey(account.id, ['trade', 'withdraw', 'read'], 'market maker')
  const {keys} = await listKeys(account.id)
  t.is(keys.length, 1)
  const key = keys[0]!
  t.regex(key.created_at, ISO_MS)
  t.deepEqual(key, {
    id: created.id,
    label: 'market maker',
    permissions: ['trade', 'withdraw', 'read'],
    created_at: key.created_at,
    last_used_at: '',
    api_key: created.api_key,
  })
  for (const [field, value] of Object.entries(key)) {
    t.not(value, created.api_secret, `field ${field} holds the secret`)
  }
  t.false(JSON.stringify(keys).includes(created.api_secret))
})

test('ListAPIKeys lists only the keys of the given account; none for a fresh account', async (t) => {
  const owner = await createAccount(node, 'owner')
  const other = await createAccount(node, 'other')
  const a = await createKey(owner.id, ['read'], 'a')
  const b = await createKey(owner.id, ['trade'], 'b')
  t.deepEqual((await listKeys(other.id)).keys, [])
  t.deepEqual((await listKeys(owner.id)).keys.map((key) => key.id).sort(), [a.id, b.id].sort())
})

test('CreateAPIKey: duplicate permissions are stored once', async (t) => {
  const account = await createAccount(node, 'dedupe')
  await createKey(account.id, ['read', 'read', 'trade', 'read'])
  const [key] = (await listKeys(account.id)).keys
  t.is(key?.permissions.length, 2)
  t.deepEqual([...key!.permissions].sort(), ['read', 'trade'])
})

test('CreateAPIKey: empty or unknown permissions are INVALID_ARGUMENT and create nothing', async (t) => {
  const account = await createAccount(node, 'badperm')
  for (const permissions of [[], ['admin'], ['READ'], ['read', 'admin'], [''], ['trade,read']]) {
    const error = await rpcError(createKey(account.id, permissions))
    t.is(error.code, status.INVALID_ARGUMENT, JSON.stringify(permissions))
    t.is(error.errorCode, 'invalid_argument')
  }
  t.is((await rpcError(createKey(account.id, ['read'], 'x'.repeat(65)))).code, status.INVALID_ARGUMENT)
  t.deepEqual((await listKeys(account.id)).keys, [])
})

test('CreateAPIKey and ListAPIKeys: unknown account is NOT_FOUND, malformed id INVALID_ARGUMENT', async (t) => {
  t.is((await rpcError(createKey(unknownUuid(), ['read']))).code, status.NOT_FOUND)
  t.is((await rpcError(listKeys(unknownUuid()))).code, status.NOT_FOUND)
  for (const bad of ['', 'acc-1', 'user@example.com']) {
    t.is((await rpcError(createKey(bad, ['read']))).code, status.INVALID_ARGUMENT, bad)
    t.is((await rpcError(listKeys(bad))).code, status.INVALID_ARGUMENT, bad)
  }
})

test('DeleteAPIKey removes the key; deleting it again is NOT_FOUND', async (t) => {
  const account = await createAccount(node, 'delete')
  const keep = await createKey(account.id, ['read'], 'keep')
  const drop = await createKey(account.id, ['trade'], 'drop')
  t.deepEqual(await deleteKey(drop.id), {success: true})
  t.deepEqual(
    (await listKeys(account.id)).keys.map((key) => key.id),
    [keep.id],
  )
  const again = await rpcError(deleteKey(drop.id))
  t.is(again.code, status.NOT_FOUND)
  t.is(again.errorCode, 'not_found')
  t.is(node.services.apiKeys.findForSignature(drop.api_key), undefined)
})

test('DeleteAPIKey: unknown key is NOT_FOUND, malformed key id INVALID_ARGUMENT', async (t) => {
  t.is((await rpcError(deleteKey(unknownUuid()))).code, status.NOT_FOUND)
  for (const bad of ['', 'key-1']) t.is((await rpcError(deleteKey(bad))).code, status.INVALID_ARGUMENT, bad)
})

test('the secret is stored encrypted: no api_keys column and no data file holds it in clear', async (t) => {
  const account = await createAccount(node, 'sealed')
  const created = await createKey(account.id, ['read', 'trade'], 'sealed')
  const dbFile = path.join(node.dataDir, 'exchange.db')
  const db = new Database(dbFile, {readonly: true, fileMustExist: true})
  try {
    const row = db.prepare('SELECT * FROM api_keys WHERE id = ?').get(created.id) as Record<string, unknown> | undefined
    t.truthy(row, 'the key row exists')
    for (const [column, value] of Object.entries(row ?? {})) {
      t.false(String(value).includes(created.api_secret), `column ${column} holds the clear secret`)
    }
    const rows = db.prepare('SELECT * FROM api_keys').all() as Record<string, unknown>[]
    t.false(JSON.stringify(rows).includes(created.api_secret))
  } finally {
    db.close()
  }
  for (const file of fs.readdirSync(node.dataDir)) {
    const full = path.join(node.dataDir, file)
    if (!fs.statSync(full).isFile()) continue
    t.false(fs.readFileSync(full).includes(created.api_secret), `${file} holds the clear secret`)
  }
  // The node can still recover it for the HMAC check.
  t.is(node.services.apiKeys.findForSignature(created.api_key)?.secret, created.api_secret)
})
