/**
 * examples/trailing-stop.ts driven step by step against a real node, the price moved by the trades of
 * two other accounts: its stop follows the highest price up and never down, exactly one stop is open
 * after every step, the old ones are cancelled, and when the price falls through the stop the node
 * sells the position. Started above the price it trails from, it cannot place its stop and sells at
 * market, as freqtrade's emergency exit does. The example also runs as a program (`npx tsx`).
 */
import {spawn} from 'node:child_process'
import path from 'node:path'
import test from 'ava'
import {CcxtNode} from '../helpers/binance.js'
import {freshPair, startMarketNode} from '../helpers/market.js'
import {ROOT} from '../helpers/paths.js'
import {trader} from '../helpers/rest.js'
import {connect, TrailingStop, type Step} from '../../examples/trailing-stop.js'

let ccxt: CcxtNode
test.before(async () => {
  ccxt = new CcxtNode(await startMarketNode())
})
test.after.always(async () => {
  await ccxt?.close()
})

/** A fresh pair, the bot's account holding 10 of the base asset, and a maker and a taker that trade. */
async function market(prefix: string) {
  const {node} = ccxt
  const symbol = freshPair(node, prefix)
  const base = symbol.split('-')[0]!
  const unified = symbol.replace('-', '/')
  const [holder, ...others] = await Promise.all([
    trader(node, {[base]: '10'}),
    trader(node, {[base]: '1000', USDT: '100000'}),
    trader(node, {[base]: '1000', USDT: '100000'}),
  ])
  const [maker, taker] = await Promise.all(others.map((who) => ccxt.client({apiKey: who!.apiKey, secret: who!.apiSecret})))
  const exchange = connect(node.httpUrl, holder!.apiKey, holder!.apiSecret)
  await exchange.loadMarkets()
  /** One trade between maker and taker at `price`: the last price. */
  async function tradeAt(price: number, aggressor: 'buy' | 'sell' = 'buy') {
    await maker!.createOrder(unified, 'limit', aggressor === 'buy' ? 'sell' : 'buy', 0.1, price)
    await taker!.createOrder(unified, 'limit', aggressor, 0.1, price, {timeInForce: 'IOC'})
  }
  return {unified, base, exchange, maker: maker!, tradeAt}
}

test('the stop trails the highest price up, never down, one stop open at a time; a fall through it sells the position', async (t) => {
  const m = await market('TR')
  await m.tradeAt(100)
  const bot = new TrailingStop(m.exchange, {symbol: m.unified, trailPct: '10', limitRatio: '0.99'})
  const stops: string[] = []
  const placed: string[] = []
  /** Moves the price to `price` (a trade), runs one step, checks the one open stop. */
  async function stepAt(price: number, expected: Step['action']) {
    await m.tradeAt(price)
    const step = await bot.step()
    t.is(step.action, expected, `at ${price}`)
    const open = await m.exchange.fetchOpenOrders(m.unified)
    t.is(open.length, 1, `exactly one stop open at ${price}`)
    t.like(open[0], {id: bot.stop!.id, side: 'sell', amount: 10, triggerPrice: Number(step.stop)})
    t.is((open[0]!.info as {type: string}).type, 'STOP_LOSS_LIMIT')
    if (!placed.includes(open[0]!.id!)) placed.push(open[0]!.id!)
    stops.push(step.stop!)
  }
  await stepAt(100, 'placed')
  t.like((await m.exchange.fetchBalance())[m.base], {free: 0, used: 10})
  await stepAt(110, 'moved')
  await stepAt(104, 'kept')
  await stepAt(109.99, 'kept')
  await stepAt(120, 'moved')
  await stepAt(121.5, 'moved')
  t.deepEqual(stops, ['90', '99', '99', '99', '108', '109.35'])
  // Each move cancelled the stop before: only the last is open, the others canceled.
  t.is(placed.length, 4)
  for (const id of placed.slice(0, -1)) t.like(await m.exchange.fetchOrder(id, m.unified), {status: 'canceled', filled: 0})
  t.like((await m.exchange.fetchBalance())[m.base], {free: 0, used: 10})
  // The price falls through the stop (109.35, limit 108.25): the node sells the 10 into the bids.
  await m.maker.createOrder(m.unified, 'limit', 'buy', 10, 108.5)
  await m.tradeAt(109, 'sell')
  t.deepEqual(await bot.step(), {action: 'sold'})
  t.true(bot.done)
  const sold = await m.exchange.fetchOrder(placed.at(-1)!, m.unified)
  t.like(sold, {status: 'closed', filled: 10, average: 108.5, triggerPrice: 109.35})
  t.deepEqual(await m.exchange.fetchOpenOrders(m.unified), [])
  const balance = await m.exchange.fetchBalance()
  t.like(balance[m.base], {free: 0, used: 0})
  // 1085 less the taker's 0.2%.
  t.like(balance['USDT'], {free: 1082.83, used: 0})
  t.true(ccxt.node.services.ledger.verify().ok)
})

test('started from a price the market has already fallen below: the stop would trigger at once, so it sells at market', async (t) => {
  const m = await market('TE')
  await m.tradeAt(100)
  await m.maker.createOrder(m.unified, 'limit', 'buy', 20, 99)
  const bot = new TrailingStop(m.exchange, {symbol: m.unified, trailPct: '5', limitRatio: '0.99', highest: '120'})
  // The stop would be 114, above the last price of 100: refused (OrderImmediatelyFillable), so a market sell.
  t.deepEqual(await bot.step(), {action: 'emergency-sold'})
  t.deepEqual(await m.exchange.fetchOpenOrders(m.unified), [])
  const [order] = await m.exchange.fetchOrders(m.unified)
  t.like(order, {type: 'market', side: 'sell', status: 'closed', filled: 10, average: 99})
})

test('as a program (npx tsx examples/trailing-stop.ts): it places its stop, and on SIGINT exits leaving the stop on the node', async (t) => {
  const m = await market('TP')
  await m.tradeAt(50)
  const {apiKey, secret} = m.exchange
  const bot = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'examples/trailing-stop.ts')], {
    env: {
      ...process.env,
      EXCHANGE_URL: ccxt.node.httpUrl,
      API_KEY: apiKey,
      API_SECRET: secret,
      SYMBOL: m.unified,
      TRAIL_PCT: '4',
      REFRESH_MS: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  bot.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  bot.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  const exited = new Promise<number | null>((resolve) => bot.on('close', resolve))
  for (let waited = 0; !/kept/.test(output) && waited < 20_000; waited += 100) await new Promise((r) => setTimeout(r, 100))
  bot.kill('SIGINT')
  t.is(await exited, 0, output)
  t.regex(output, /placed stop 48 \(last 50\)/)
  const [stop] = await m.exchange.fetchOpenOrders(m.unified)
  t.like(stop, {side: 'sell', amount: 10, triggerPrice: 48, price: 47.52})
  t.regex(output, new RegExp(`exiting; stop ${stop!.id} at 48 stays on the node`))
})
