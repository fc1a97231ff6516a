/**
 * bench/web — what a trader's browser pays for the web app: Debian's Chromium (playwright-core)
 * against a node on loopback serving the built app (dist/web, `npm run build`), signed in by cookie.
 *
 *   npm run bench:web [-- --runs 3 --seconds 10 --book-rate 50 --trade-rate 20]
 *
 * Per run, in a fresh browser context (empty cache):
 * 1. **First load** of `/trade/BTC-USDT`: the bytes transferred over HTTP as sent (compressed), every
 *    response counted (the app's files and the API's JSON; not the WebSockets' frames). Target ≤ 300 KB.
 *    Reference: the same count for the app's frame alone (`/account` before its data), printed beside.
 * 2. **Usable**: from the navigation's start to the order form's `Buy BTC` button enabled, in the page's
 *    own clock (`performance.now()`). Target ≤ 1 s. Reference, measured in the same run: a bare page (an
 *    HTML file with one button, served by node:http) from navigation to its button — what Chromium
 *    itself takes here.
 * 3. **Busy book**: for `--seconds` the book changes `--book-rate` times a second (orders placed and
 *    cancelled) and `--trade-rate` trades happen a second; the page's main-thread tasks over 50 ms
 *    (`PerformanceObserver` 'longtask') are counted. Target: none. Reference: the same page idle for as
 *    long, just before.
 */
import http from 'node:http'
import os from 'node:os'
import {chromium, type Browser, type Page} from 'playwright-core'
import {benchDir, startBenchNode, type BenchNode} from './lib/node.js'
import {productLine} from './lib/product.js'

