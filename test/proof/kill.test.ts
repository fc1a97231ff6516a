/**
 * Proof, short run: the node in a child process under mixed load (orders, transfers, the user's
 * withdrawals, manual withdrawals, P2P orders) is SIGKILLed twice at random moments → after each
 * restart no acknowledged write is lost (every acknowledged withdrawal is there with its hold), the
 * ledger verifies and the book equals the store. `npm run soak` runs 20 kills.
 */
import test from 'ava'
import {killSuite} from '../helpers/proof/kill.js'

test('2 SIGKILLs under mixed load: no acknowledged write lost, ledger clean, book equals store', async (t) => {
  t.timeout(120_000)
  const report = await killSuite({kills: 2})
  t.log(`${report.kills} kills in ${report.ms} ms; sent`, report.sent, 'acknowledged', report.acknowledged)
  t.deepEqual(report.problems, [])
  for (const kind of ['order', 'transfer', 'withdrawal', 'manual withdrawal', 'p2p'])
    t.true((report.acknowledged[kind] ?? 0) > 0, `no ${kind} acknowledged`)
})
