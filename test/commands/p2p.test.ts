/**
 * `exchange p2p ...` as an operator's script runs it: the built CLI as a subprocess, without a TTY,
 * against a node with real P2P orders and disputes made over REST; and `node start --help` shows
 * the P2P flags.
 */
import {randomUUID} from 'node:crypto'
import fs from 'node:fs'
import test, {type ExecutionContext} from 'ava'
import {AdminClient} from '../../src/node/admin/client.js'
import {CLI_TIMEOUT_MS, runCli, runJson, startCli, type CliResult} from '../helpers/cli.js'
import {tempDir, type TestNode} from '../helpers/node.js'
import {act, createAd, createOrder, funding, ledgerClean, p2pNode, testClock, user, type User} from '../helpers/p2p.js'

type Order = {id: string; status: string; buyer_id: string; seller_id: string; amount: string; history: {status: string}[]}
type Dispute = {id: string; order_id: string; status: string; reason: string; winner: string; comment: string}

const clock = testClock()
let node: TestNode

test.before(async () => {
  node = await p2pNode(clock)
  await node.admin.call('AdminsService', 'CreateAdmin', {
    email: 'arbitrator@example.com',
    password: 'admin password 1234',
    role: 'arbitrator',
  })
})
test.after.always(() => node?.close())

const cli = (args: string[]): Promise<CliResult> => runCli([...args, '--admin-url', node.grpcAddress])
const json = <T = Record<string, unknown>>(args: string[]): Promise<T> => runJson<T>(args, node.grpcAddress)

/** A seller with 100 USDT, a buyer, and an order of 30 USDT on the seller's SELL ad, paid by the buyer. */
async function paidOrder(t: ExecutionContext): Promise<{seller: User; buyer: User; orderId: string}> {
  const seller = await user(node, {USDT: '100'})
  const buyer = await user(node)
  const orderId = await createOrder(undefined, node, buyer, await createAd(undefined, node, seller), '30')
  await act(t, node, seller, orderId, 'accept', 'ACCEPTED')
  await act(t, node, buyer, orderId, 'pay', 'PAYMENT_COMPLETED', {payment_method: 'card'})
  return {seller, buyer, orderId}
}

/** The one line on stderr of a failed command. */
const oneLine = (t: ExecutionContext, result: CliResult, pattern: RegExp): void => {
  t.regex(result.stderr, pattern)
  t.is(result.stderr.trim().split('\n').length, 1, result.stderr)
}

test('p2p rates set / list: the rate is stored and listed, as JSON and as a table', async (t) => {
  const set = await json<{rate: {asset: string; fiat: string; rate: string; updated_at: string}}>([
    'p2p',
    'rates',
    'set',
    '--asset',
    'BTC',
    '--fiat',
    'EUR',
    '--rate',
    '50000',
  ])
  t.like(set.rate, {asset: 'BTC', fiat: 'EUR', rate: '50000'})
  t.truthy(set.rate.updated_at)
  const {rates} = await json<{rates: {asset: string; fiat: string; rate: string}[]}>(['p2p', 'rates', 'list'])
  t.true(rates.some((rate) => rate.asset === 'BTC' && rate.fiat === 'EUR' && rate.rate === '50000'))
  const table = await cli(['p2p', 'rates', 'list'])
  t.is(table.code, 0, table.stderr)
  t.regex(table.stdout, /BTC\s.*EUR\s.*50000/)
  const bad = await cli(['p2p', 'rates', 'set', '--asset', 'BTC', '--fiat', 'euro', '--rate', '1'])
  t.is(bad.code, 3, bad.stderr)
  oneLine(t, bad, /INVALID_ARGUMENT \(invalid_argument\)/)
})

