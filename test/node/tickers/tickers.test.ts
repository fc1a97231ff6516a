import {status} from '@grpc/grpc-js'
import test from 'ava'
import type {AdminTicker__Output} from '../../../src/node/admin/generated/exchange/admin/v1/AdminTicker.js'
import type {ListTickersResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/ListTickersResponse.js'
import {rpcError, startTestNode, type TestNode} from '../../helpers/node.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
  // Extra assets so that each test can use its own pairs: 2, 0 and 18 decimals.
  await node.admin.call('AssetsService', 'CreateAsset', {code: 'AAA', name: 'Two decimals', decimals: 2})
  await node.admin.call('AssetsService', 'CreateAsset', {code: 'BBB', name: 'No decimals', decimals: 0})
  await node.admin.call('AssetsService', 'CreateAsset', {code: 'CCC', name: 'Eighteen decimals', decimals: 18})
})
test.after.always(async () => {
  await node?.close()
})

type CreateTicker = {
  symbol: string
  base_asset?: string
  quote_asset?: string
  tick_size?: string
  lot_size?: string
  min_notional?: string
}
const createTicker = (request: CreateTicker) => node.admin.call('TickersService', 'CreateTicker', request)
const listTickers = async (include_inactive = false) =>
  (await node.admin.call<ListTickersResponse__Output>('TickersService', 'ListTickers', {include_inactive})).tickers
const ticker = async (symbol: string, includeInactive = true): Promise<AdminTicker__Output | undefined> =>
  (await listTickers(includeInactive)).find((candidate) => candidate.symbol === symbol)
const setActive = (symbol: string, active: boolean) => node.admin.call('TickersService', 'SetTickerActive', {symbol, active})

test('ListTickers: the bootstrapped BTC-USDT, ETH-USDT and TRX-USDT with their steps', async (t) => {
  const bootstrapped = (await listTickers()).filter((candidate) =>
    ['BTC-USDT', 'ETH-USDT', 'TRX-USDT'].includes(candidate.symbol),
  )
  t.deepEqual(bootstrapped, [
    {
      symbol: 'BTC-USDT',
      base_asset: 'BTC',
      quote_asset: 'USDT',
      active: true,
      tick_size: '0.01',
      lot_size: '0.00001',
      min_notional: '1',
    },
    {
      symbol: 'ETH-USDT',
      base_asset: 'ETH',
      quote_asset: 'USDT',
      active: true,
      tick_size: '0.01',
      lot_size: '0.0001',
      min_notional: '1',
    },
    {
      symbol: 'TRX-USDT',
      base_asset: 'TRX',
      quote_asset: 'USDT',
      active: true,
      tick_size: '0.00001',
      lot_size: '1',
      min_notional: '1',
    },
  ])
})

test("CreateTicker: default steps derive from the assets' decimals (at most 8 places)", async (t) => {
  t.deepEqual(await createTicker({symbol: 'ETH-BTC', base_asset: 'ETH', quote_asset: 'BTC'}), {success: true})
  t.deepEqual(await ticker('ETH-BTC'), {
    symbol: 'ETH-BTC',
    base_asset: 'ETH',
    quote_asset: 'BTC',
    active: true,
    tick_size: '0.00000001',
    lot_size: '0.00000001',
    min_notional: '0.00000001',
  })
  await createTicker({symbol: 'AAA-BBB'})
  t.deepEqual(await ticker('AAA-BBB'), {
    symbol: 'AAA-BBB',
    base_asset: 'AAA',
    quote_asset: 'BBB',
    active: true,
    tick_size: '1',
    lot_size: '0.01',
    min_notional: '1',
  })
  await createTicker({symbol: 'TRX-CCC'})
  const trx = await ticker('TRX-CCC')
  t.is(trx?.tick_size, '0.00000001')
  t.is(trx?.lot_size, '0.000001')
})

test('CreateTicker: explicit steps are kept, normalized', async (t) => {
  await createTicker({
    symbol: 'TRX-ETH',
    base_asset: 'TRX',
    quote_asset: 'ETH',
    tick_size: '0.0010',
    lot_size: '5',
    min_notional: '2.50',
  })
  t.deepEqual(await ticker('TRX-ETH'), {
    symbol: 'TRX-ETH',
    base_asset: 'TRX',
    quote_asset: 'ETH',
    active: true,
    tick_size: '0.001',
    lot_size: '5',
    min_notional: '2.5',
  })
})

test('CreateTicker: a lower-case symbol and asset codes are normalized to upper case', async (t) => {
  await createTicker({symbol: 'trx-btc', base_asset: 'trx', quote_asset: 'btc'})
  t.is((await ticker('TRX-BTC'))?.base_asset, 'TRX')
  t.is(await ticker('trx-btc'), undefined)
})

test('CreateTicker: base_asset or quote_asset that contradict the symbol are INVALID_ARGUMENT', async (t) => {
  for (const request of [
    {symbol: 'BTC-ETH', base_asset: 'ETH', quote_asset: 'BTC'},
    {symbol: 'BTC-ETH', base_asset: 'BTC', quote_asset: 'USDT'},
    {symbol: 'BTC-ETH', base_asset: 'TRX'},
  ]) {
    const error = await rpcError(createTicker(request))
    t.is(error.code, status.INVALID_ARGUMENT, JSON.stringify(request))
    t.is(error.errorCode, 'invalid_argument')
  }
  t.is(await ticker('BTC-ETH'), undefined)
})

