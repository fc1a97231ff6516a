/**
 * ccxt follows an account over the Binance form's WebSocket API (`/ws-api/v3`,
 * `userDataStream.subscribe.signature`): watchOrders, watchMyTrades and watchBalance see the orders,
 * fills and balances two accounts make trading against each other, and a transfer into the trading
 * balance account (balanceUpdate).
 */
import test from 'ava'
import {CcxtNode, type CcxtBinance} from '../../helpers/binance.js'
import {startMarketNode} from '../../helpers/market.js'
import type {TestNode} from '../../helpers/node.js'

type Exchange = CcxtBinance

let ccxt: CcxtNode
let node: TestNode
test.before(async () => {
  ccxt = new CcxtNode(await startMarketNode())
  node = ccxt.node
})
test.after.always(async () => {
  await ccxt?.close()
})

const market = (prefix: string) => ccxt.pair(prefix, {base: '10', usdt: '1000'})

/**
 * What ccxt keeps from the stream, once `pick` finds it there: a watch* call resolves on the next
 * message only, so the later states of a burst are read from ccxt's own caches (`orders`,
 * `myTrades`, `balance`), which every message updates.
 */
async function kept<T>(pick: () => T | undefined, timeoutMs = 5000): Promise<T> {
  for (let waited = 0; waited < timeoutMs; waited += 20) {
    const value = pick()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('ccxt never kept the expected state')
}

const orderIn = (exchange: Exchange, id: string, done: (order: any) => boolean) => () =>
  Array.from((exchange.orders ?? []) as any[]).find((order) => order.id === id && done(order))

test('watchOrders: NEW, then each fill, then the end: the maker partly filled, the taker IOC expired', async (t) => {
  const {unified, a, b} = await market('WO')
  // The subscription is made by the first watch (ccxt awaits the answer before it returns the promise of updates).
  const makerUpdates = a.watchOrders(unified)
  const takerUpdates = b.watchOrders(unified)
  await new Promise((resolve) => setTimeout(resolve, 500))
  const ask = await a.createOrder(unified, 'limit', 'sell', 2, 10, {clientOrderId: 'ask-1'})
  const [placed] = await makerUpdates
  t.like(placed, {id: ask.id, clientOrderId: 'ask-1', status: 'open', filled: 0, amount: 2, price: 10, side: 'sell'})
  const bid = await b.createOrder(unified, 'limit', 'buy', 3, 10, {timeInForce: 'IOC'})
  t.like(await kept(orderIn(a, ask.id!, (order) => order.filled === 2)), {status: 'closed', remaining: 0, cost: 20})
  t.like(
    (await takerUpdates).find((order) => order.id === bid.id),
    {side: 'buy', amount: 3},
  )
  t.like(await kept(orderIn(b, bid.id!, (order) => order.status === 'expired')), {filled: 2, remaining: 1, timeInForce: 'IOC'})
  t.true(node.services.ledger.verify().ok)
})

test('watchMyTrades: each fill with its price, amount, fee and role', async (t) => {
  const {unified, base, a, b} = await market('WT')
  const trades = a.watchMyTrades(unified)
  await new Promise((resolve) => setTimeout(resolve, 500))
  const ask = await a.createOrder(unified, 'limit', 'sell', 1, 7)
  await b.createOrder(unified, 'market', 'buy', 0.4)
  const [fill] = await trades
  t.like(fill, {symbol: unified, order: ask.id, side: 'sell', takerOrMaker: 'maker', price: 7, amount: 0.4, cost: 2.8})
  t.like(fill!.fee, {currency: 'USDT', cost: 0.0028})
  const theirs = await b.fetchMyTrades(unified)
  t.is(theirs.at(-1)!.id, fill!.id, 'the stream and REST name a trade by the same id')
  t.like(theirs.at(-1)!.fee, {currency: base})
})

test('watchBalance: free and used after an order and a fill; a transfer into trading arrives as balanceUpdate', async (t) => {
  const {unified, base, a, b, alice} = await market('WB')
  const first = a.watchBalance()
  await new Promise((resolve) => setTimeout(resolve, 500))
  await a.createOrder(unified, 'limit', 'sell', 4, 10)
  t.like((await first)[base], {free: 6, used: 4, total: 10})
  await b.createOrder(unified, 'limit', 'buy', 1, 10)
  const balance = () => (a.balance as any)['spot']
  const traded = await kept(() => (balance()?.[base]?.used === 3 ? balance() : undefined))
  t.like(traded[base], {free: 6, used: 3, total: 9})
  t.like(traded['USDT'], {free: 1009.99, used: 0})
  // Funds moved from funding to trading (as over /api/v1): a balanceUpdate, then the position.
  node.services.operations.topup(
    {balanceAccountId: alice.account.fundingAccountId},
    {asset: 'USDT', amount: '50', reason: 'deposit', operator: 'test'},
  )
  node.services.balances.transfer(alice.account, {
    fromBalanceAccountId: alice.account.fundingAccountId,
    toBalanceAccountId: alice.account.tradingAccountId,
    asset: 'USDT',
    amount: '50',
  })
  const moved = await kept(() => (balance()?.['USDT']?.free === 1059.99 ? balance() : undefined))
  t.like(moved['USDT'], {free: 1059.99, used: 0, total: 1059.99})
  t.like(moved[base], {free: 6, used: 3})
})
