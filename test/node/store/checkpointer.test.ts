import fs from 'node:fs'
import path from 'node:path'
import test from 'ava'
import {startTestNode} from '../../helpers/node.js'
import {DB_FILE} from '../../../src/node/store/database.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

test('WAL checkpoints run in the checkpointer thread, not in the commits of the node', async (t) => {
  const node = await startTestNode()
  try {
    const {db} = node.services
    // The node's own connection only checkpoints as a safety net, far beyond SQLite's default.
    t.is(db.pragma('wal_autocheckpoint', {simple: true}), 10_000)
    const account = await node.services.accounts.create('checkpoints@example.com', 'password123')
    for (let i = 0; i < 50; i++) {
      node.services.operations.topup(
        {balanceAccountId: account.tradingAccountId},
        {asset: 'USDT', amount: '1', reason: `checkpoint test ${i}`, operator: 'test'},
      )
    }
    const deadline = Date.now() + 5_000
    while (node.checkpointer.stats.frames === 0 && Date.now() < deadline) await sleep(50)
    t.true(node.checkpointer.stats.runs > 0)
    t.true(node.checkpointer.stats.frames > 0)
  } finally {
    await node.close()
  }
  // A clean stop leaves no WAL behind: the thread's connection is closed before the node's.
  t.false(fs.existsSync(path.join(node.dataDir, `${DB_FILE}-wal`)))
})