const args = process.argv.slice(2)
const flag = (name: string, fallback: string): string => {
  const index = args.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`))
  if (index < 0) return fallback
  return args[index]!.includes('=') ? args[index]!.split('=')[1]! : (args[index + 1] ?? fallback)
}
const runs = Number(flag('runs', '3'))
const seconds = Number(flag('seconds', '10'))
const bookRate = Number(flag('book-rate', '50'))
const tradeRate = Number(flag('trade-rate', '20'))
const TICKER = 'BTC-USDT'

const TARGET_BYTES = 300 * 1024
const TARGET_USABLE_MS = 1000
const LONG_TASK_MS = 50

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium'
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

/** Collects the page's long tasks from its first script on (an init script: not part of the page, so the CSP does not apply). */
const WATCH_LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push(entry.duration) })
    .observe({type: 'longtask', buffered: true});
`

const BARE_PAGE = '<!doctype html><html><head><title>bare</title></head><body><button>Buy BTC</button></body></html>'

type Run = {
  bytes: number
  frameBytes: number
  usableMs: number
  bareMs: number
  idleLong: number[]
  busyLong: number[]
  updates: number
}

async function main(): Promise<void> {
  console.log(
    `bench/web — node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}, ${new Date().toISOString()}`,
  )
  console.log(productLine())
  console.log(
    `chromium ${CHROMIUM}; ${runs} runs; busy phase ${seconds} s, book ${bookRate} changes/s, ${tradeRate} trades/s on ${TICKER}`,
  )
  const node = await startBenchNode(benchDir('exchange-bench-web-'))
  const bare = await bareServer()
  const browser = await chromium.launch({executablePath: CHROMIUM, headless: true, args: FLAGS})
  try {
    const load = await marketLoad(node)
    const viewer = await node.services.accounts.create(`bench-web-${process.pid}@example.com`, 'bench-password')
    for (const [asset, amount] of Object.entries({USDT: '1000000', BTC: '100'})) {
      node.services.operations.topup(
        {balanceAccountId: viewer.tradingAccountId},
        {asset, amount, reason: 'bench', operator: 'bench'},
      )
    }
    const results: Run[] = []
    for (let run = 1; run <= runs; run++) {
      const {token} = await node.services.tokens.issue(viewer.id, 'user')
      results.push(await measure(browser, node, token, bare.url, load))
      const last = results.at(-1)!
      console.log(
        `run ${run}: first load ${kb(last.bytes)} (the frame alone ${kb(last.frameBytes)}), usable ${last.usableMs.toFixed(0)} ms ` +
          `(bare page ${last.bareMs.toFixed(0)} ms), long tasks idle ${describe(last.idleLong)}, busy ${describe(last.busyLong)}, ` +
          `${last.updates} changes sent`,
      )
    }
    report(results)
  } finally {
    await browser.close()
    bare.server.close()
    await node.stop()
  }
}

async function measure(browser: Browser, node: BenchNode, token: string, bareUrl: string, load: MarketLoad): Promise<Run> {
  const base = `http://127.0.0.1:${node.ports.http}`
  const context = await browser.newContext({baseURL: base, viewport: {width: 1440, height: 900}})
  await context.addCookies([{name: 'exchange_session', value: token, url: base, httpOnly: true, sameSite: 'Strict'}])
  await context.addInitScript(WATCH_LONG_TASKS)
  try {
    const page = await context.newPage()
    const bareMs = await usable(page, bareUrl)
    const frameBytes = await transferred(page, async () => {
      await page.goto('/account', {waitUntil: 'load'})
    })
    let usableMs = Number.NaN
    const bytes = await transferred(page, async () => {
      const started = page.goto(`/trade/${TICKER}`)
      usableMs = await usable(page)
      await started
      await page.waitForLoadState('networkidle')
    })
    const idleLong = await longTasksDuring(page, async () => new Promise((resolve) => setTimeout(resolve, seconds * 1000)))
    let updates = 0
    const busyLong = await longTasksDuring(page, async () => {
      updates = await load.run(seconds)
    })
    return {bytes, frameBytes, usableMs, bareMs, idleLong, busyLong, updates}
  } finally {
    await context.close()
  }
}

/** Milliseconds from the page's navigation start to its `Buy BTC` button enabled (of `url`, or of the navigation under way). */
async function usable(page: Page, url?: string): Promise<number> {
  if (url) await page.goto(url)
  // A function, not a string: the app's CSP has no 'unsafe-eval', so a string would not be run.
  const handle = await page.waitForFunction(
    () => {
      const page = globalThis as unknown as {
        document: {querySelectorAll(selector: string): Iterable<{textContent: string | null; disabled: boolean}>}
        performance: {now(): number}
      }
      const button = [...page.document.querySelectorAll('button')].find((each) => each.textContent?.trim() === 'Buy BTC')
      return button && !button.disabled ? page.performance.now() : false
    },
    undefined,
    {timeout: 30_000, polling: 'raf'},
  )
  return (await handle.jsonValue()) as number
}

/** The bytes the network sent (as encoded on the wire) for what `act` loads. */
async function transferred(page: Page, act: () => Promise<void>): Promise<number> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', {cacheDisabled: true})
  let bytes = 0
  cdp.on('Network.loadingFinished', (event: {encodedDataLength: number}) => {
    bytes += event.encodedDataLength
  })
  await act()
  await cdp.detach()
  return bytes
}

/** The durations of the page's tasks over 50 ms while `act` runs. */
async function longTasksDuring(page: Page, act: () => Promise<unknown>): Promise<number[]> {
  const before = (await page.evaluate<number>('window.__longTasks.length')) as number
  await act()
  const all = (await page.evaluate<number[]>('window.__longTasks')) as number[]
  return all.slice(before).filter((duration) => duration > LONG_TASK_MS)
}

type MarketLoad = {run(seconds: number): Promise<number>}

/**
 * Two traders keep the BTC-USDT book busy: one places and cancels resting orders `bookRate` times a
 * second around a book seeded 50 levels deep each side, the other takes the best level `tradeRate`
 * times a second (small IOC orders, so the book never empties).
 */
