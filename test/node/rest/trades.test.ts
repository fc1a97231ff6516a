import test from 'ava'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {assertError, bearer, signed, trader, type Trader} from '../../helpers/rest.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

async function place(who: Trader, body: Record<string, unknown>) {
  const response = await signed(node, who, 'POST', '/orders/place/', body)
  if (response.status !== 200) throw new Error(`place failed: ${JSON.stringify(response.body)}`)
  return response.body as {order_id: string; status: string}
}

test.serial('after a match each party sees its own side and its fee in the asset it received, exact', async (t) => {
  const seller = await trader(node, {BTC: '1'})
  const buyer = await trader(node, {USDT: '100000'})
  const maker = await place(seller, {ticker: 'BTC-USDT', side: 'sell', type: 'limit', price: '30000', qty: '0.5'})
  const taker = await place(buyer, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '31000', qty: '0.5'})
  t.is(taker.status, 'filled')

  const buyerTrades = await bearer(node, buyer.token, 'GET', '/trades/')
  t.is(buyerTrades.status, 200)
  t.is(buyerTrades.body.total, 1)
  const [bought] = buyerTrades.body.trades
  t.regex(bought.executed_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  t.deepEqual(bought, {
    id: bought.id,
    order_id: taker.order_id,
    ticker: 'BTC-USDT',
    side: 'buy',
    price: '30000',
    qty: '0.5',
    quote_qty: '15000',
    fee: '0.001',
    fee_asset: 'BTC',
    is_maker: false,
    executed_at: bought.executed_at,
  })

  const sellerTrades = await signed(node, seller, 'GET', '/trades/')
  t.is(sellerTrades.status, 200)
  t.deepEqual(sellerTrades.body, {
    trades: [
      {
        id: bought.id,
        order_id: maker.order_id,
        ticker: 'BTC-USDT',
        side: 'sell',
        price: '30000',
        qty: '0.5',
        quote_qty: '15000',
        fee: '15',
        fee_asset: 'USDT',
        is_maker: true,
        executed_at: bought.executed_at,
      },
    ],
    total: 1,
  })
})

test.serial('fees are rounded down to the last unit and follow each party’s tier; a taker sell pays in quote', async (t) => {
  const cheap = node.services.tiers.create('rest-cheap', JSON.stringify({maker_fee: '0.0005', taker_fee: '0.00075'}))
  const buyer = await trader(node, {USDT: '1000'})
  const seller = await trader(node, {BTC: '0.01'})
  node.services.accounts.setTier(seller.account.email, cheap)
  // 0.00004 BTC at 30000.03 = 1.2000012 USDT → 1.200001 (quote rounded down to 6 decimals).
  const maker = await place(buyer, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '30000.03', qty: '0.00004'})
  const taker = await place(seller, {ticker: 'BTC-USDT', side: 'sell', type: 'market', qty: '0.00004'})
  t.is(taker.status, 'filled')
  const [asMaker] = (await bearer(node, buyer.token, 'GET', '/trades/')).body.trades
  // Maker buyer on the default tier: 0.1% of 4000 sats = 4 sats.
  t.like(asMaker, {
    order_id: maker.order_id,
    side: 'buy',
    is_maker: true,
    qty: '0.00004',
    quote_qty: '1.200001',
    fee: '0.00000004',
    fee_asset: 'BTC',
  })
  const [asTaker] = (await bearer(node, seller.token, 'GET', '/trades/')).body.trades
  // Taker seller on the cheap tier: 0.075% of 1200001 micro-USDT = 900.00075 → 900.
  t.like(asTaker, {order_id: taker.order_id, side: 'sell', is_maker: false, fee: '0.0009', fee_asset: 'USDT'})
  const received = node.services.ledger.balance(seller.account.tradingAccountId, 'USDT').available
  t.is(received, 1_200_001n - 900n, 'the seller received exactly quote minus the reported fee')
})

