/**
 * Money is never lost (docs/ledger.md "Money is never lost"), checked from the outside: random sequences of manual
 * operations over real gRPC against a bigint model of every balance, then GetBalances and
 * VerifyLedger must agree with the model to the last minor unit. Tests are serial because they
 * compare global counters (ledger transactions) of the one node of this file.
 */
import test from 'ava'
import fc from 'fast-check'
import {status} from '@grpc/grpc-js'
import type {GetAccountDetailsResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/GetAccountDetailsResponse.js'
import type {GetBalancesResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/GetBalancesResponse.js'
import type {VerifyLedgerResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/VerifyLedgerResponse.js'
import {rpcError, startTestNode, uniqueEmail, type TestNode} from '../../helpers/node.js'

const DECIMALS = {USDT: 6, ETH: 18} as const
type Asset = keyof typeof DECIMALS
const ASSETS = Object.keys(DECIMALS) as Asset[]

type Account = {email: string; id: string; funding: string; trading: string}

let node: TestNode
/** Every account this file creates, for checking the node-wide user totals. */
const everyAccount: Account[] = []

test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

// --- decimal strings, written independently of src/node/ground/money.ts -------------------------------

/** Minor units to a plain decimal string; `padFraction` keeps the fraction's trailing zeros (also valid input). */
function toDecimal(units: bigint, decimals: number, padFraction = false): string {
  const digits = units.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  let fraction = digits.slice(digits.length - decimals)
  if (!padFraction) fraction = fraction.replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

function toUnits(text: string, decimals: number): bigint {
  if (!/^-?(0|[1-9]\d*)(\.\d*[1-9])?$/.test(text)) throw new Error(`not a canonical decimal string: ${JSON.stringify(text)}`)
  const [whole, fraction = ''] = text.split('.')
  if (fraction.length > decimals) throw new Error(`${text} has more than ${decimals} decimals`)
  return BigInt(whole! + fraction.padEnd(decimals, '0'))
}

// --- node helpers -------------------------------------------------------------------------------

async function createAccount(): Promise<Account> {
  const email = uniqueEmail('ledger-prop')
  await node.admin.call('AccountsService', 'CreateAccount', {email, password: 'correct horse battery'})
  const details = await node.admin.call<GetAccountDetailsResponse__Output>('AccountsService', 'GetAccountDetails', {email})
  const account = {email, id: details.id, funding: details.funding_account_id, trading: details.trading_account_id}
  everyAccount.push(account)
  return account
}

/** balance_account_id|asset → available, and asserts that nothing is locked. */
type Model = Map<string, bigint>
const key = (balanceAccountId: string, asset: string) => `${balanceAccountId}|${asset}`

async function readBalances(accounts: Account[]): Promise<{model: Model; raw: GetBalancesResponse__Output['balances']}> {
  const model: Model = new Map()
  const raw: GetBalancesResponse__Output['balances'] = []
  for (const account of accounts) {
    const {balances} = await node.admin.call<GetBalancesResponse__Output>('AccountsService', 'GetBalances', {
      email: account.email,
    })
    raw.push(...balances)
    for (const balance of balances) {
      if (!(balance.asset in DECIMALS)) continue
      const decimals = DECIMALS[balance.asset as Asset]
      const available = toUnits(balance.available, decimals)
      const locked = toUnits(balance.locked, decimals)
      if (locked !== 0n) throw new Error(`unexpected locked ${balance.locked} ${balance.asset}`)
      if (toUnits(balance.amount, decimals) !== available + locked)
        throw new Error(`amount != available + locked in ${JSON.stringify(balance)}`)
      model.set(key(balance.balance_account_id, balance.asset), available)
    }
  }
  return {model, raw}
}

const verifyLedger = () => node.admin.call<VerifyLedgerResponse__Output>('LedgerService', 'VerifyLedger', {})

// --- commands -----------------------------------------------------------------------------------

/** A fixed amount, or one relative to the model's current balance of the source (hits the exact edge). */
type AmountSpec = {kind: 'fixed'; units: bigint} | {kind: 'balance'; delta: -1n | 0n | 1n}

type Command =
  | {op: 'ManualTopup'; to: number; asset: Asset; amount: AmountSpec; pad: boolean; keyed: boolean}
  | {op: 'ManualWithdraw'; from: number; asset: Asset; amount: AmountSpec; pad: boolean; keyed: boolean}
  | {op: 'Transfer'; from: number; to: number; asset: Asset; amount: AmountSpec; pad: boolean; keyed: boolean}
  | {
      op: 'TransferBalanceAccount'
      from: number
      fromKind: 'funding' | 'trading'
      to: number
      toKind: 'funding' | 'trading'
      asset: Asset
      amount: AmountSpec
      pad: boolean
      keyed: boolean
    }

/** Sends an earlier keyed request again: unchanged (same operation_id, applied once) or with another amount (ALREADY_EXISTS). */
type Replay = {op: 'Replay'; pick: number; changed: boolean}

const amountArb: fc.Arbitrary<AmountSpec> = fc.oneof(
  {weight: 3, arbitrary: fc.bigInt({min: 1n, max: 1_000n}).map((units) => ({kind: 'fixed' as const, units}))},
  {weight: 3, arbitrary: fc.bigInt({min: 1n, max: 10n ** 15n}).map((units) => ({kind: 'fixed' as const, units}))},
  // up to 10^26 whole USDT / 10^22 whole ETH: far beyond 64 bits, within the 30 whole digits accepted
  {weight: 2, arbitrary: fc.bigInt({min: 1n, max: 10n ** 32n}).map((units) => ({kind: 'fixed' as const, units}))},
  {weight: 2, arbitrary: fc.constantFrom(-1n, 0n, 1n).map((delta) => ({kind: 'balance' as const, delta}))},
)

const who = fc.integer({min: 0, max: 2})
const kind = fc.constantFrom('funding' as const, 'trading' as const)
const assetArb = fc.constantFrom(...ASSETS)

const operationArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    op: fc.constant('ManualTopup' as const),
    to: who,
    asset: assetArb,
    amount: amountArb,
    pad: fc.boolean(),
    keyed: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('ManualWithdraw' as const),
    from: who,
    asset: assetArb,
    amount: amountArb,
    pad: fc.boolean(),
    keyed: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('Transfer' as const),
    from: who,
    to: who,
    asset: assetArb,
    amount: amountArb,
    pad: fc.boolean(),
    keyed: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('TransferBalanceAccount' as const),
    from: who,
    fromKind: kind,
    to: who,
    toKind: kind,
    asset: assetArb,
    amount: amountArb,
    pad: fc.boolean(),
    keyed: fc.boolean(),
  }),
)

const commandArb: fc.Arbitrary<Command | Replay> = fc.oneof(
  {weight: 6, arbitrary: operationArb},
  {weight: 1, arbitrary: fc.record({op: fc.constant('Replay' as const), pick: fc.nat(), changed: fc.boolean()})},
)

type Outcome = 'ok' | 'overdraft' | 'same-account' | 'replayed' | 'key-conflict' | 'nothing-to-replay'

/** Requests that succeeded with an idempotency key, to be replayed. */
type Sent = {method: string; request: Record<string, string>; operationId: string; asset: Asset; units: bigint}
let keys = 0

async function replay(sent: Sent[], command: Replay): Promise<Outcome> {
  const original = sent[command.pick % sent.length]
  if (!original) return 'nothing-to-replay'
  if (command.changed) {
    const request = {...original.request, amount: toDecimal(original.units + 1n, DECIMALS[original.asset])}
    const error = await rpcError(node.admin.call('OperationsService', original.method, request))
    if (error.code !== status.ALREADY_EXISTS)
      throw new Error(`reused key with another amount: expected ALREADY_EXISTS, got ${error.code} ${error.details}`)
    return 'key-conflict'
  }
  const {operation_id: operationId} = await node.admin.call<{operation_id: string}>(
    'OperationsService',
    original.method,
    original.request,
  )
  if (operationId !== original.operationId)
    throw new Error(`replay returned ${operationId}, the original was ${original.operationId}`)
  return 'replayed'
}

/** Runs one command against the node and the model; throws when they disagree. */
async function step(accounts: Account[], model: Model, sent: Sent[], command: Command | Replay): Promise<Outcome> {
  if (command.op === 'Replay') return replay(sent, command)
  const source =
    command.op === 'ManualWithdraw' || command.op === 'Transfer'
      ? accounts[command.from]!.funding
      : command.op === 'TransferBalanceAccount'
        ? accounts[command.from]![command.fromKind]
        : undefined
  const target =
    command.op === 'ManualTopup' || command.op === 'Transfer'
      ? accounts[command.to]!.funding
      : command.op === 'TransferBalanceAccount'
        ? accounts[command.to]![command.toKind]
        : undefined
  const available = source === undefined ? 0n : (model.get(key(source, command.asset)) ?? 0n)
  const units =
    command.amount.kind === 'fixed'
      ? command.amount.units
      : available + command.amount.delta > 0n
        ? available + command.amount.delta
        : 1n
  const common = {
    asset: command.asset,
    amount: toDecimal(units, DECIMALS[command.asset], command.pad),
    reason: `property ${command.op}`,
    idempotency_key: command.keyed ? `prop-${process.pid}-${++keys}` : '',
  }
  let request: Record<string, string> = {}

  switch (command.op) {
    case 'ManualTopup':
      request = {...common, account_id: accounts[command.to]!.id}
      break
    case 'ManualWithdraw':
      request = {...common, account_id: accounts[command.from]!.id}
      break
    case 'Transfer':
      request = {...common, from_account_id: accounts[command.from]!.id, to_account_id: accounts[command.to]!.id}
      break
    case 'TransferBalanceAccount':
      request = {...common, from_balance_account_id: source!, to_balance_account_id: target!}
      break
  }
  const call = node.admin.call<{operation_id: string}>('OperationsService', command.op, request)

  if (source !== undefined && source === target) {
    const error = await rpcError(call)
    if (error.code !== status.INVALID_ARGUMENT)
      throw new Error(`${JSON.stringify(common)} to itself: expected INVALID_ARGUMENT, got ${error.code} ${error.details}`)
    return 'same-account'
  }
  if (source !== undefined && units > available) {
    const error = await rpcError(call)
    if (error.code !== status.FAILED_PRECONDITION || error.errorCode !== 'insufficient_funds') {
      throw new Error(
        `overdraft of ${common.amount} ${command.asset} (available ${available}): got ${error.code} ${error.errorCode} ${error.details}`,
      )
    }
    return 'overdraft'
  }
  const {operation_id: operationId} = await call
  if (!/^[0-9a-f-]{36}$/.test(operationId)) throw new Error(`operation_id ${operationId} is not a UUID`)
  if (command.keyed) sent.push({method: command.op, request, operationId, asset: command.asset, units})
  if (source !== undefined) model.set(key(source, command.asset), available - units)
  if (target !== undefined) model.set(key(target, command.asset), (model.get(key(target, command.asset)) ?? 0n) + units)
  return 'ok'
}

const describeModel = (model: Model) => JSON.stringify(Object.fromEntries([...model].map(([k, v]) => [k, v.toString()])))

test.serial('random manual operations over gRPC: balances equal a bigint model and the ledger verifies', async (t) => {
  const accounts = [await createAccount(), await createAccount(), await createAccount()]
  const tally = {
    runs: 0,
    commands: 0,
    ok: 0,
    overdraft: 0,
    'same-account': 0,
    replayed: 0,
    'key-conflict': 0,
    'nothing-to-replay': 0,
  }

  await fc.assert(
    fc.asyncProperty(fc.array(commandArb, {minLength: 1, maxLength: 25, size: 'max'}), async (commands) => {
      tally.runs++
      // The node keeps its state between runs: start each run from what it holds.
      const {model} = await readBalances(accounts)
      const transactionsBefore = BigInt((await verifyLedger()).transactions)
      let applied = 0n
      const sent: Sent[] = []
      for (const command of commands) {
        const outcome = await step(accounts, model, sent, command)
        tally.commands++
        tally[outcome]++
        if (outcome === 'ok') applied++
      }

      const after = await readBalances(accounts)
      if (describeModel(after.model) !== describeModel(model)) {
        throw new Error(`balances differ from the model:\nnode  ${describeModel(after.model)}\nmodel ${describeModel(model)}`)
      }
      for (const balance of after.raw) {
        if (balance.available.startsWith('-') || balance.locked.startsWith('-'))
          throw new Error(`negative balance ${JSON.stringify(balance)}`)
      }

      const report = await verifyLedger()
      if (!report.ok || report.problems.length > 0) throw new Error(`VerifyLedger: ${report.problems.join('; ')}`)
      for (const asset of report.assets) {
        if (asset.journal_sum !== '0') throw new Error(`journal of ${asset.asset} sums to ${asset.journal_sum}`)
      }
      // Failed commands wrote nothing: exactly one ledger transaction per successful command.
      if (BigInt(report.transactions) - transactionsBefore !== applied) {
        throw new Error(
          `${applied} commands succeeded but ${BigInt(report.transactions) - transactionsBefore} transactions were written`,
        )
      }
      // Node-wide user totals equal the sum of every balance this file's accounts hold.
      const all = await readBalances(everyAccount)
      for (const asset of ASSETS) {
        const expected = [...all.model].filter(([k]) => k.endsWith(`|${asset}`)).reduce((sum, [, v]) => sum + v, 0n)
        const row = report.assets.find((a) => a.asset === asset)
        if (toUnits(row?.user_total ?? '0', DECIMALS[asset]) !== expected) {
          throw new Error(
            `user_total of ${asset} is ${row?.user_total}, the accounts hold ${toDecimal(expected, DECIMALS[asset])}`,
          )
        }
      }
    }),
    {numRuns: 50},
  )
  t.log(tally)
  t.true(tally.ok > 0 && tally.overdraft > 0 && tally.replayed > 0 && tally['key-conflict'] > 0, 'every outcome was exercised')
})

test.serial('100 concurrent 1-unit debits of a 50-unit balance: exactly 50 succeed, none overdraws', async (t) => {
  const [payer, payee] = [await createAccount(), await createAccount()]
  await node.admin.call('OperationsService', 'ManualTopup', {
    account_id: payer.id,
    asset: 'USDT',
    amount: '50',
    reason: 'race funding',
  })
  const before = BigInt((await verifyLedger()).transactions)

  let polling = true
  const seen: string[] = []
  const poller = (async () => {
    while (polling) {
      const {balances} = await node.admin.call<GetBalancesResponse__Output>('AccountsService', 'GetBalances', {
        email: payer.email,
      })
      seen.push(balances.find((b) => b.asset === 'USDT' && b.account_type === 'funding')!.available)
    }
  })()

  const calls = Array.from({length: 100}, (_, i) =>
    i % 2 === 0
      ? node.admin.call('OperationsService', 'ManualWithdraw', {
          account_id: payer.id,
          asset: 'USDT',
          amount: '1',
          reason: `race ${i}`,
        })
      : node.admin.call('OperationsService', 'Transfer', {
          from_account_id: payer.id,
          to_account_id: payee.id,
          asset: 'USDT',
          amount: '1',
          reason: `race ${i}`,
        }),
  )
  const results = await Promise.allSettled(calls)
  polling = false
  await poller

  const succeeded = results.filter((r) => r.status === 'fulfilled').length
  const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as {code: number; details: string}] : []))
  t.is(succeeded, 50)
  t.is(failures.length, 50)
  t.true(
    failures.every((e) => e.code === status.FAILED_PRECONDITION),
    JSON.stringify(failures.find((e) => e.code !== status.FAILED_PRECONDITION)),
  )
  const transfers = results.filter((r, i) => r.status === 'fulfilled' && i % 2 === 1).length

  const {model} = await readBalances([payer, payee])
  t.is(model.get(key(payer.funding, 'USDT')), 0n)
  t.is(model.get(key(payee.funding, 'USDT')), BigInt(transfers) * 10n ** 6n)
  t.true(seen.length > 0)
  t.true(
    seen.every((value) => !value.startsWith('-')),
    `observed ${seen.filter((v) => v.startsWith('-')).join(', ')}`,
  )

  const report = await verifyLedger()
  t.true(report.ok, report.problems.join('\n'))
  t.true(report.assets.every((a) => a.journal_sum === '0'))
  t.is(BigInt(report.transactions) - before, 50n)
  t.log({transfers, withdrawals: 50 - transfers, balanceObservations: seen.length})
})