async function marketLoad(node: BenchNode): Promise<MarketLoad> {
  const {accounts, operations, trading, tickers} = node.services
  const makers = await Promise.all(
    ['maker', 'taker'].map((role) => accounts.create(`bench-web-${role}-${process.pid}@example.com`, 'bench-password')),
  )
  for (const account of makers) {
    for (const [asset, amount] of Object.entries({USDT: '100000000', BTC: '100000'})) {
      operations.topup({balanceAccountId: account.tradingAccountId}, {asset, amount, reason: 'bench', operator: 'bench'})
    }
  }
  const [maker, taker] = makers as [(typeof makers)[0], (typeof makers)[0]]
  // Whole prices around 50,000 and 0.01 BTC: on the tick, on the lot and above the minimum notional of the
  // BTC-USDT the node bootstraps (checked: a refused order would stop the changes this bench counts).
  const price = (offset: number): string => (50_000 + offset).toString()
  const qty = '0.01'
  if (!tickers.get(TICKER)) throw new Error(`no ticker ${TICKER}`)
  const resting: string[] = []
  for (let level = 1; level <= 50; level++) {
    for (const side of ['buy', 'sell'] as const) {
      const order = await trading.place(maker.id, {
        ticker: TICKER,
        side,
        type: 'limit',
        price: price(side === 'buy' ? -level : level),
        qty: '0.5',
      })
      resting.push(order.order.id)
    }
  }
  return {
    async run(forSeconds: number): Promise<number> {
      let changes = 0
      let n = 0
      const until = Date.now() + forSeconds * 1000
      const book = setInterval(
        () => {
          n++
          const side = n % 2 === 0 ? 'buy' : 'sell'
          const offset = 51 + (n % 40)
          void trading
            .place(maker.id, {ticker: TICKER, side, type: 'limit', price: price(side === 'buy' ? -offset : offset), qty})
            .then(async (placed) => {
              changes++
              resting.push(placed.order.id)
              if (resting.length > 150) {
                const id = resting.splice(100, 1)[0]!
                await trading.cancel(maker.id, {orderId: id}).catch(() => undefined)
                changes++
              }
            })
            .catch(() => undefined)
        },
        1000 / (bookRate / 2),
      )
      let t = 0
      const trades = setInterval(() => {
        t++
        void trading
          .place(taker.id, {ticker: TICKER, side: t % 2 === 0 ? 'buy' : 'sell', type: 'market', qty})
          .then(() => changes++)
          .catch(() => undefined)
      }, 1000 / tradeRate)
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, until - Date.now())))
      clearInterval(book)
      clearInterval(trades)
      return changes
    },
  }
}

async function bareServer(): Promise<{server: http.Server; url: string}> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, {'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store'})
    response.end(BARE_PAGE)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {server, url: `http://127.0.0.1:${(server.address() as {port: number}).port}/`}
}

function report(results: Run[]): void {
  const median = (values: number[]): number => {
    const sorted = [...values].sort((a, b) => a - b)
    return sorted[Math.floor(sorted.length / 2)]!
  }
  const bytes = median(results.map((run) => run.bytes))
  const usableMs = median(results.map((run) => run.usableMs))
  const bareMs = median(results.map((run) => run.bareMs))
  const busy = results.flatMap((run) => run.busyLong)
  const idle = results.flatMap((run) => run.idleLong)
  console.log('')
  console.log(
    `first load of /trade/${TICKER}: median ${kb(bytes)} (target ≤ ${kb(TARGET_BYTES)}: ${bytes <= TARGET_BYTES ? 'MET' : 'NOT MET'}); ` +
      `the frame alone ${kb(median(results.map((run) => run.frameBytes)))}`,
  )
  console.log(
    `order form usable: median ${usableMs.toFixed(0)} ms (target ≤ ${TARGET_USABLE_MS} ms: ${usableMs <= TARGET_USABLE_MS ? 'MET' : 'NOT MET'}); ` +
      `a bare page's button ${bareMs.toFixed(0)} ms in the same runs (${(usableMs / bareMs).toFixed(1)}× it)`,
  )
  console.log(
    `main-thread tasks over ${LONG_TASK_MS} ms with the book changing ${bookRate}/s and ${tradeRate} trades/s for ${seconds} s: ` +
      `${busy.length} in ${results.length} runs (target 0: ${busy.length === 0 ? 'MET' : 'NOT MET'}${busy.length ? `; longest ${Math.max(...busy).toFixed(0)} ms` : ''}); ` +
      `idle for as long: ${idle.length}`,
  )
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`
const describe = (tasks: number[]): string =>
  tasks.length === 0 ? 'none' : `${tasks.length} (longest ${Math.max(...tasks).toFixed(0)} ms)`

await main()
