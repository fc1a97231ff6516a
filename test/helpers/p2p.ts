/**
 * P2P test helpers: a node on port 0 with a clock the test moves, users funded on their funding
 * balance accounts with a session JWT, an arbitrator signed in at the AdminGateway, and the ads
 * and orders of a scenario made over real HTTP. Not a test file.
 */
import type {ExecutionContext} from 'ava'
import type {Account} from '../../src/node/accounts/accounts.js'
import {DEFAULT_CONFIG, type NodeConfig} from '../../src/node/ground/config.js'
import {startTestNode, uniqueEmail, type TestNode} from './node.js'
import {bearer, type RestResponse} from './rest.js'

export type Clock = {now: number; advance(ms: number): void}

export const MINUTE = 60_000

export function testClock(start = Date.parse('2026-11-22T10:00:00.000Z')): Clock {
  return {
    now: start,
    advance(ms: number) {
      this.now += ms
    },
  }
}

export async function p2pNode(clock: Clock, overrides: Partial<NodeConfig> = {}): Promise<TestNode> {
  return startTestNode({
    rateLimits: {...DEFAULT_CONFIG.rateLimits, internal: 100_000, standard: 100_000},
    p2p: {clock: () => clock.now, timerTickMs: 3_600_000},
    ...overrides,
  })
}

export type User = {account: Account; token: string}

/** A new account with `funds` on its funding balance account and a session. */
export async function user(node: TestNode, funds: Record<string, string> = {}): Promise<User> {
  const account = await node.services.accounts.create(uniqueEmail('p2p'), 'password123')
  for (const [asset, amount] of Object.entries(funds)) {
    node.services.operations.topup(
      {balanceAccountId: account.fundingAccountId},
      {asset, amount, reason: 'test funding', operator: 'test'},
    )
  }
  const {token} = await node.services.tokens.issue(account.id, 'user')
  return {account, token}
}

export const call = (node: TestNode, who: User, method: string, path: string, body?: unknown): Promise<RestResponse> =>
  bearer(node, who.token, method, path, body)

export const sellAd = {
  type: 'SELL',
  asset: 'USDT',
  fiat: 'USD',
  price_type: 'fixed',
  price: '1.02',
  min_amount: '10',
  max_amount: '1000',
  total_amount: '500',
  payment_methods: ['bank_transfer', 'card'],
  payment_window_minutes: 15,
  terms: 'bank transfer only from own account',
}

export const buyAd = {...sellAd, type: 'BUY', price: '0.98'}

/** POSTs an ad and returns its id; fails the test on anything but 200. */
export async function createAd(
  _t: ExecutionContext | undefined,
  node: TestNode,
  maker: User,
  ad: Record<string, unknown> = sellAd,
): Promise<string> {
  const response = await call(node, maker, 'POST', '/p2p/advertisements/', ad)
  if (response.status !== 200) throw new Error(`create ad: ${JSON.stringify(response.body)}`)
  return response.body.advertisement_id as string
}

export async function createOrder(
  _t: ExecutionContext | undefined,
  node: TestNode,
  taker: User,
  adId: string,
  amount = '100',
): Promise<string> {
  const response = await call(node, taker, 'POST', '/p2p/orders/', {advertisement_id: adId, amount})
  if (response.status !== 200 || response.body.status !== 'CREATED')
    throw new Error(`create order: ${JSON.stringify(response.body)}`)
  return response.body.order_id as string
}

/** Runs an action and asserts the status it leads to. */
export async function act(
  t: ExecutionContext,
  node: TestNode,
  who: User,
  orderId: string,
  action: string,
  expected: string,
  body: unknown = {},
): Promise<RestResponse> {
  const response = await call(node, who, 'POST', `/p2p/orders/${orderId}/${action}/`, body)
  t.is(response.status, 200, `${action}: ${JSON.stringify(response.body)}`)
  t.is(response.body.status, expected)
  return response
}

/** The funding balance of an account: {available, locked} as strings. */
export function funding(node: TestNode, who: User, asset = 'USDT'): {available: string; locked: string} {
  const balance = node.services.ledger.balance(who.account.fundingAccountId, asset)
  const decimals = node.services.assets.get(asset)!.decimals
  const format = (units: bigint) => {
    const digits = units.toString().padStart(decimals + 1, '0')
    const fraction = digits.slice(-decimals).replace(/0+$/, '')
    return `${digits.slice(0, -decimals)}${fraction ? `.${fraction}` : ''}`
  }
  return {available: format(balance.available), locked: format(balance.locked)}
}

export function ledgerClean(t: ExecutionContext, node: TestNode): void {
  const report = node.services.ledger.verify()
  t.true(report.ok, report.problems.join('; '))
}
