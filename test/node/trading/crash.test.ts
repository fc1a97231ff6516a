/**
 * Crash safety of spot trading: a child node under signed order load (REST) is SIGKILLed at random
 * points, several times; after each restart every acknowledged order is there, the order book served
 * equals the book replayed from the stored open orders, and the ledger verifies.
 * Needs dist/ (npm run build). Serial by nature: one node process at a time.
 */
import fs from 'node:fs'
import test from 'ava'
import {assertRecovered, crashTraders, orderLoad, startCrashNode, storedOrders} from '../../helpers/crash-node.js'
import {tempDir} from '../../helpers/node.js'

const TICKER = 'ETH-USDT'

test('SIGKILL under order load loses no acknowledged order; book and ledger rebuild exactly', async (t) => {
  t.timeout(120_000)
  const dataDir = tempDir('exchange-crash-')
  t.teardown(() => fs.rmSync(dataDir, {recursive: true, force: true}))
  let node = await startCrashNode(dataDir)
  t.teardown(() => node.kill())
  const traders = await crashTraders(node, 4, {ETH: '1000', USDT: '10000000'}, 'crash')

  const acknowledged = new Set<string>()
  let sent = 0
  for (let round = 0; round < 3; round++) {
    const load = orderLoad(node, traders, TICKER, acknowledged, 200)
    await new Promise((resolve) => setTimeout(resolve, 300 + Math.floor(Math.random() * 700)))
    await node.kill()
    sent += await load.stop()
    node = await startCrashNode(dataDir)

    // Every acknowledged order is present.
    const stored = await storedOrders(node, traders)
    const missing = [...acknowledged].filter((id) => !stored.has(id))
    t.deepEqual(missing, [], `round ${round}: acknowledged orders missing after restart`)
    await assertRecovered(t, node, stored, TICKER, `round ${round}`)
  }
  t.log(`${sent} orders sent, ${acknowledged.size} acknowledged over 3 kills`)
  t.true(acknowledged.size > 20, 'the load must actually place orders')
  await node.kill()
})
