/**
 * Proof, short run: random messages to every admin RPC of the protos over gRPC (server streams
 * read a little, then cancelled) and through the AdminGateway's /rpc proxy with a superadmin
 * signed in → no INTERNAL/UNKNOWN over gRPC, no 5xx or `internal` over HTTP, the node still
 * healthy and the ledger clean. The long run is `npm run soak` (bench/soak.ts).
 */
import test from 'ava'
import {adminOf} from '../helpers/admin-gateway.js'
import {startTestNode, type TestNode} from '../helpers/node.js'
import {adminGoods, adminRpcs, fuzzGatewayRpc, fuzzGrpc} from '../helpers/proof/admin-fuzz.js'
import {UNLIMITED} from '../helpers/proof/node.js'
import type {Goods} from '../helpers/proof/values.js'

let node: TestNode
let goods: Goods
const seed = Number(process.env['PROOF_SEED'] ?? Date.now() % 1_000_000)

test.before(async () => {
  node = await startTestNode({rateLimits: UNLIMITED})
  goods = await adminGoods(node, 'admin-fuzz')
})
test.after.always(async () => {
  await node?.close()
})

test.serial('every admin RPC over gRPC, streaming included: no INTERNAL, no UNKNOWN, no hang', async (t) => {
  const rpcs = adminRpcs()
  t.true(rpcs.length >= 60, `${rpcs.length} RPCs`)
  t.true(
    rpcs.some((rpc) => rpc.stream),
    'a server stream is among them',
  )
  const report = await fuzzGrpc(node, goods, {cases: 500, seed})
  t.log(`seed ${seed}: ${report.cases} gRPC cases in ${report.ms} ms`, report.tally)
  t.deepEqual(report.findings, [], `seed ${seed}`)
})

test.serial('every admin RPC through the AdminGateway /rpc proxy, wrong JSON kinds included: no 5xx, no internal', async (t) => {
  const admin = await adminOf(node, 'superadmin')
  const report = await fuzzGatewayRpc(node, admin.token, goods, {cases: 350, seed})
  t.log(`seed ${seed}: ${report.cases} /rpc cases in ${report.ms} ms`, report.tally)
  t.deepEqual(report.findings, [], `seed ${seed}`)
})

test.serial('afterwards: the node answers /healthz and the ledger verifies', async (t) => {
  t.is((await fetch(`${node.httpUrl}/healthz`)).status, 200)
  const report = await node.admin.call<{ok: boolean; problems: string[]}>('LedgerService', 'VerifyLedger')
  t.true(report.ok, report.problems.join('; '))
})
