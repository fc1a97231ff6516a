/**
 * Proof, short run: 500 concurrent writes against one balance that pays for a fraction of them
 * → no overdraft, accepted × amount accounts for every unit exactly, every accepted answer's effect
 * in the store and no refused one's, refusals only `insufficient_funds`. `npm run soak` runs 1,000.
 */
import test from 'ava'
import {startTestNode, type TestNode} from '../helpers/node.js'
import {UNLIMITED} from '../helpers/proof/node.js'
import {raceFunding, raceTrading} from '../helpers/proof/race.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode({rateLimits: UNLIMITED})
})
test.after.always(async () => {
  await node?.close()
})

test.serial(
  '500 concurrent transfers and withdrawals against one funding balance: no overdraft, every unit accounted for',
  async (t) => {
    const report = await raceFunding(node, {requests: 500, fits: 200})
    t.log(`${report.requests} requests in ${report.ms} ms`, report.accepted, report.refused)
    t.deepEqual(report.problems, [])
    t.is((report.accepted['transfer'] ?? 0) + (report.accepted['withdrawal'] ?? 0), 200)
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
