/**
 * The `binance` npm SDK (3.6.5), pointed at a node by its base URL only (docs/binance-compat.md
 * "Binance SDKs"): MainClient's orders carry the fields its types declare (origQuoteOrderQty in place,
 * query and cancel answers, the cancel's own client id), its wallet calls answer in its types' shapes,
 * and its user data streams — by listen key (WebsocketClient) and over the WebSocket API
 * (WebsocketAPIClient, /ws-api/v3) — deliver executionReports with every field its raw event type
 * declares, C and c on a cancel, and nothing for a LIMIT_MAKER refused with -2010; a STOP_LOSS_LIMIT
 * placed by the SDK's own order type waits with stopPrice and workingTime -1.
 */
import test from 'ava'
import {
  MainClient,
  WebsocketAPIClient,
  WebsocketClient,
  type CancelOrderParams,
  type WsMessageSpotUserDataExecutionReportEventRaw,
} from 'binance'
import {freshPair, startMarketNode} from '../../helpers/market.js'
import type {TestNode} from '../../helpers/node.js'
import {trader, type Trader} from '../../helpers/rest.js'

let node: TestNode
const closers: (() => Promise<unknown>)[] = []
/** The SDK's log, errors only. */
const quiet = {trace: () => undefined, info: () => undefined, error: console.error}
test.before(async () => {
  node = await startMarketNode()
})
test.after.always(async () => {
  for (const close of closers) await close()
  await node?.close()
})

type ExecutionReport = WsMessageSpotUserDataExecutionReportEventRaw

/** Every field the SDK's raw executionReport type declares as always there (the optional ones are not sent). */
const REPORT_FIELDS = [
  'e', 'E', 's', 'c', 'S', 'o', 'f', 'q', 'p', 'P', 'F', 'g', 'C', 'x', 'X', 'r', 'i', 'l', 'z', 'L', 'n', 'N', 'T', 't',
  'I', 'w', 'm', 'M', 'O', 'Z', 'Y', 'Q', 'W', 'V',
] as const satisfies readonly (keyof ExecutionReport)[] // prettier-ignore

/** A MainClient on the node: its base URL, the key and secret; nothing else. */
const mainClient = (who: Trader) => new MainClient({api_key: who.apiKey, api_secret: who.apiSecret, baseUrl: node.httpUrl})

async function market(prefix: string) {
  const symbol = freshPair(node, prefix)
  const base = symbol.split('-')[0]!
  const maker = await trader(node, {[base]: '10'})
  const who = await trader(node, {USDT: '1000'})
  return {pair: symbol.replace('-', ''), maker: mainClient(maker), who, client: mainClient(who)}
}

/** The executionReports a stream delivered so far, and a wait for the next ones. */
function reports() {
  const seen: ExecutionReport[] = []
  return {
    seen,
    push: (message: unknown) => {
      if ((message as {e?: string}).e === 'executionReport') seen.push(message as ExecutionReport)
    },
    async count(n: number): Promise<ExecutionReport[]> {
      for (let waited = 0; seen.length < n && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20))
      return seen.slice(0, n)
    },
  }
}

