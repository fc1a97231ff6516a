/**
 * Backups of a running node (StoreService.Backup) under order load: the copy restored into a new
 * data dir starts, its ledger verifies, every order acknowledged before the backup began is in it,
 * and the API keys of the old node still sign requests (the secrets came along).
 */
import fs from 'node:fs'
import path from 'node:path'
import test from 'ava'
import {restoreDataDir} from '../../../src/node/backups/restore.js'
import {DEFAULT_CONFIG} from '../../../src/node/ground/config.js'
import {startTestNode, tempDir, type TestNode} from '../../helpers/node.js'
import {signed, trader, type Trader} from '../../helpers/rest.js'

const TICKER = 'ETH-USDT'
const loadLimits = {rateLimits: {...DEFAULT_CONFIG.rateLimits, internal: 100_000, ordersPerSecond: 100_000}}

let node: TestNode
test.before(async () => {
  node = await startTestNode(loadLimits)
})
test.after.always(async () => {
  await node?.close()
})

/** Places signed limit orders over REST until `stop()`; the ids acknowledged (200), each with the time of its answer. */
function orderLoad(node: TestNode, traders: Trader[]) {
  const acknowledged: {id: string; at: number}[] = []
  let stopped = false
  const loops = traders.map(async (trader, i) => {
    for (let n = 0; !stopped; n++) {
      const side = (n + i) % 2 === 0 ? 'buy' : 'sell'
      const price = String(2000 + ((n * 7 + i * 3) % 21) - 10)
      const response = await signed(node, trader, 'POST', '/orders/place/', {
        ticker: TICKER,
        side,
        type: 'limit',
        price,
        qty: String((n % 9) + 1),
      })
      if (response.status === 200) acknowledged.push({id: (response.body as {order_id: string}).order_id, at: Date.now()})
    }
  })
  return {
    acknowledged,
    async stop() {
      stopped = true
      await Promise.all(loops)
    },
  }
}

test('a backup taken under order load restores: the ledger verifies, every order acknowledged before it is there, API keys work', async (t) => {
  const traders = await Promise.all([0, 1, 2, 3].map(() => trader(node, {ETH: '1000', USDT: '10000000'})))
  const load = orderLoad(node, traders)
  while (load.acknowledged.length < 50) await new Promise((resolve) => setTimeout(resolve, 20))

  const file = path.join(tempDir('exchange-backup-'), 'exchange.backup.db')
  const began = Date.now()
  const before = load.acknowledged.filter(({at}) => at < began).map(({id}) => id)
  const backup = await node.admin.call<{path: string; secrets_path: string; bytes: string; key_id: string}>(
    'StoreService',
    'Backup',
    {path: file},
  )
  const finished = Date.now()
  // Orders keep flowing during and after the backup.
  const countAfter = load.acknowledged.length
  while (load.acknowledged.length < countAfter + 20) await new Promise((resolve) => setTimeout(resolve, 20))
  await load.stop()

  t.is(backup.path, file)
  t.is(backup.secrets_path, `${file}.secrets.json`)
  t.is(Number(backup.bytes), fs.statSync(file).size)
  for (const written of [file, `${file}.secrets.json`]) t.is(fs.statSync(written).mode & 0o777, 0o600)

  const dataDir = path.join(tempDir('exchange-restored-'), 'data')
  const result = await restoreDataDir(file, dataDir)
  t.is(result.keyId, backup.key_id)
  const restored = await startTestNode({...loadLimits, dataDir})
  t.teardown(() => restored.close())

  const report = await restored.admin.call<{ok: boolean; problems: string[]}>('LedgerService', 'VerifyLedger')
  t.true(report.ok, report.problems.join('; '))
  const stored = new Set((restored.services.db.prepare('SELECT id FROM orders').all() as {id: string}[]).map(({id}) => id))
  t.deepEqual(
    before.filter((id) => !stored.has(id)),
    [],
    'orders acknowledged before the backup began are missing',
  )
  t.true(before.length >= 50)
  // The copy is the store as of the backup: orders acknowledged after it returned are not in it.
  const after = load.acknowledged.filter(({at}) => at > finished).map(({id}) => id)
  t.true(after.length >= 20)
  t.deepEqual(
    after.filter((id) => stored.has(id)),
    [],
  )

  // The old node's API keys and sessions still work: the secrets came along.
  const listed = await signed(restored, traders[0]!, 'GET', `/orders/?ticker=${TICKER}&limit=10`)
  t.is(listed.status, 200, JSON.stringify(listed.body))
})

test('Backup refuses a relative path and an existing file, and never overwrites', async (t) => {
  const relative = await t.throwsAsync(node.admin.call('StoreService', 'Backup', {path: 'relative.db'}))
  t.regex(relative.message, /must be absolute/)
  const file = path.join(tempDir('exchange-backup-'), 'taken.db')
  fs.writeFileSync(file, 'precious')
  const taken = await t.throwsAsync(node.admin.call('StoreService', 'Backup', {path: file}))
  t.regex(taken.message, /exists/)
  t.is(fs.readFileSync(file, 'utf8'), 'precious')
  t.false(fs.existsSync(`${file}.secrets.json`))
  const missingDir = await t.throwsAsync(node.admin.call('StoreService', 'Backup', {path: path.join(file, 'x', 'y.db')}))
  t.regex(missingDir.message, /does not exist/)
})
