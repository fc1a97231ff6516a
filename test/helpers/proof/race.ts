/**
 * The race suite: many concurrent writes against one balance, more than it can pay for.
 * - funding: transfers funding → trading (REST, JWT and signed key), the user's withdrawals
 *   (`POST /withdrawals/`, REST, JWT and signed key) and the admin's manual withdrawals (gRPC) race
 *   for one funding balance. The node's eth chain is configured but its node is down
 *   (`CHAIN_DOWN`, ./node.ts): a user withdrawal is queued `pending` with its hold, as when a real
 *   chain node is unreachable, and nothing sends it;
 * - trading: limit buys (REST, signed) and transfers trading → funding race for one trading balance.
 * Judged afterwards: no balance negative; accepted × amount accounts for the whole movement,
 * exactly; every accepted answer's effect is in the store and no refused one's; every refusal is
 * `insufficient_funds` (400) / FAILED_PRECONDITION, never a 5xx.
 */
import * as grpc from '@grpc/grpc-js'
import {formatAmount, parseAmount} from '../../../src/node/ground/money.js'
import type {TestNode} from '../node.js'
import {API, freshTimestamp, signature, trader, type Trader} from '../rest.js'
import {burstAgent, request} from './http.js'
import {EXTERNAL} from './node.js'
import {count, type Tally} from './values.js'

export type RaceReport = {requests: number; accepted: Tally; refused: Tally; problems: string[]; ms: number}

const USDT = 6
const units = (amount: string) => parseAmount(amount, USDT)

/** Up to 50 ms: the kinds of request (gRPC, HTTP) start interleaved rather than in the order they were made. */
const jitter = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 50))

const hasTransaction = (node: TestNode, id: string): boolean =>
  node.services.db.prepare('SELECT 1 FROM ledger_transactions WHERE id = ? OR reference_id = ?').get(id, id) !== undefined

/**
 * `requests` transfers, user withdrawals and manual withdrawals against a funding balance that pays
 * for `fits` of them. Each costs `amount`: a user withdrawal asks for `amount` − 0.3 and holds it
 * with the 0.3 fee set on USDT/eth for the race. The node must run with `{chain: CHAIN_DOWN}`.
 */
export async function raceFunding(
  node: TestNode,
  options: {requests: number; fits: number; amount?: string},
): Promise<RaceReport> {
  const started = Date.now()
  const amount = options.amount ?? '3.3'
  const a = units(amount)
  const fee = units('0.3')
  await setWithdrawFee(node, formatAmount(fee, USDT))
  const who = await trader(node, {}, ['trade', 'read', 'withdraw'])
  const start = a * BigInt(options.fits)
  node.services.operations.topup(
    {balanceAccountId: who.account.fundingAccountId},
    {asset: 'USDT', amount: formatAmount(start, USDT), reason: 'race funding', operator: 'proof'},
  )
  const transfer = {
    from_balance_account_id: who.account.fundingAccountId,
    to_balance_account_id: who.account.tradingAccountId,
    asset: 'USDT',
    amount,
  }
  const withdrawal = (i: number) => ({
    asset: 'USDT',
    network: 'eth',
    amount: formatAmount(a - fee, USDT),
    to_address: EXTERNAL,
    client_withdrawal_id: `race-${i}`,
  })
  const accepted: Tally = {}
  const refused: Tally = {}
  const problems: string[] = []
  const ids: {kind: string; id: string}[] = []
  const queued: string[] = []
  const requests = Array.from({length: options.requests}, async (_, i) => {
    await jitter()
    const auth = i % 2 === 0 ? 'signed' : 'jwt'
    if (i % 10 < 2) {
      try {
        const {operation_id} = await node.admin.call<{operation_id: string}>(
          'OperationsService',
          'ManualWithdrawBalanceAccount',
          {
            balance_account_id: who.account.fundingAccountId,
            asset: 'USDT',
            amount,
            reason: `race ${i}`,
          },
        )
        count(accepted, 'manual withdrawal')
        ids.push({kind: 'manual withdrawal', id: operation_id})
      } catch (error) {
        const e = error as grpc.ServiceError
        count(refused, `manual withdrawal ${grpc.status[e.code]}`)
        if (e.code !== grpc.status.FAILED_PRECONDITION)
          problems.push(`manual withdrawal ${i}: ${grpc.status[e.code]} ${e.details}`)
      }
      return
    }
    if (i % 10 < 4) {
      const response = await post(node, who, '/withdrawals/', withdrawal(i), auth)
      judge(response, 'withdrawal', accepted, refused, problems, () => {
        queued.push(response.body.id as string)
        if (response.body.status !== 'pending') problems.push(`withdrawal ${i} answered ${response.body.status}`)
      })
      return
    }
    const response = await post(node, who, '/balances/transfer/', transfer, auth)
    judge(response, 'transfer', accepted, refused, problems, () =>
      ids.push({kind: 'transfer', id: response.body.transfer_id as string}),
    )
  })
  await Promise.all(requests)

  const funding = node.services.ledger.balance(who.account.fundingAccountId, 'USDT')
  const trading = node.services.ledger.balance(who.account.tradingAccountId, 'USDT')
  const transfers = BigInt(accepted['transfer'] ?? 0)
  const manual = BigInt(accepted['manual withdrawal'] ?? 0)
  const held = BigInt(accepted['withdrawal'] ?? 0)
  if (funding.available < 0n || funding.locked < 0n || trading.available < 0n)
    problems.push(`negative balance: funding ${funding.available}/${funding.locked}, trading ${trading.available}`)
  if (funding.locked !== held * a) problems.push(`funding locked ${funding.locked} ≠ ${held} held withdrawals × ${a}`)
  if ((transfers + manual + held) * a + funding.available !== start)
    problems.push(
      `accepted ${transfers} transfers + ${manual} manual + ${held} user withdrawals of ${a} + remaining ${funding.available} ≠ start ${start}`,
    )
  if (trading.available !== transfers * a) problems.push(`trading ${trading.available} ≠ ${transfers} × ${a}`)
  if (funding.available >= a) problems.push(`${funding.available} left although requests were refused for want of funds`)
  for (const {kind, id} of ids) if (!hasTransaction(node, id)) problems.push(`accepted ${kind} ${id} is not in the ledger`)
  checkWithdrawals(node, who, queued, a - fee, fee, problems)
  checkLedger(node, problems)
  return {requests: options.requests, accepted, refused, problems, ms: Date.now() - started}
}