test('p2p payment-methods add / list: added and listed; the same id again is ALREADY_EXISTS (exit 5)', async (t) => {
  const added = await json([
    'p2p',
    'payment-methods',
    'add',
    '--id',
    'sepa',
    '--name',
    'SEPA transfer',
    '--kind',
    'bank_transfer',
  ])
  t.deepEqual(added, {payment_method: {id: 'sepa', name: 'SEPA transfer', kind: 'bank_transfer'}})
  const {payment_methods: methods} = await json<{payment_methods: {id: string; kind: string}[]}>([
    'p2p',
    'payment-methods',
    'list',
  ])
  t.true(methods.some((method) => method.id === 'sepa' && method.kind === 'bank_transfer'))
  const table = await cli(['p2p', 'payment-methods', 'list'])
  t.regex(table.stdout, /sepa\s.*SEPA transfer\s.*bank_transfer/)
  const duplicate = await cli(['p2p', 'payment-methods', 'add', '--id', 'sepa', '--name', 'Again', '--kind', 'other'])
  t.is(duplicate.code, 5, duplicate.stderr)
  oneLine(t, duplicate, /ALREADY_EXISTS \(already_exists\)/)
  const badKind = await cli(['p2p', 'payment-methods', 'add', '--id', 'x', '--name', 'X', '--kind', 'cash'])
  t.is(badKind.code, 2, badKind.stderr)
  t.regex(badKind.stderr, /kind/)
})

test('p2p orders list / show: a real order, by account and status, with its history and chat', async (t) => {
  const {buyer, seller, orderId} = await paidOrder(t)
  const {orders} = await json<{orders: Order[]}>(['p2p', 'orders', 'list', '--account-id', buyer.account.id])
  t.deepEqual(
    orders.map((order) => order.id),
    [orderId],
  )
  t.like(orders[0], {status: 'PAYMENT_COMPLETED', buyer_id: buyer.account.id, seller_id: seller.account.id, amount: '30'})
  // The seller named by e-mail: the same order; both names at once is a usage error.
  const bySeller = await json<{orders: Order[]}>(['p2p', 'orders', 'list', '--email', seller.account.email])
  t.deepEqual(
    bySeller.orders.map((order) => order.id),
    [orderId],
  )
  const both = await cli(['p2p', 'orders', 'list', '--email', seller.account.email, '--account-id', seller.account.id])
  t.is(both.code, 2, both.stderr)
  const unknown = await cli(['p2p', 'orders', 'list', '--email', 'nobody-p2p@example.com'])
  t.is(unknown.code, 4, unknown.stderr)
  const byStatus = await json<{orders: Order[]}>(['p2p', 'orders', 'list', '--status', 'PAYMENT_COMPLETED', '--limit', '200'])
  t.true(byStatus.orders.some((order) => order.id === orderId))

  const shown = await json<{order: Order; messages: {kind: string}[]}>(['p2p', 'orders', 'show', '--order-id', orderId])
  t.is(shown.order.id, orderId)
  t.deepEqual(
    shown.order.history.map((entry) => entry.status),
    ['CREATED', 'ACCEPTED', 'PROCESSING', 'PAYMENT_COMPLETED'],
  )
  t.true(shown.messages.some((message) => message.kind === 'system'))
  const table = await cli(['p2p', 'orders', 'show', '--order-id', orderId])
  t.is(table.code, 0, table.stderr)
  t.regex(table.stdout, /PAYMENT_COMPLETED/)
  t.regex(table.stdout, /History/)
  t.regex(table.stdout, /Chat[\s\S]*system/)
  const tooMany = await cli(['p2p', 'orders', 'list', '--limit', '201'])
  t.is(tooMany.code, 2, tooMany.stderr)
})

