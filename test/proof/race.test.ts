/**
 * Proof, short run: 500 concurrent writes against one balance that pays for a fraction of them
 * → no overdraft, accepted × amount accounts for every unit exactly, every accepted answer's effect
 * in the store and no refused one's, refusals only `insufficient_funds`. The funding race includes
 * the user's `POST /withdrawals/` (queued and held: the node's eth chain is configured, its node
 * down). `npm run soak` runs 1,000.
 */
import test from 'ava'
import {startTestNode, type TestNode} from '../helpers/node.js'
import {CHAIN_DOWN, UNLIMITED} from '../helpers/proof/node.js'
import {raceFunding, raceTrading} from '../helpers/proof/race.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode({rateLimits: UNLIMITED, chain: CHAIN_DOWN})
})
test.after.always(async () => {
  await node?.close()
})

test.serial(
  '500 concurrent transfers, user and manual withdrawals against one funding balance: no overdraft, every 200 held or booked',
  async (t) => {
    const report = await raceFunding(node, {requests: 500, fits: 200})
    t.log(`${report.requests} requests in ${report.ms} ms`, report.accepted, report.refused)
    t.deepEqual(report.problems, [])
    const {transfer = 0, withdrawal = 0, 'manual withdrawal': manual = 0} = report.accepted
    t.is(transfer + withdrawal + manual, 200)
    t.true(withdrawal > 0, 'no user withdrawal was accepted')
  },
)

test.serial(
  '500 concurrent orders and transfers against one trading balance: no overdraft, holds equal accepted orders',
  async (t) => {
    const report = await raceTrading(node, {requests: 500, fits: 120})
    t.log(`${report.requests} requests in ${report.ms} ms`, report.accepted, report.refused)
    t.deepEqual(report.problems, [])
    t.true((report.accepted['order'] ?? 0) > 0)
  },
)
