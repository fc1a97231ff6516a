/**
 * examples/ccxt-market-maker.ts runs as a user runs it — a child process with its settings in the
 * environment — for a few seconds against a node, while a counterparty takes its quotes through
 * ccxt; then it has cancelled its quotes, both accounts traded, and `exchange ledger verify` is clean.
 */
import {spawn} from 'node:child_process'
import path from 'node:path'
import test from 'ava'
import {CcxtNode} from '../helpers/binance.js'
import {runJson} from '../helpers/cli.js'
import {startMarketNode} from '../helpers/market.js'
import {ROOT} from '../helpers/paths.js'

const EXAMPLE = path.join(ROOT, 'examples/ccxt-market-maker.ts')

let ccxt: CcxtNode
test.before(async () => {
  ccxt = new CcxtNode(await startMarketNode())
})
test.after.always(async () => {
  await ccxt?.close()
})

test('the market maker quotes both sides, is taken, cancels its quotes at the end; the ledger verifies', async (t) => {
  const {node} = ccxt
  const {symbol, unified, b: taker, alice: maker} = await ccxt.pair('MM', {base: '100', usdt: '100000'})
  const output: string[] = []
  const bot = spawn(process.execPath, ['--import', 'tsx', EXAMPLE, '--spread', '0.02'], {
    env: {
      ...process.env,
      EXCHANGE_URL: node.httpUrl,
      API_KEY: maker.apiKey,
      API_SECRET: maker.apiSecret,
      SYMBOL: unified,
      SIZE: '1',
      MID: '50',
      REFRESH_MS: '200',
      DURATION_S: '6',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  bot.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')))
  bot.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')))
  const exited = new Promise<number>((resolve) => bot.on('close', (code) => resolve(code ?? -1)))
  // The counterparty takes whatever the bot quotes, buying and selling in turn, until it stops.
  let running = true
  void exited.then(() => (running = false))
  let taken = 0
  for (let side: 'buy' | 'sell' = 'buy'; running; side = side === 'buy' ? 'sell' : 'buy') {
    const book = await taker.fetchOrderBook(unified)
    const level = side === 'buy' ? book.asks[0] : book.bids[0]
    // (A quote gone between the look and the order: the market order expires unfilled.)
    if (level) {
      await taker.createOrder(unified, 'market', side, 0.5)
      taken++
    }
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  t.is(await exited, 0, output.join(''))
  t.regex(output.join(''), /quoted buy 1 @ 49\.5/)
  t.regex(output.join(''), /quoted sell 1 @ 50\.5/)
  t.regex(output.join(''), /stopped: \d+ quote\(s\) cancelled/)
  t.true(taken > 2, `the counterparty took ${taken} times`)
  const trades = node.services.trading.listTrades({accountId: maker.account.id, ticker: symbol, limit: 100, offset: 0})
  t.true(trades.total > 2, `${trades.total} trades`)
  t.true(trades.trades.every((trade) => trade.isMaker))
  t.is(node.services.trading.listOrders({accountId: maker.account.id, open: true, limit: 10, offset: 0}).total, 0)
  const report = await runJson<{ok: boolean; problems: string[]}>(['ledger', 'verify'], node.grpcAddress)
  t.true(report.ok, report.problems.join('\n'))
})