test.serial(
  'p2p disputes list / show / decide: the buyer wins, the escrow moves to the buyer; deciding again is FAILED_PRECONDITION (exit 6)',
  async (t) => {
    const {buyer, seller, orderId} = await paidOrder(t)
    await act(t, node, buyer, orderId, 'dispute', 'DISPUTE_DECISION_AWAITING', {reason: 'seller does not release'})
    const {disputes} = await json<{disputes: Dispute[]}>(['p2p', 'disputes', 'list', '--status', 'assigned'])
    const dispute = disputes.find((candidate) => candidate.order_id === orderId)
    t.like(dispute, {status: 'assigned', reason: 'seller does not release'})
    const disputeId = dispute!.id

    const shown = await json<{dispute: Dispute; order: Order; messages: unknown[]}>([
      'p2p',
      'disputes',
      'show',
      '--dispute-id',
      disputeId,
    ])
    t.is(shown.order.id, orderId)
    t.true(shown.messages.length >= 4)
    const table = await cli(['p2p', 'disputes', 'show', '--dispute-id', disputeId])
    t.is(table.code, 0, table.stderr)
    t.regex(table.stdout, /seller does not release/)
    t.regex(table.stdout, /Chat[\s\S]*system/)

    // No terminal and no --yes: refused before anything moves, naming the order and the winner.
    const unconfirmed = await cli([
      'p2p',
      'disputes',
      'decide',
      '--dispute-id',
      disputeId,
      '--winner',
      'buyer',
      '--comment',
      'paid',
    ])
    t.is(unconfirmed.code, 2, unconfirmed.stderr)
    t.regex(unconfirmed.stderr, new RegExp(`${orderId}.*buyer.*--yes`))
    t.deepEqual(funding(node, buyer), {available: '0', locked: '0'})

    const decided = await json<{dispute: Dispute; order: Order}>([
      'p2p',
      'disputes',
      'decide',
      '--dispute-id',
      disputeId,
      '--winner',
      'buyer',
      '--comment',
      'bank statement shows the payment',
      '--yes',
    ])
    t.like(decided.dispute, {status: 'decided', winner: 'buyer', comment: 'bank statement shows the payment'})
    t.is(decided.order.status, 'SUCCESS')
    t.deepEqual(funding(node, buyer), {available: '30', locked: '0'})
    t.deepEqual(funding(node, seller), {available: '70', locked: '0'})

    const again = await cli([
      'p2p',
      'disputes',
      'decide',
      '--dispute-id',
      disputeId,
      '--winner',
      'seller',
      '--comment',
      'x',
      '--yes',
    ])
    t.is(again.code, 6, again.stderr)
    oneLine(t, again, /FAILED_PRECONDITION/)
    ledgerClean(t, node)
  },
)

test('p2p: unknown order and dispute ids are NOT_FOUND (exit 4) with one line on stderr', async (t) => {
  const id = randomUUID()
  const results = await Promise.all([
    cli(['p2p', 'orders', 'show', '--order-id', id]),
    cli(['p2p', 'disputes', 'show', '--dispute-id', id]),
    cli(['p2p', 'disputes', 'decide', '--dispute-id', id, '--winner', 'seller', '--comment', 'x', '--yes']),
  ])
  for (const result of results) {
    t.is(result.code, 4, result.stderr)
    oneLine(t, result, /NOT_FOUND \(not_found\)/)
    t.is(result.stdout, '')
  }
})

test('node start --help lists the P2P flags with their environment variables and defaults', async (t) => {
  const help = await runCli(['node', 'start', '--help'])
  t.is(help.code, 0, help.stderr)
  for (const flag of ['--p2p-acceptance-minutes', '--p2p-confirmation-minutes', '--p2p-taker-fee'])
    t.true(help.stdout.includes(flag), flag)
  t.regex(help.stdout, /default: 15,\s+env:\s+EXCHANGE_P2P_ACCEPTANCE_MINUTES/)
  t.regex(help.stdout, /default: 30,\s+env:\s+EXCHANGE_P2P_CONFIRMATION_MINUTES/)
  t.regex(help.stdout, /EXCHANGE_P2P_TAKER_FEE/)
})

test('node start: bad P2P flag values are usage errors (exit 2) naming the flag', async (t) => {
  const cases: [string[], RegExp][] = [
    [['--p2p-taker-fee', 'USDT'], /--p2p-taker-fee/],
    [['--p2p-taker-fee', 'USDT=0.001,USDT=0.002'], /--p2p-taker-fee: USDT is given twice/],
    [['--p2p-taker-fee', 'USDT=1.5'], /--p2p-taker-fee/],
    [['--p2p-acceptance-minutes', '0'], /--p2p-acceptance-minutes/],
    [['--p2p-confirmation-minutes', 'soon'], /--p2p-confirmation-minutes/],
  ]
  const results = await Promise.all(
    cases.map(([args]) => runCli(['node', 'start', '--data-dir', '/nonexistent/p2p-cli-test', ...args])),
  )
  results.forEach((result, index) => {
    t.is(result.code, 2, result.stderr)
    t.regex(result.stderr, cases[index]![1])
  })
})

