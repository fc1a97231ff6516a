/**
 * bench/soak — the long run of the proof suite (issue 12 item 5); the short run is `npx ava test/proof/`.
 *
 *   npm run soak [-- --cases 10000 --kills 20 --race 1000 --seed 1 --only fuzz,race,kill]
 *
 * Each part boots its own node (in process for fuzz and race, a child process for kill) and uses the
 * generators and runners of test/helpers/proof/:
 * - fuzz: `--cases` random requests to the REST operations of the served OpenAPI document and the
 *   user gateway; `--cases` random messages to every admin RPC over gRPC (streams read, then
 *   cancelled); `--cases` random bodies through the AdminGateway /rpc proxy. Then /healthz and
 *   `ledger verify`. Target: 0 5xx, 0 INTERNAL, 0 crashes, ledger clean.
 * - race: `--race` concurrent transfers + user and manual withdrawals against one funding balance, and `--race`
 *   concurrent orders + transfers against one trading balance. Target: no overdraft, every unit
 *   accounted for, every accepted answer's effect stored.
 * - kill: `--kills` SIGKILLs of a child node under mixed load (orders, transfers, withdrawals, P2P).
 *   Target: no acknowledged write lost, ledger clean, book equals store after each restart.
 * Prints the figures of each part and exits non-zero when any target is missed.
 */
import {adminOf} from '../test/helpers/admin-gateway.js'
import {startTestNode} from '../test/helpers/node.js'
import {adminGoods, fuzzGatewayRpc, fuzzGrpc, type AdminFuzzReport} from '../test/helpers/proof/admin-fuzz.js'
import {killSuite} from '../test/helpers/proof/kill.js'
import {CHAIN_DOWN, UNLIMITED} from '../test/helpers/proof/node.js'
import {raceFunding, raceTrading, type RaceReport} from '../test/helpers/proof/race.js'
import {fuzzRest, restActor, restRoutes} from '../test/helpers/proof/rest-fuzz.js'
import type {Finding, Tally} from '../test/helpers/proof/values.js'
import {flag} from './lib-net/stats.js'

const cases = Number(flag('cases', '10000'))
const kills = Number(flag('kills', '20'))
const race = Number(flag('race', '1000'))
const seed = Number(flag('seed', String(Date.now() % 1_000_000)))
const only = new Set(flag('only', 'fuzz,race,kill').split(','))

let failed = false
const tally = (t: Tally) =>
  Object.entries(t)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join(' ')
const report = (name: string, r: AdminFuzzReport, extra = '') => {
  console.log(
    `${name.padEnd(22)} ${String(r.cases).padStart(6)} cases  ${(r.ms / 1000).toFixed(1).padStart(7)} s  findings ${r.findings.length}  ${extra}`,
  )
  console.log(`${''.padEnd(22)} ${tally(r.tally)}`)
  printFindings(r.findings)
}
function printFindings(findings: Finding[]): void {
  if (findings.length) failed = true
  for (const f of findings.slice(0, 20)) console.log(`  ! [${f.interface}] ${f.request}\n      → ${f.response}`)
}
const printRace = (name: string, r: RaceReport) => {
  console.log(
    `${name.padEnd(22)} ${String(r.requests).padStart(6)} requests  ${(r.ms / 1000).toFixed(1).padStart(7)} s  accepted ${tally(r.accepted)}  refused ${tally(r.refused)}  problems ${r.problems.length}`,
  )
  if (r.problems.length) failed = true
  for (const p of r.problems.slice(0, 20)) console.log(`  ! ${p}`)
}

console.log(`soak: --cases ${cases} --kills ${kills} --race ${race} --seed ${seed} (node ${process.version})`)

if (only.has('fuzz')) {
  const node = await startTestNode({rateLimits: UNLIMITED})
  try {
    const routes = await restRoutes(node)
    const actor = await restActor(node, `soak-rest-${process.pid}@example.com`)
    report('REST fuzz', await fuzzRest(node, actor, {cases, seed, routes}), `(${routes.length} operations)`)
    const goods = await adminGoods(node, 'soak-admin')
    report('admin gRPC fuzz', await fuzzGrpc(node, goods, {cases, seed}))
    const admin = await adminOf(node, 'superadmin')
    report('AdminGateway /rpc fuzz', await fuzzGatewayRpc(node, admin.token, goods, {cases, seed}))
    const health = (await fetch(`${node.httpUrl}/healthz`)).status
    const verify = node.services.ledger.verify()
    console.log(`after fuzz: /healthz ${health}, ledger verify ${verify.ok ? 'clean' : verify.problems.join('; ')}`)
    if (health !== 200 || !verify.ok) failed = true
  } finally {
    await node.close()
  }
}

if (only.has('race')) {
  const node = await startTestNode({rateLimits: UNLIMITED, chain: CHAIN_DOWN})
  try {
    printRace('race: funding', await raceFunding(node, {requests: race, fits: Math.floor(race * 0.4)}))
    printRace('race: trading', await raceTrading(node, {requests: race, fits: Math.floor(race / 4)}))
  } finally {
    await node.close()
  }
}

if (only.has('kill')) {
  const r = await killSuite({kills})
  console.log(
    `kill suite             ${String(r.kills).padStart(6)} kills  ${(r.ms / 1000).toFixed(1).padStart(7)} s  problems ${r.problems.length}`,
  )
  console.log(`${''.padEnd(22)} sent ${tally(r.sent)}; acknowledged ${tally(r.acknowledged)}`)
  if (r.problems.length) failed = true
  for (const p of r.problems.slice(0, 20)) console.log(`  ! ${p}`)
}

console.log(failed ? 'soak: FAILED' : 'soak: all targets met')
process.exit(failed ? 1 : 0)
