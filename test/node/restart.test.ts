/**
 * Durability (docs/ledger.md "Money is never lost": "done" means on disk):
 * the built binary runs as a real child process, is killed with SIGKILL right after or while
 * operations are acknowledged, and is restarted on the same data dir. Needs dist/ (npm run build).
 * Serial: concurrent node processes on a small machine would slow the operation stream the
 * random-kill test measures.
 */
import type {ChildProcess} from 'node:child_process'
import fs from 'node:fs'
import test, {type ExecutionContext} from 'ava'
import {AdminClient} from '../../src/node/admin/client.js'
import type {GetAccountDetailsResponse__Output} from '../../src/node/admin/generated/exchange/admin/v1/GetAccountDetailsResponse.js'
import type {GetBalancesResponse__Output} from '../../src/node/admin/generated/exchange/admin/v1/GetBalancesResponse.js'
import type {ListAssetsResponse__Output} from '../../src/node/admin/generated/exchange/admin/v1/ListAssetsResponse.js'
import type {ListTickersResponse__Output} from '../../src/node/admin/generated/exchange/admin/v1/ListTickersResponse.js'
import type {ListTiersResponse__Output} from '../../src/node/admin/generated/exchange/admin/v1/ListTiersResponse.js'
import type {ListTransactionsResponse__Output} from '../../src/node/admin/generated/exchange/admin/v1/ListTransactionsResponse.js'
import type {Transaction__Output} from '../../src/node/admin/generated/exchange/admin/v1/Transaction.js'
import type {VerifyLedgerResponse__Output} from '../../src/node/admin/generated/exchange/admin/v1/VerifyLedgerResponse.js'
import {startCli} from '../helpers/cli.js'
import {tempDir} from '../helpers/node.js'

const USDT = 6
const ETH = 18

// --- the node as a child process ----------------------------------------------------------------

type NodeProcess = {
  child: ChildProcess
  grpcPort: number
  admin: AdminClient
  /** Every stdout line so far (JSON logs). */
  lines: string[]
  exited: Promise<{code: number | null; signal: NodeJS.Signals | null}>
}

async function startNodeProcess(t: ExecutionContext, dataDir: string): Promise<NodeProcess> {
  const child = startCli([
    'node',
    'start',
    '--data-dir',
    dataDir,
    '--http-port',
    '0',
    '--grpc-port',
    '0',
    '--admin-http-port',
    '0',
  ])
  const lines: string[] = []
  let stderr = ''
  const exited = new Promise<{code: number | null; signal: NodeJS.Signals | null}>((resolve) =>
    child.on('exit', (code, signal) => resolve({code, signal})),
  )
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })
  const grpcPort = await new Promise<number>((resolve, reject) => {
    let buffered = ''
    const timer = setTimeout(() => reject(new Error(`no "node started" line within 20 s; stderr: ${stderr}`)), 20_000)
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8')
      const parts = buffered.split('\n')
      buffered = parts.pop()!
      for (const line of parts.filter(Boolean)) {
        lines.push(line)
        try {
          const entry = JSON.parse(line) as {msg?: string; ports?: {grpc: number}}
          if (entry.msg === 'node started' && entry.ports) {
            clearTimeout(timer)
            resolve(entry.ports.grpc)
          }
        } catch {
          // not a log line
        }
      }
    })
    void exited.then(({code, signal}) => reject(new Error(`node exited (${code ?? signal}) before starting; stderr: ${stderr}`)))
  })
  const admin = new AdminClient(`127.0.0.1:${grpcPort}`, {operator: 'restart-test', timeoutMs: 10_000})
  t.teardown(() => admin.close())
  return {child, grpcPort, admin, lines, exited}
}

async function kill(node: NodeProcess): Promise<void> {
  node.child.kill('SIGKILL')
  const {signal} = await node.exited
  if (signal !== 'SIGKILL') throw new Error(`expected the node to die of SIGKILL, it ended with ${signal}`)
  node.admin.close()
}

function freshDir(t: ExecutionContext): string {
  const dir = tempDir('exchange-restart-')
  t.teardown(() => fs.rmSync(dir, {recursive: true, force: true}))
  return dir
}

// --- helpers ------------------------------------------------------------------------------------