// Serial: a second node, as a child process, runs alone.
test.serial(
  'node start --p2p-acceptance-minutes / --p2p-taker-fee reach the node: the deadline and the fee of a new order',
  async (t) => {
    const dataDir = tempDir()
    const child = startCli(
      ['node', 'start', '--data-dir', dataDir, '--http-port', '0', '--grpc-port', '0', '--admin-http-port', '0'],
      {EXCHANGE_P2P_ACCEPTANCE_MINUTES: '7', EXCHANGE_P2P_TAKER_FEE: 'USDT=0.01'},
    )
    let stderr = ''
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
    const admin: {client?: AdminClient} = {}
    t.teardown(async () => {
      admin.client?.close()
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
      fs.rmSync(dataDir, {recursive: true, force: true})
    })
    const ports = await new Promise<{http: number; grpc: number}>((resolve, reject) => {
      let buffered = ''
      const timer = setTimeout(
        () => reject(new Error(`no "node started" line within ${CLI_TIMEOUT_MS / 1000} s; stderr: ${stderr}`)),
        CLI_TIMEOUT_MS,
      )
      child.stdout!.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('utf8')
        const lines = buffered.split('\n')
        buffered = lines.pop()!
        for (const line of lines) {
          if (!line.includes('"node started"')) continue
          clearTimeout(timer)
          resolve((JSON.parse(line) as {ports: {http: number; grpc: number}}).ports)
        }
      })
      void exited.then(() => reject(new Error(`node exited before starting; stderr: ${stderr}`)))
    })
    const client = new AdminClient(`127.0.0.1:${ports.grpc}`, {operator: 'p2p-cli-test', timeoutMs: 10_000})
    admin.client = client
    const session = async (email: string): Promise<string> => {
      await client.call('AccountsService', 'CreateAccount', {email, password: 'password123'})
      return (await client.call('AccountsService', 'LoginAccount', {email, password: 'password123'})).token
    }
    const seller = await session('seller@example.com')
    const buyer = await session('buyer@example.com')
    const {funding_account_id: sellerFunding} = await client.call('AccountsService', 'GetAccountDetails', {
      email: 'seller@example.com',
    })
    await client.call('OperationsService', 'ManualTopupBalanceAccount', {
      balance_account_id: sellerFunding,
      asset: 'USDT',
      amount: '200',
      reason: 'test funding',
    })
    const rest = async (token: string, path: string, body: unknown): Promise<Record<string, unknown>> => {
      const response = await fetch(`http://127.0.0.1:${ports.http}/api/v1${path}`, {
        method: 'POST',
        headers: {authorization: `Bearer ${token}`, 'content-type': 'application/json'},
        body: JSON.stringify(body),
      })
      const json = (await response.json()) as Record<string, unknown>
      if (response.status !== 200) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(json)}`)
      return json
    }
    const ad = await rest(seller, '/p2p/advertisements/', {
      type: 'SELL',
      asset: 'USDT',
      fiat: 'USD',
      price_type: 'fixed',
      price: '1',
      min_amount: '10',
      max_amount: '1000',
      total_amount: '150',
      payment_methods: ['bank_transfer'],
    })
    const created = await rest(buyer, '/p2p/orders/', {advertisement_id: ad.advertisement_id, amount: '100'})
    const {order} = await client.call('P2PService', 'GetP2POrder', {order_id: String(created.order_id)})
    t.is(order?.status, 'CREATED')
    t.is(Date.parse(order!.expires_at) - Date.parse(order!.created_at), 7 * 60_000, 'acceptance deadline from the env')
    t.is(order?.fee, '1', '1% of 100 USDT')
  },
)