/** A refused LIMIT_MAKER, a resting order and its cancel: the reports a stream must show, and what it must not. */
async function refusedThenCancelled(pair: string, maker: MainClient, client: MainClient) {
  await maker.submitNewOrder({symbol: pair, side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', quantity: 1, price: 10})
  const refused = await client
    .submitNewOrder({symbol: pair, side: 'BUY', type: 'LIMIT_MAKER', quantity: 1, price: 10})
    .catch((error: {code: number; message: string}) => error)
  await client.submitNewOrder({
    symbol: pair,
    side: 'BUY',
    type: 'LIMIT',
    timeInForce: 'GTC',
    quantity: 1,
    price: 9,
    newClientOrderId: 'x-U5D79M5Bresting1',
  })
  const cancelled = await client.cancelOrder({symbol: pair, origClientOrderId: 'x-U5D79M5Bresting1'})
  return {refused, cancelled}
}

test('MainClient by base URL: orders with origQuoteOrderQty, a cancel with its own client id, the wallet in its shapes', async (t) => {
  const {pair, maker, client} = await market('KM')
  await maker.submitNewOrder({symbol: pair, side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', quantity: 5, price: 10})
  const byCost = await client.submitNewOrder({
    symbol: pair,
    side: 'BUY',
    type: 'MARKET',
    quoteOrderQty: 25,
    newOrderRespType: 'FULL',
  })
  t.like(byCost, {status: 'FILLED', origQty: '2.5', origQuoteOrderQty: '25', cummulativeQuoteQty: '25'})
  const resting = await client.submitNewOrder({
    symbol: pair,
    side: 'BUY',
    type: 'LIMIT',
    timeInForce: 'GTC',
    quantity: 1,
    price: 8,
    newOrderRespType: 'RESULT',
  })
  t.is(resting.origQuoteOrderQty, '0')
  t.regex(resting.clientOrderId, /^x-U5D79M5B/, "the SDK's own client order id, kept")
  const queried = await client.getOrder({symbol: pair, orderId: resting.orderId})
  t.like(queried, {orderId: resting.orderId, origQuoteOrderQty: '0', status: 'NEW'})
  // Binance's cancel takes newClientOrderId, which the SDK's type leaves out (it sends it all the same).
  const named: CancelOrderParams & {newClientOrderId: string} = {
    symbol: pair,
    orderId: resting.orderId,
    newClientOrderId: 'x-U5D79M5Bcancel1',
  }
  const cancelled = await client.cancelOrder(named)
  t.like(cancelled, {origClientOrderId: resting.clientOrderId, clientOrderId: 'x-U5D79M5Bcancel1', status: 'CANCELED'})
  const coins = await client.getBalances()
  const usdt = coins.find((coin) => coin.coin === 'USDT')!
  t.like(usdt, {free: '0', locked: '0', trading: true})
  t.deepEqual(
    usdt.networkList.map((network) => network.network),
    ['ETH', 'TRX'],
  )
  t.like(await client.getTradeFee({symbol: pair}), [{symbol: pair, makerCommission: '0.001', takerCommission: '0.002'}])
  t.deepEqual(await client.getDepositHistory({coin: 'USDT'}), [])
  t.deepEqual(await client.getWithdrawHistory({coin: 'USDT', status: '6'}), [])
})

test('MainClient places a STOP_LOSS_LIMIT (its own OrderType) and reads it back waiting: stopPrice, isWorking false, workingTime -1', async (t) => {
  const {pair, maker} = await market('KS')
  const placed = await maker.submitNewOrder({
    symbol: pair,
    side: 'SELL',
    type: 'STOP_LOSS_LIMIT',
    timeInForce: 'GTC',
    quantity: 1,
    price: 9,
    stopPrice: 9.5,
    newOrderRespType: 'RESULT',
  })
  t.like(placed, {type: 'STOP_LOSS_LIMIT', status: 'NEW', stopPrice: '9.5', price: '9'})
  // (SpotOrder of SDK 3.6.5 does not declare workingTime; Binance's answer, and the node's, carries it.)
  t.like(await maker.getOrder({symbol: pair, orderId: placed.orderId}), {
    orderId: placed.orderId,
    type: 'STOP_LOSS_LIMIT',
    status: 'NEW',
    stopPrice: '9.5',
    isWorking: false,
    workingTime: -1,
  })
  t.deepEqual(
    (await maker.getOpenOrders({symbol: pair})).map((order) => [order.orderId, order.type, order.stopPrice]),
    [[placed.orderId, 'STOP_LOSS_LIMIT', '9.5']],
  )
  t.like(await maker.cancelOrder({symbol: pair, orderId: placed.orderId}), {
    status: 'CANCELED',
    type: 'STOP_LOSS_LIMIT',
    stopPrice: '9.5',
  })
})

test('WebsocketClient, listen key: executionReports with every declared field, C and c on a cancel, nothing for a refused LIMIT_MAKER', async (t) => {
  const {pair, maker, who, client} = await market('KL')
  const ws = new WebsocketClient(
    {
      api_key: who.apiKey,
      api_secret: who.apiSecret,
      wsUrl: node.httpUrl.replace(/^http/, 'ws'),
      restOptions: {baseUrl: node.httpUrl},
    },
    quiet,
  )
  closers.push(async () => {
    await ws.unsubscribeSpotUserDataStream()
    ws.closeAll(true)
    // SDK 3.6.5 keeps the listen key's 50-minute keep-alive timer after unsubscribing (the process would
    // not exit); it is cleared as the SDK's own listenKeyExpired path clears it. The node gives the key's
    // open listen key again.
    const {listenKey} = await client.getSpotUserDataListenKey()
    const sdk = ws as unknown as {getUserDataStreamManager(): {teardownUserDataListenKey(key: string, ws: undefined): void}}
    sdk.getUserDataStreamManager().teardownUserDataListenKey(listenKey, undefined)
  })
  const stream = reports()
  ws.on('message', stream.push)
  await ws.subscribeSpotUserDataStream()
  const {refused, cancelled} = await refusedThenCancelled(pair, maker, client)
  t.like(refused, {code: -2010, message: 'Order would immediately match and take.'})
  const [created, cancel] = await stream.count(2)
  t.like(created, {x: 'NEW', c: 'x-U5D79M5Bresting1', C: '', Q: '0'})
  t.like(cancel, {x: 'CANCELED', C: 'x-U5D79M5Bresting1', c: cancelled.clientOrderId})
  t.regex(cancel!.c, /^[A-Za-z0-9]{22}$/, 'the cancel named none: an id made for it')
  for (const report of stream.seen) {
    t.deepEqual(
      REPORT_FIELDS.filter((field) => !(field in report)),
      [],
    )
    t.true(Number.isSafeInteger(report.I))
  }
  t.not(created!.I, cancel!.I)
  t.is(stream.seen.length, 2, 'the refused LIMIT_MAKER was reported by no event')
})

test('WebsocketAPIClient (/ws-api/v3): the same reports over userDataStream.subscribe.signature', async (t) => {
  const {pair, maker, who, client} = await market('KA')
  const api = new WebsocketAPIClient(
    {api_key: who.apiKey, api_secret: who.apiSecret, wsUrl: node.httpUrl.replace(/^http/, 'ws'), attachEventListeners: false},
    quiet,
  )
  closers.push(async () => {
    await api.unsubscribeUserDataStream('mainWSAPI')
    api.getWSClient().closeAll(true)
  })
  const stream = reports()
  api.getWSClient().on('message', stream.push)
  const subscribed = await api.subscribeUserDataStream('mainWSAPI')
  t.like(subscribed, {status: 200, result: {subscriptionId: 0}})
  const {cancelled} = await refusedThenCancelled(pair, maker, client)
  const [created, cancel] = await stream.count(2)
  t.like(created, {x: 'NEW', C: ''})
  t.like(cancel, {x: 'CANCELED', C: 'x-U5D79M5Bresting1', c: cancelled.clientOrderId})
  for (const report of stream.seen)
    t.deepEqual(
      REPORT_FIELDS.filter((field) => !(field in report)),
      [],
    )
  t.is(stream.seen.length, 2)
})