test.serial('a tier changed over the admin gRPC prices the very next trade and shows in /accounts/me/', async (t) => {
  // Fees are looked up through caches (accounts, tier limits): UpdateTier and SetTier reach them at once.
  const tierId = node.services.tiers.create('rest-moving', JSON.stringify({maker_fee: '0.001', taker_fee: '0.001'}))
  const buyer = await trader(node, {USDT: '1000'})
  const seller = await trader(node, {BTC: '0.01'})
  await node.admin.call('AccountsService', 'SetTier', {email: seller.account.email, tier_id: tierId})
  const me = async () => (await bearer(node, seller.token, 'GET', '/accounts/me/')).body.tier
  t.like(await me(), {id: tierId, taker_fee: '0.001'})
  const sell = async () => {
    await place(buyer, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '30000', qty: '0.0001'})
    await place(seller, {ticker: 'BTC-USDT', side: 'sell', type: 'market', qty: '0.0001'})
    return (await bearer(node, seller.token, 'GET', '/trades/')).body.trades[0].fee
  }
  t.is(await sell(), '0.003') // 0.1% of 3 USDT
  await node.admin.call('TiersService', 'UpdateTier', {
    tier_id: tierId,
    limits: JSON.stringify({maker_fee: '0.001', taker_fee: '0.002'}),
  })
  t.like(await me(), {taker_fee: '0.002'})
  t.is(await sell(), '0.006') // 0.2% of 3 USDT
})

test.serial('GET /trades/ filters by ticker and time, pages newest first, and validates its query', async (t) => {
  const seller = await trader(node, {BTC: '1', ETH: '10'})
  const buyer = await trader(node, {USDT: '1000000'})
  const before = new Date().toISOString()
  for (const price of ['30000', '30001', '30002']) {
    await place(seller, {ticker: 'BTC-USDT', side: 'sell', type: 'limit', price, qty: '0.01'})
    await place(buyer, {ticker: 'BTC-USDT', side: 'buy', type: 'market', qty: '0.01'})
  }
  await place(seller, {ticker: 'ETH-USDT', side: 'sell', type: 'limit', price: '2000', qty: '1'})
  await place(buyer, {ticker: 'ETH-USDT', side: 'buy', type: 'limit', price: '2000', qty: '1'})

  const all = (await bearer(node, buyer.token, 'GET', '/trades/')).body
  t.is(all.total, 4)
  t.deepEqual(
    all.trades.map((trade: {ticker: string; price: string}) => `${trade.ticker}@${trade.price}`),
    ['ETH-USDT@2000', 'BTC-USDT@30002', 'BTC-USDT@30001', 'BTC-USDT@30000'],
  )
  const btc = (await bearer(node, buyer.token, 'GET', '/trades/?ticker=BTC-USDT&limit=2&offset=1')).body
  t.is(btc.total, 3)
  t.deepEqual(
    btc.trades.map((trade: {price: string}) => trade.price),
    ['30001', '30000'],
  )
  const since = (await bearer(node, buyer.token, 'GET', `/trades/?from=${encodeURIComponent(before)}`)).body
  t.is(since.total, 4)
  const future = new Date(Date.now() + 60_000).toISOString()
  t.deepEqual((await bearer(node, buyer.token, 'GET', `/trades/?from=${future}`)).body, {trades: [], total: 0})
  t.deepEqual((await bearer(node, buyer.token, 'GET', `/trades/?to=${before}&ticker=ETH-USDT`)).body, {trades: [], total: 0})

  for (const query of ['from=yesterday', 'to=2026-13-01', 'limit=201', 'limit=0', 'offset=x']) {
    assertError(t, await bearer(node, buyer.token, 'GET', `/trades/?${query}`), 400, 'invalid_argument')
  }
  assertError(t, await bearer(node, buyer.token, 'GET', '/trades/?ticker=NOPE-USDT'), 404, 'not_found')
})

test.serial('an account without trades gets an empty list', async (t) => {
  const nobody = await trader(node)
  t.deepEqual((await signed(node, nobody, 'GET', '/trades')).body, {trades: [], total: 0})
})