test('CreateTicker: a malformed symbol or the same base and quote is INVALID_ARGUMENT', async (t) => {
  for (const symbol of ['', 'BTCUSDT', 'BTC_USDT', 'BTC-', '-USDT', 'B-USDT', 'BTC-USDT-ETH', 'BTC/USDT']) {
    t.is((await rpcError(createTicker({symbol}))).code, status.INVALID_ARGUMENT, JSON.stringify(symbol))
  }
  t.is((await rpcError(createTicker({symbol: 'BTC-BTC'}))).code, status.INVALID_ARGUMENT)
  t.is((await rpcError(createTicker({symbol: 'usdt-USDT'}))).code, status.INVALID_ARGUMENT)
})

test('CreateTicker: an unknown asset is NOT_FOUND', async (t) => {
  const base = await rpcError(createTicker({symbol: 'NOPE-USDT'}))
  t.is(base.code, status.NOT_FOUND)
  t.is(base.errorCode, 'not_found')
  t.is((await rpcError(createTicker({symbol: 'BTC-NOPE'}))).code, status.NOT_FOUND)
  t.is(await ticker('NOPE-USDT'), undefined)
})

test('CreateTicker: a duplicate symbol is ALREADY_EXISTS, also in another case', async (t) => {
  await createTicker({symbol: 'ETH-TRX'})
  const error = await rpcError(createTicker({symbol: 'ETH-TRX', tick_size: '0.5'}))
  t.is(error.code, status.ALREADY_EXISTS)
  t.is(error.errorCode, 'already_exists')
  t.is((await rpcError(createTicker({symbol: 'eth-trx'}))).code, status.ALREADY_EXISTS)
  t.is((await rpcError(createTicker({symbol: 'btc-usdt'}))).code, status.ALREADY_EXISTS)
  t.is((await ticker('ETH-TRX'))?.tick_size, '0.000001')
})

test("CreateTicker: a pair whose codes run together as another's (DDD-EEE, DDDE-EE: DDDEEE) is ALREADY_EXISTS", async (t) => {
  for (const code of ['DDD', 'EEE', 'DDDE', 'EE']) {
    await node.admin.call('AssetsService', 'CreateAsset', {code, name: 'Run together', decimals: 2})
  }
  await createTicker({symbol: 'DDD-EEE'})
  const error = await rpcError(createTicker({symbol: 'DDDE-EE'}))
  t.is(error.code, status.ALREADY_EXISTS)
  t.regex(error.details, /DDDEEE.*DDD-EEE/)
  t.is(await ticker('DDDE-EE'), undefined)
  t.is(node.services.tickers.byPair('dddeee')?.symbol, 'DDD-EEE')
})

test('CreateTicker: steps finer than the asset, zero or malformed are INVALID_ARGUMENT', async (t) => {
  const bad: CreateTicker[] = [
    // USDT has 6 decimals: a 7-decimal tick cannot be priced.
    {symbol: 'AAA-USDT', tick_size: '0.0000001'},
    // AAA has 2 decimals: a 3-decimal lot cannot be held.
    {symbol: 'AAA-USDT', lot_size: '0.001'},
    {symbol: 'AAA-USDT', min_notional: '0.0000001'},
    {symbol: 'AAA-USDT', tick_size: '0'},
    {symbol: 'AAA-USDT', lot_size: '0.00'},
    {symbol: 'AAA-USDT', tick_size: '-0.01'},
    {symbol: 'AAA-USDT', tick_size: '1e-2'},
    {symbol: 'AAA-USDT', lot_size: 'one'},
    {symbol: 'AAA-USDT', min_notional: '-1'},
  ]
  for (const request of bad) {
    t.is((await rpcError(createTicker(request))).code, status.INVALID_ARGUMENT, JSON.stringify(request))
  }
  t.is(await ticker('AAA-USDT'), undefined)
  // The finest steps the assets allow are fine; a zero minimum notional too.
  await createTicker({symbol: 'AAA-USDT', tick_size: '0.000001', lot_size: '0.01', min_notional: '0'})
  t.like(await ticker('AAA-USDT'), {tick_size: '0.000001', lot_size: '0.01', min_notional: '0'})
})

// --- SetTickerActive ---

test('SetTickerActive: an inactive ticker is listed only with include_inactive, and can be reactivated', async (t) => {
  await createTicker({symbol: 'CCC-USDT'})
  t.deepEqual(await setActive('CCC-USDT', false), {success: true})
  t.is(await ticker('CCC-USDT', false), undefined)
  t.like(await ticker('CCC-USDT', true), {symbol: 'CCC-USDT', active: false})
  t.deepEqual(await setActive('ccc-usdt', true), {success: true})
  t.like(await ticker('CCC-USDT', false), {symbol: 'CCC-USDT', active: true})
})

test('ListTickers: include_inactive lists active and inactive tickers together', async (t) => {
  await createTicker({symbol: 'BBB-USDT'})
  await setActive('BBB-USDT', false)
  const all = await listTickers(true)
  const active = await listTickers(false)
  t.true(all.some((candidate) => candidate.symbol === 'BBB-USDT' && !candidate.active))
  t.true(all.some((candidate) => candidate.symbol === 'BTC-USDT' && candidate.active))
  t.true(active.every((candidate) => candidate.active))
  t.false(active.some((candidate) => candidate.symbol === 'BBB-USDT'))
})

test('SetTickerActive: unknown symbol is NOT_FOUND, empty symbol INVALID_ARGUMENT', async (t) => {
  const error = await rpcError(setActive('DOGE-USDT', false))
  t.is(error.code, status.NOT_FOUND)
  t.is(error.errorCode, 'not_found')
  t.is((await rpcError(setActive('', false))).code, status.INVALID_ARGUMENT)
  t.true((await ticker('BTC-USDT', false))?.active)
})