/** USDT/eth: a withdrawal fee of `fee`, a minimum of 1, no approval step. */
async function setWithdrawFee(node: TestNode, fee: string): Promise<void> {
  const {networks} = await node.admin.call<{networks: {id: string; network: string}[]}>('InfoService', 'ListNetworks', {
    asset: 'USDT',
  })
  const eth = networks.find((entry) => entry.network === 'eth')
  if (!eth) throw new Error('USDT has no eth network')
  await node.admin.call('AssetsService', 'UpdateAssetNetwork', {
    network_id: eth.id,
    withdraw_fee: fee,
    min_withdraw: '1',
    large_withdrawal: '0',
  })
}

/**
 * Every user withdrawal answered 200 is a stored `pending` row of that amount and fee with its hold
 * in the ledger, and there is no other row: a refused request left nothing behind.
 */
function checkWithdrawals(node: TestNode, who: Trader, queued: string[], amount: bigint, fee: bigint, problems: string[]) {
  const rows = node.services.db
    .prepare<[string], {id: string; status: string; amount: string; fee: string}>(
      'SELECT id, status, amount, fee FROM withdrawals WHERE account_id = ?',
    )
    .all(who.account.id)
  const byId = new Map(rows.map((row) => [row.id, row]))
  if (new Set(queued).size !== queued.length) problems.push('two accepted withdrawals answered the same id')
  for (const id of queued) {
    const row = byId.get(id)
    if (!row) problems.push(`accepted withdrawal ${id} is not stored`)
    else if (row.status !== 'pending' || BigInt(row.amount) !== amount || BigInt(row.fee) !== fee)
      problems.push(`accepted withdrawal ${id} is ${row.status} ${row.amount} + ${row.fee}`)
    const hold = node.services.db
      .prepare("SELECT 1 FROM ledger_transactions WHERE type = 'withdrawal_hold' AND reference_id = ?")
      .get(id)
    if (hold === undefined) problems.push(`accepted withdrawal ${id} has no hold in the ledger`)
  }
  if (rows.length !== queued.length) problems.push(`${rows.length} withdrawals stored, ${queued.length} accepted`)
}