const decimal = (units: bigint, decimals: number): string => {
  const digits = units.toString().padStart(decimals + 1, '0')
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${digits.slice(0, digits.length - decimals)}${fraction ? `.${fraction}` : ''}`
}

let emails = 0
async function createAccount(admin: AdminClient) {
  const email = `restart-${process.pid}-${++emails}@example.com`
  await admin.call('AccountsService', 'CreateAccount', {email, password: 'correct horse battery'})
  const details = await admin.call<GetAccountDetailsResponse__Output>('AccountsService', 'GetAccountDetails', {email})
  return {email, id: details.id, funding: details.funding_account_id}
}

/** Funding available of each asset, as decimal strings. */
async function funding(admin: AdminClient, email: string): Promise<Record<string, string>> {
  const {balances} = await admin.call<GetBalancesResponse__Output>('AccountsService', 'GetBalances', {email})
  return Object.fromEntries(balances.filter((b) => b.account_type === 'funding').map((b) => [b.asset, b.available]))
}

/** Every journal entry of an account, following the pages. */
async function transactions(admin: AdminClient, email: string): Promise<{entries: Transaction__Output[]; total: number}> {
  const entries: Transaction__Output[] = []
  let total = 0
  do {
    const response = await admin.call<ListTransactionsResponse__Output>('AccountsService', 'ListTransactions', {
      email,
      page: {limit: 1000, offset: entries.length},
    })
    total = response.page?.total ?? 0
    if (response.transactions.length === 0) break
    entries.push(...response.transactions)
  } while (entries.length < total)
  return {entries, total}
}

async function assertLedgerVerifies(t: ExecutionContext, admin: AdminClient): Promise<VerifyLedgerResponse__Output> {
  const report = await admin.call<VerifyLedgerResponse__Output>('LedgerService', 'VerifyLedger', {})
  t.true(report.ok, report.problems.join('\n'))
  t.deepEqual(report.problems, [])
  t.true(
    report.assets.every((asset) => asset.journal_sum === '0'),
    JSON.stringify(report.assets),
  )
  return report
}

// --- tests --------------------------------------------------------------------------------------

test.serial('SIGKILL right after the last acknowledgement loses no acknowledged operation', async (t) => {
  const dir = freshDir(t)
  const first = await startNodeProcess(t, dir)
  const alice = await createAccount(first.admin)
  const bob = await createAccount(first.admin)

  const model = {alice: {USDT: 0n, ETH: 0n}, bob: {USDT: 0n, ETH: 0n}}
  const acknowledged: string[] = []
  let aliceEntries = 0
  let bobEntries = 0
  const N = 60
  for (let i = 0; i < N; i++) {
    const asset = i % 2 === 0 ? 'USDT' : 'ETH'
    const decimals = asset === 'USDT' ? USDT : ETH
    // Amounts with every digit significant, some far beyond 64 bits at 18 decimals.
    const units = BigInt(i + 1) * 10n ** BigInt(i % 7) * (asset === 'ETH' ? 10n ** 20n + 7n : 1_000_003n)
    if (i % 3 === 2 && model.alice[asset] > 1n) {
      const amount = model.alice[asset] / 2n
      const {operation_id} = await first.admin.call<{operation_id: string}>('OperationsService', 'Transfer', {
        from_account_id: alice.id,
        to_account_id: bob.id,
        asset,
        amount: decimal(amount, decimals),
        reason: `transfer ${i}`,
      })
      acknowledged.push(operation_id)
      model.alice[asset] -= amount
      model.bob[asset] += amount
      aliceEntries++
      bobEntries++
    } else {
      const {operation_id} = await first.admin.call<{operation_id: string}>('OperationsService', 'ManualTopup', {
        account_id: alice.id,
        asset,
        amount: decimal(units, decimals),
        reason: `topup ${i}`,
      })
      acknowledged.push(operation_id)
      model.alice[asset] += units
      aliceEntries++
    }
  }
  await kill(first)

  const second = await startNodeProcess(t, dir)
  for (const [who, account] of [
    ['alice', alice],
    ['bob', bob],
  ] as const) {
    const held = await funding(second.admin, account.email)
    t.is(held.USDT, decimal(model[who].USDT, USDT), `${who} USDT`)
    t.is(held.ETH, decimal(model[who].ETH, ETH), `${who} ETH`)
  }
  const aliceLog = await transactions(second.admin, alice.email)
  const bobLog = await transactions(second.admin, bob.email)
  t.is(aliceLog.total, aliceEntries)
  t.is(bobLog.total, bobEntries)
  const recorded = new Set([...aliceLog.entries, ...bobLog.entries].map((entry) => entry.reference_id))
  t.deepEqual(
    acknowledged.filter((id) => !recorded.has(id)),
    [],
    'every acknowledged operation_id is in the journal',
  )
  const report = await assertLedgerVerifies(t, second.admin)
  t.is(Number(report.transactions), N)
  t.log({acknowledgedOperations: N})
  await kill(second)
})

type Op = {i: number; kind: 'topup' | 'transfer'; units: bigint; state: 'sent' | 'acknowledged' | 'refused'}

/** Sends operations from `workers` concurrent loops until the node dies or `max` were sent. */
async function operationLoop(
  admin: AdminClient,
  from: {id: string},
  to: {id: string},
  round: number,
  workers: number,
  max: number,
) {
  const ops: Op[] = []
  let stopped = false
  let firstAcknowledged!: () => void
  const started = new Promise<void>((resolve) => (firstAcknowledged = resolve))
  const worker = async () => {
    while (!stopped && ops.length < max) {
      const i = ops.length
      const kind = i % 3 === 2 ? 'transfer' : 'topup'
      const op: Op = {i, kind, units: BigInt(1 + ((i * 7919) % 1000)) * 1_000n + BigInt(i % 997), state: 'sent'}
      ops.push(op)
      const request = {asset: 'USDT', amount: decimal(op.units, USDT), reason: `round ${round} op ${i}`}
      try {
        if (kind === 'topup') await admin.call('OperationsService', 'ManualTopup', {...request, account_id: from.id})
        else await admin.call('OperationsService', 'Transfer', {...request, from_account_id: from.id, to_account_id: to.id})
        op.state = 'acknowledged'
        firstAcknowledged()
      } catch (error) {
        const code = (error as {code?: number}).code
        // 9 = FAILED_PRECONDITION: an answered refusal (insufficient funds), nothing applied.
        if (code === 9) op.state = 'refused'
        else stopped = true // the node is gone: this op stays "sent", its fate unknown
      }
    }
  }
  const done = Promise.all(Array.from({length: workers}, worker))
  return {ops, done, started}
}

test.serial(
  'SIGKILL at a random point of a stream of operations: acknowledged <= applied <= sent, ledger verifies',
  async (t) => {
    const dir = freshDir(t)
    let node = await startNodeProcess(t, dir)
    const alice = await createAccount(node.admin)
    const bob = await createAccount(node.admin)
    await node.admin.call('OperationsService', 'ManualTopup', {
      account_id: alice.id,
      asset: 'USDT',
      amount: '1000',
      reason: 'float',
    })

    // Everything that was ever applied, by reason, with the expected signed effect on alice and bob.
    const expected = {alice: 1_000n * 10n ** 6n, bob: 0n}
    const figures: {round: number; killAfterMs: number; sent: number; acknowledged: number; refused: number; applied: number}[] =
      []

    for (let round = 1; round <= 3; round++) {
      const killAfterMs = 100 + Math.floor(Math.random() * 700)
      const {ops, done, started} = await operationLoop(node.admin, alice, bob, round, 8, 5_000)
      // The clock starts once the stream is flowing, so the kill always lands mid-stream.
      await started
      await new Promise((resolve) => setTimeout(resolve, killAfterMs))
      t.true(ops.length < 5_000, 'the loop was still running when the node was killed')
      await kill(node)
      await done

      node = await startNodeProcess(t, dir)
      const aliceLog = await transactions(node.admin, alice.email)
      const bobLog = await transactions(node.admin, bob.email)
      const prefix = `round ${round} op `
      const appliedAlice = new Map<number, Transaction__Output[]>()
      for (const entry of aliceLog.entries.filter((e) => e.reason.startsWith(prefix))) {
        const i = Number(entry.reason.slice(prefix.length))
        appliedAlice.set(i, [...(appliedAlice.get(i) ?? []), entry])
      }
      const appliedBob = new Set(
        bobLog.entries.filter((e) => e.reason.startsWith(prefix)).map((e) => Number(e.reason.slice(prefix.length))),
      )

      const acknowledged = ops.filter((op) => op.state === 'acknowledged')
      const refused = ops.filter((op) => op.state === 'refused')
      const missing = acknowledged.filter((op) => !appliedAlice.has(op.i)).map((op) => op.i)
      t.deepEqual(missing, [], `round ${round}: acknowledged operations lost`)
      t.deepEqual(
        refused.filter((op) => appliedAlice.has(op.i)).map((op) => op.i),
        [],
        `round ${round}: refused operations applied`,
      )
      t.deepEqual(
        [...appliedAlice.keys()].filter((i) => ops[i] === undefined),
        [],
        `round ${round}: applied but never sent`,
      )
      t.true(
        [...appliedAlice.values()].every((entries) => entries.length === 1),
        `round ${round}: an operation applied twice`,
      )

      for (const [i, [entry]] of appliedAlice) {
        const op = ops[i]!
        t.is(entry!.amount, (op.kind === 'topup' ? '' : '-') + decimal(op.units, USDT), `round ${round} op ${i}`)
        t.is(appliedBob.has(i), op.kind === 'transfer', `round ${round} op ${i}: bob's side of the transfer`)
        expected.alice += op.kind === 'topup' ? op.units : -op.units
        if (op.kind === 'transfer') expected.bob += op.units
      }
      t.is(appliedBob.size, [...appliedAlice.keys()].filter((i) => ops[i]!.kind === 'transfer').length)

      const applied = appliedAlice.size
      t.true(
        acknowledged.length <= applied && applied <= ops.length - refused.length,
        `round ${round}: ${acknowledged.length} <= ${applied} <= ${ops.length - refused.length}`,
      )
      t.is((await funding(node.admin, alice.email)).USDT, decimal(expected.alice, USDT), `round ${round}: alice`)
      t.is((await funding(node.admin, bob.email)).USDT, decimal(expected.bob, USDT), `round ${round}: bob`)
      await assertLedgerVerifies(t, node.admin)
      figures.push({round, killAfterMs, sent: ops.length, acknowledged: acknowledged.length, refused: refused.length, applied})
    }
    t.log(figures)
    t.true(
      figures.some((f) => f.acknowledged > 0),
      'the loop got operations acknowledged before the kill',
    )
    await kill(node)
  },
)

