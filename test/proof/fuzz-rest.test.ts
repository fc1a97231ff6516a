/**
 * Proof, short run: random requests to every REST operation the node documents (and the user
 * gateway's), with and without valid credentials → no 5xx, no `internal`, the error body of docs/rest.md "Errors"
 * on every refusal, the node still healthy and the ledger clean afterwards. The long run is
 * `npm run soak` (bench/soak.ts) with ≥ 10,000 cases.
 */
import test from 'ava'
import {startTestNode, type TestNode} from '../helpers/node.js'
import {UNLIMITED} from '../helpers/proof/node.js'
import {fuzzRest, restActor, restRoutes} from '../helpers/proof/rest-fuzz.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode({rateLimits: UNLIMITED})
})
test.after.always(async () => {
  await node?.close()
})

test('every documented REST operation and the gateway routes are fuzzed: no 5xx, no internal, node healthy, ledger clean', async (t) => {
  const routes = await restRoutes(node)
  t.true(routes.length >= 50, `only ${routes.length} routes`)
  t.true(routes.some((r) => r.path === '/orders/place/' && r.body.includes('ticker')))
  const actor = await restActor(node, `fuzz-${process.pid}@example.com`)
  const seed = Number(process.env['PROOF_SEED'] ?? Date.now() % 1_000_000)
  const report = await fuzzRest(node, actor, {cases: 600, seed, routes})
  t.log(`seed ${seed}: ${report.cases} cases in ${report.ms} ms`, report.tally)
  t.deepEqual(report.findings, [], `seed ${seed}`)
  t.is((await fetch(`${node.httpUrl}/healthz`)).status, 200)
  const verify = node.services.ledger.verify()
  t.true(verify.ok, verify.problems.join('; '))
})
