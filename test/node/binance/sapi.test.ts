/**
 * The wallet and the catalogues of the Binance form (docs/binance-compat.md "Wallet (/sapi/v1/...)",
 * "ccxt"), raw, on a node with no chain connected: capital/config/getall (every asset, the funding
 * balances, the networks and why they cannot be used), asset/tradeFee, the empty futures, options
 * and margin catalogues, and the refusals of the deposit and withdrawal endpoints for a chain that is
 * not connected. The endpoints over real chains are ccxt-wallet-evm.test.ts and
 * ccxt-wallet-btc.test.ts.
 */
import test from 'ava'
import {assertBinanceError, signedV3, v3} from '../../helpers/binance.js'
import {freshPair, startMarketNode} from '../../helpers/market.js'
import type {TestNode} from '../../helpers/node.js'
import {trader} from '../../helpers/rest.js'

let node: TestNode
test.before(async () => {
  node = await startMarketNode()
})
test.after.always(async () => {
  await node?.close()
})

test('capital/config/getall: every asset with its funding balance and its networks, Binance ids and settings', async (t) => {
  const base = freshPair(node, 'SA').split('-')[0]!
  const who = await trader(node, {USDT: '7'})
  node.services.operations.topup(
    {balanceAccountId: who.account.fundingAccountId},
    {asset: 'USDT', amount: '12.5', reason: 'test funding', operator: 'test'},
  )
  const answer = await signedV3(node, who, 'GET', '/sapi/v1/capital/config/getall')
  t.is(answer.status, 200, JSON.stringify(answer.body))
  const coins = new Map(answer.body.map((coin: any) => [coin.coin, coin]))
  t.like(coins.get('USDT'), {coin: 'USDT', name: 'Tether USD', free: '12.5', locked: '0', trading: true, isLegalMoney: false})
  const usdt = coins.get('USDT') as any
  t.deepEqual(
    usdt.networkList.map((network: any) => [network.network, network.name, network.isDefault]),
    [
      ['ETH', 'Ethereum (ERC20)', true],
      ['TRX', 'Tron (TRC20)', false],
    ],
  )
  const btc = (coins.get('BTC') as any).networkList[0]
  t.like(btc, {
    network: 'BTC',
    coin: 'BTC',
    name: 'Bitcoin',
    isDefault: true,
    depositEnable: false,
    withdrawEnable: false,
    depositDesc: 'chain btc is not connected',
    withdrawDesc: 'chain btc is not connected',
    withdrawIntegerMultiple: '0.00000001',
    minConfirm: 2,
  })
  for (const field of ['withdrawFee', 'withdrawMin', 'depositDust']) t.regex(btc[field], /^\d+(\.\d+)?$/, field)
  t.false('withdrawMax' in btc, 'no 24-hour limit in the tier: no maximum')
  // An asset without a network is listed, with none.
  t.like(coins.get(base), {coin: base, free: '0', networkList: []})
  assertBinanceError(t, await signedV3(node, who, 'GET', '/sapi/v1/capital/config/getall', {coin: 'BTC'}), 400, -1104)
  const anonymous = await v3(node, '/sapi/v1/capital/config/getall')
  assertBinanceError(t, anonymous, 401, -2014)
})

test('asset/tradeFee: the tier maker and taker fees per pair, or of one pair', async (t) => {
  const who = await trader(node)
  const all = await signedV3(node, who, 'GET', '/sapi/v1/asset/tradeFee')
  t.like(
    all.body.find((fee: any) => fee.symbol === 'BTCUSDT'),
    {makerCommission: '0.001', takerCommission: '0.002'},
  )
  const one = await signedV3(node, who, 'GET', '/sapi/v1/asset/tradeFee', {symbol: 'ETHUSDT'})
  t.deepEqual(one.body, [{symbol: 'ETHUSDT', makerCommission: '0.001', takerCommission: '0.002'}])
  assertBinanceError(t, await signedV3(node, who, 'GET', '/sapi/v1/asset/tradeFee', {symbol: 'NOPEUSDT'}), 400, -1121)
})