test.serial('SIGTERM shuts the node down gracefully: exit code 0 within a few seconds, "node stopped" logged', async (t) => {
  const dir = freshDir(t)
  const node = await startNodeProcess(t, dir)
  const alice = await createAccount(node.admin)
  await node.admin.call('OperationsService', 'ManualTopup', {
    account_id: alice.id,
    asset: 'ETH',
    amount: '1.5',
    reason: 'before stop',
  })
  const started = Date.now()
  node.child.kill('SIGTERM')
  const outcome = await Promise.race([node.exited, new Promise((resolve) => setTimeout(() => resolve('timeout'), 8_000))])
  t.deepEqual(outcome, {code: 0, signal: null})
  const stopMs = Date.now() - started
  t.true(stopMs < 8_000)
  t.log({stopMs})
  const messages = node.lines.map((line) => (JSON.parse(line) as {msg: string}).msg)
  t.true(messages.includes('node stopped'), messages.join(', '))
  t.true(messages.indexOf('node stopping') < messages.indexOf('node stopped'))

  const again = await startNodeProcess(t, dir)
  t.is((await funding(again.admin, alice.email)).ETH, '1.5')
  await assertLedgerVerifies(t, again.admin)
  again.child.kill('SIGTERM')
  t.is((await again.exited).code, 0)
})