/** `requests` limit buys and transfers out against a trading balance that pays for `fits` orders. */
export async function raceTrading(node: TestNode, options: {requests: number; fits: number}): Promise<RaceReport> {
  const started = Date.now()
  const order = {ticker: 'ETH-USDT', side: 'buy', type: 'limit', price: '1000', qty: '0.01'}
  // What one such order holds (its notional, and any fee reserve), measured on an account of its own.
  const probe = await trader(node, {USDT: '100'})
  const placed = await post(node, probe, '/orders/place/', order)
  if (placed.status !== 200) throw new Error(`probe order: ${JSON.stringify(placed.body)}`)
  const hold = node.services.ledger.balance(probe.account.tradingAccountId, 'USDT').locked
  const transferAmount = '10'
  const who: Trader = await trader(node)
  const start = hold * BigInt(options.fits)
  node.services.operations.topup(
    {balanceAccountId: who.account.tradingAccountId},
    {asset: 'USDT', amount: formatAmount(start, USDT), reason: 'race funding', operator: 'proof'},
  )
  const transfer = {
    from_balance_account_id: who.account.tradingAccountId,
    to_balance_account_id: who.account.fundingAccountId,
    asset: 'USDT',
    amount: transferAmount,
  }
  const accepted: Tally = {}
  const refused: Tally = {}
  const problems: string[] = []
  const orderIds: string[] = []
  await Promise.all(
    Array.from({length: options.requests}, async (_, i) => {
      await jitter()
      if (i % 10 < 2) {
        const response = await post(node, who, '/balances/transfer/', transfer)
        judge(response, 'transfer', accepted, refused, problems, () => undefined)
      } else {
        const response = await post(node, who, '/orders/place/', order)
        judge(response, 'order', accepted, refused, problems, () => orderIds.push(response.body.order_id as string))
      }
    }),
  )
  const trading = node.services.ledger.balance(who.account.tradingAccountId, 'USDT')
  const funding = node.services.ledger.balance(who.account.fundingAccountId, 'USDT')
  const orders = BigInt(accepted['order'] ?? 0)
  const moved = BigInt(accepted['transfer'] ?? 0) * units(transferAmount)
  if (trading.available < 0n || trading.locked < 0n)
    problems.push(`negative trading balance ${trading.available}/${trading.locked}`)
  if (trading.locked !== orders * hold) problems.push(`locked ${trading.locked} ≠ ${orders} orders × ${hold}`)
  if (funding.available !== moved) problems.push(`funding ${funding.available} ≠ transferred ${moved}`)
  if (trading.available + trading.locked + moved !== start) problems.push(`available + locked + moved ≠ start ${start}`)
  if (trading.available >= hold) problems.push(`${trading.available} left although orders were refused for want of funds`)
  const stored = node.services.db
    .prepare<[string], {id: string; status: string}>('SELECT id, status FROM orders WHERE account_id = ?')
    .all(who.account.id)
  const byId = new Map(stored.map((row) => [row.id, row.status]))
  for (const id of orderIds) if (byId.get(id) !== 'open') problems.push(`accepted order ${id} is ${byId.get(id) ?? 'missing'}`)
  if (stored.length !== orderIds.length) problems.push(`${stored.length} orders stored, ${orderIds.length} accepted`)
  checkLedger(node, problems)
  return {requests: options.requests, accepted, refused, problems, ms: Date.now() - started}
}

/**
 * A POST through `burstAgent`: a fresh connection (no keep-alive socket the server may be closing
 * while the shared event loop is busy), at most 128 open at a time, the others queued in the agent.
 * Signed with the widest receive window: a thousand requests queue for seconds, and the race is
 * about the balance, not about the clock.
 */
async function post(
  node: TestNode,
  who: Trader,
  path: string,
  body: object,
  auth: 'signed' | 'jwt' = 'signed',
): Promise<{status: number; body: any}> {
  const raw = JSON.stringify(body)
  // Identical bodies in one millisecond would be one request sent twice (a replay, docs/rest.md "Replayed requests").
  const timestamp = String(freshTimestamp(`${who.apiKey} POST ${path} ${raw}`))
  const headers: Record<string, string> = {'content-type': 'application/json'}
  if (auth === 'jwt') headers['authorization'] = `Bearer ${who.token}`
  else {
    headers['x-api-key'] = who.apiKey
    headers['x-timestamp'] = timestamp
    headers['x-recv-window'] = '60000'
    headers['x-signature'] = signature(who.apiSecret, timestamp, 'POST', `${API}${path}`, raw)
  }
  const answer = await request(`${node.httpUrl}${API}${path}`, 'POST', headers, raw, 60_000, burstAgent)
  return answer.status === 0 ? {status: 0, body: {error: {code: 'transport', message: answer.text}}} : answer
}

function judge(
  response: {status: number; body: any},
  kind: string,
  accepted: Tally,
  refused: Tally,
  problems: string[],
  onAccepted: () => void,
): void {
  if (response.status === 200) {
    count(accepted, kind)
    onAccepted()
    return
  }
  const code = String(response.body?.error?.code)
  count(refused, `${kind} ${response.status} ${code}`)
  if (response.status !== 400 || code !== 'insufficient_funds')
    problems.push(`${kind}: ${response.status} ${JSON.stringify(response.body)}`)
}

function checkLedger(node: TestNode, problems: string[]): void {
  const report = node.services.ledger.verify()
  if (!report.ok) problems.push(`ledger verify: ${report.problems.join('; ')}`)
}