test('the futures, options and margin catalogues answer Binance shapes with nothing in them', async (t) => {
  const fapi = await v3(node, '/fapi/v1/exchangeInfo')
  t.like(fapi.body, {timezone: 'UTC', futuresType: 'U_MARGINED', symbols: [], assets: []})
  t.like((await v3(node, '/dapi/v1/exchangeInfo')).body, {timezone: 'UTC', symbols: []})
  t.like((await v3(node, '/eapi/v1/exchangeInfo')).body, {optionSymbols: [], optionContracts: [], optionAssets: []})
  t.deepEqual((await v3(node, '/sapi/v1/margin/allPairs')).body, [])
  const who = await trader(node)
  // ccxt signs margin/allPairs (Binance's MARKET_DATA): the signature is taken, not needed.
  t.deepEqual((await signedV3(node, who, 'GET', '/sapi/v1/margin/allPairs')).body, [])
  t.deepEqual((await signedV3(node, who, 'GET', '/sapi/v1/margin/isolated/allPairs')).body, [])
  assertBinanceError(t, await v3(node, '/sapi/v1/margin/isolated/allPairs'), 401, -2014)
  for (const path of [
    '/fapi/v1/ticker/price',
    '/dapi/v2/account',
    '/eapi/v1/mark',
    '/sapi/v2/loan/flexible/ongoing/orders',
    '/fapi',
  ]) {
    assertBinanceError(t, await v3(node, path), 404, -1000)
  }
})

test('deposit address and withdrawal on a chain that is not connected: -1000 naming it; networks by Binance id', async (t) => {
  const who = await trader(node, {}, ['read', 'trade', 'withdraw'])
  const address = await signedV3(node, who, 'GET', '/sapi/v1/capital/deposit/address', {coin: 'ETH'})
  assertBinanceError(t, address, 400, -1000, 'chain eth is not connected')
  const apply = (params: Record<string, string>) => signedV3(node, who, 'POST', '/sapi/v1/capital/withdraw/apply', params)
  const eth = {coin: 'USDT', network: 'ETH', address: '0x000000000000000000000000000000000000dEaD', amount: '1'}
  assertBinanceError(t, await apply(eth), 400, -1000, 'chain eth is not connected')
  assertBinanceError(t, await apply({...eth, network: 'TRX'}), 400, -1000, 'chain tron is not connected')
  assertBinanceError(t, await apply({...eth, network: 'BSC'}), 400, -1100, 'USDT has no network BSC; its networks: ETH, TRX.')
  assertBinanceError(t, await apply({...eth, coin: 'NOPE'}), 400, -1108, 'Invalid asset.')
  assertBinanceError(t, await apply({...eth, name: 'mine'}), 400, -1104)
  assertBinanceError(t, await apply({coin: 'USDT', network: 'ETH', amount: '1'}), 400, -1102, /'address'/)
  const reader = await trader(node, {}, ['read', 'trade'])
  assertBinanceError(t, await signedV3(node, reader, 'POST', '/sapi/v1/capital/withdraw/apply', eth), 401, -2015)
  // The spot account says which key may withdraw.
  t.like((await signedV3(node, who, 'GET', '/api/v3/account')).body, {canWithdraw: true, canDeposit: true})
  t.like((await signedV3(node, reader, 'GET', '/api/v3/account')).body, {canWithdraw: false, canDeposit: true})
})

test('deposit and withdrawal histories: empty lists; status among Binance numbers', async (t) => {
  const who = await trader(node)
  const get = (path: string, params: Record<string, string | number> = {}) => signedV3(node, who, 'GET', path, params)
  t.deepEqual((await get('/sapi/v1/capital/deposit/hisrec')).body, [])
  t.deepEqual((await get('/sapi/v1/capital/withdraw/history', {coin: 'BTC', status: 6})).body, [])
  t.deepEqual((await get('/sapi/v1/capital/withdraw/history', {status: 0})).body, [])
  assertBinanceError(t, await get('/sapi/v1/capital/deposit/hisrec', {status: 3}), 400, -1100)
  assertBinanceError(t, await get('/sapi/v1/capital/withdraw/history', {status: 9}), 400, -1100)
  assertBinanceError(t, await get('/sapi/v1/capital/deposit/hisrec', {startTime: 10, endTime: 5}), 400, -1128)
  assertBinanceError(t, await get('/sapi/v1/capital/deposit/hisrec', {limit: 1001}), 400, -1100)
})