test.serial('a fresh data dir is bootstrapped with exactly the default tier, four assets and three tickers, once', async (t) => {
  const dir = freshDir(t)
  const snapshot = async (admin: AdminClient) => ({
    tiers: (await admin.call<ListTiersResponse__Output>('InfoService', 'ListTiers', {})).tiers,
    assets: (await admin.call<ListAssetsResponse__Output>('AssetsService', 'ListAssets', {include_inactive: true})).assets,
    tickers: (await admin.call<ListTickersResponse__Output>('TickersService', 'ListTickers', {include_inactive: true})).tickers,
  })

  const node = await startNodeProcess(t, dir)
  const fresh = await snapshot(node.admin)

  t.is(fresh.tiers.length, 1)
  const [tier] = fresh.tiers
  t.is(tier!.name, 'default')
  t.true(tier!.is_default)
  const limits = JSON.parse(tier!.limits) as Record<string, unknown>
  t.is(limits.maker_fee, '0.001')
  t.is(limits.taker_fee, '0.002')
  t.is(limits.orders_per_second, 10)

  t.deepEqual(
    fresh.assets.map((asset) => [asset.code, asset.decimals, asset.active]),
    [
      ['BTC', 8, true],
      ['ETH', 18, true],
      ['TRX', 6, true],
      ['USDT', 6, true],
    ],
  )
  for (const asset of fresh.assets) t.true(asset.networks.length > 0, `${asset.code} has a network`)

  t.deepEqual(
    fresh.tickers.map((ticker) => [ticker.symbol, ticker.base_asset, ticker.quote_asset, ticker.active]),
    [
      ['BTC-USDT', 'BTC', 'USDT', true],
      ['ETH-USDT', 'ETH', 'USDT', true],
      ['TRX-USDT', 'TRX', 'USDT', true],
    ],
  )
  const report = await assertLedgerVerifies(t, node.admin)
  t.is(report.transactions, '0')

  // A restart on the same dir finds everything and seeds nothing twice.
  node.child.kill('SIGTERM')
  t.is((await node.exited).code, 0)
  const again = await startNodeProcess(t, dir)
  t.deepEqual(await snapshot(again.admin), fresh)
  again.child.kill('SIGTERM')
  t.is((await again.exited).code, 0)
})
