/**
 * The trade screen in Chromium against a real node: the market live from the WebSockets (the book
 * when another account places over REST, the trades and candles when it trades), the order form's
 * own checks (nothing sent) and the API's refusals (its message in an alert), a limit buy that fills
 * against another account's sell and shows the trade, the filled order and the new balances without
 * a reload, a resting order cancelled from its row, and the layout at 1440 and 390 px.
 *
 * One node and one browser for the file; each test uses its own pair (made through the services), so
 * that no test sees another's orders. Serial: one Chromium on a small machine.
 */
import type {Browser, Page} from 'playwright-core'
import {browserTest, DESKTOP, launchBrowser, openApp, PHONE, shoot, type AppPage} from '../helpers/browser.js'
import {runCli} from '../helpers/cli.js'
import {startTestNode, uniqueEmail, type TestNode} from '../helpers/node.js'
import {signed, trader, type Trader} from '../helpers/rest.js'

type Context = {node: TestNode; browser: Browser}
const test = browserTest<Context>()

test.before(async (t) => {
  t.context = {node: await startTestNode(), browser: await launchBrowser()}
})

test.after.always(async (t) => {
  await t.context.browser?.close()
  await t.context.node?.close()
})

let pairs = 0
/** A fresh active pair `<BASE>-USDT` (tick 0.01, lot 0.001, minimum notional 1 unless told), made before the page opens. */
function newPair(
  node: TestNode,
  rules: {tick?: string; lot?: string; minNotional?: string} = {},
): {symbol: string; base: string} {
  const base = `W${process.pid % 1000}T${++pairs}`
  node.services.assets.create(base, `Web coin ${base}`, 8)
  const symbol = `${base}-USDT`
  node.services.tickers.create({
    symbol,
    tickSize: rules.tick ?? '0.01',
    lotSize: rules.lot ?? '0.001',
    minNotional: rules.minNotional ?? '1',
  })
  return {symbol, base}
}

/** A page signed in as `who` (its session token as the HttpOnly cookie the sign-in sets). */
async function signedIn(t: {context: Context}, who: Trader, viewport = DESKTOP): Promise<AppPage> {
  const app = await openApp(t.context.browser, t.context.node.httpUrl, viewport)
  await app.context.addCookies([
    {name: 'exchange_session', value: who.token, url: t.context.node.httpUrl, httpOnly: true, sameSite: 'Strict'},
  ])
  return app
}

/** Marks the document, so that a test can tell later that the page was not loaded again. */
const mark = (page: Page) => page.evaluate('window.notReloaded = true')
const stillSamePage = (page: Page) => page.evaluate<boolean>('window.notReloaded === true')

const overflow = (page: Page) =>
  page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')

test.serial(
  'a visitor who is not signed in sees the first pair\'s market at /, and "Sign in to trade" instead of the form',
  async (t) => {
    const {page, problems, context} = await openApp(t.context.browser, t.context.node.httpUrl)
    try {
      await page.goto('/')
      await page.waitForURL('**/trade/BTC-USDT')
      await t.notThrowsAsync(page.getByRole('table', {name: 'Order book'}).waitFor())
      await t.notThrowsAsync(page.getByRole('table', {name: 'Recent trades'}).waitFor())
      await t.notThrowsAsync(page.getByRole('img', {name: /candles of BTC-USDT/}).waitFor())
      await t.notThrowsAsync(page.getByRole('link', {name: 'Sign in to trade'}).waitFor())
      t.is(await page.getByRole('button', {name: 'Buy BTC'}).count(), 0)
      t.is(await page.getByRole('table', {name: 'Open orders'}).count(), 0)
      // The chart library's credit, as its licence asks.
      t.is(
        await page.getByRole('link', {name: 'TradingView Lightweight Charts™'}).getAttribute('href'),
        'https://www.tradingview.com/',
      )
      // The pair selector lists the active pairs.
      const options = await page.getByLabel('Pair').locator('option').allTextContents()
      t.true(
        options.some((text) => text.startsWith('ETH-USDT')),
        options.join(' | '),
      )
      t.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  },
)

test.serial("the book shows another account's orders placed over REST as they come, and drops a cancelled one", async (t) => {
  const {node} = t.context
  const {symbol, base} = newPair(node)
  const seller = await trader(node, {[base]: '10'})
  const buyer = await trader(node, {USDT: '100000'})
  const {page, problems, context} = await openApp(t.context.browser, node.httpUrl)
  try {
    await page.goto(`/trade/${symbol}`)
    const book = page.getByRole('table', {name: 'Order book'})
    await book.getByText('No orders on the book').waitFor()
    await mark(page)

    const ask = await signed(node, seller, 'POST', '/orders/place/', {
      ticker: symbol,
      side: 'sell',
      type: 'limit',
      price: '31000',
      qty: '0.25',
    })
    t.is(ask.status, 200, JSON.stringify(ask.body))
    const bid = await signed(node, buyer, 'POST', '/orders/place/', {
      ticker: symbol,
      side: 'buy',
      type: 'limit',
      price: '29000.5',
      qty: '0.1',
    })
    t.is(bid.status, 200, JSON.stringify(bid.body))

    const asks = book.getByRole('rowgroup', {name: 'Asks'})
    const bids = book.getByRole('rowgroup', {name: 'Bids'})
    await t.notThrowsAsync(asks.getByRole('row', {name: /31,000\.00\s+0\.250/}).waitFor())
    await t.notThrowsAsync(bids.getByRole('row', {name: /29,000\.50\s+0\.100/}).waitFor())
    await t.notThrowsAsync(book.getByText('Spread 1,999.50 USDT').waitFor())

    const cancelled = await signed(node, seller, 'POST', '/orders/cancel/', {order_id: ask.body.order_id})
    t.is(cancelled.status, 200)
    await t.notThrowsAsync(asks.getByRole('row').first().waitFor({state: 'detached'}))
    t.true(await stillSamePage(page))
    t.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test.serial(
  "a limit buy that fills against another account's sell shows the trade, the filled order and the new balances without a reload",
  async (t) => {
    const {node} = t.context
    const {symbol, base} = newPair(node)
    const buyer = await trader(node, {USDT: '1000'})
    const seller = await trader(node, {[base]: '1'})
    const {page, problems, context} = await signedIn(t, buyer)
    try {
      await page.goto(`/trade/${symbol}`)
      await t.notThrowsAsync(page.getByText('1,000 USDT available').waitFor())
      await t.notThrowsAsync(page.getByText(`0 ${base} available`).waitFor())
      await mark(page)

      const sell = await signed(node, seller, 'POST', '/orders/place/', {
        ticker: symbol,
        side: 'sell',
        type: 'limit',
        price: '250',
        qty: '0.4',
      })
      t.is(sell.status, 200, JSON.stringify(sell.body))
      await page
        .getByRole('rowgroup', {name: 'Asks'})
        .getByRole('row', {name: /250\.00/})
        .waitFor()

      await page.getByLabel('Price').fill('250')
      await page.getByLabel('Amount').fill('0.4')
      t.is(await page.getByLabel('Total').inputValue(), '100')
      const sent = page.waitForRequest((request) => request.url().endsWith('/api/v1/orders/place/'))
      await page.getByRole('button', {name: `Buy ${base}`}).click()
      // What was typed is what is sent.
      const body = JSON.parse((await sent).postData() ?? '{}') as Record<string, unknown>
      t.like(body, {ticker: symbol, side: 'buy', type: 'limit', price: '250', qty: '0.4'})

      await t.notThrowsAsync(
        page
          .getByRole('status')
          .getByText(/filled at 250/)
          .waitFor(),
      )
      const recent = page.getByRole('table', {name: 'Recent trades'})
      await t.notThrowsAsync(recent.getByRole('row', {name: /250\.00\s+0\.400/}).waitFor())
      // 1000 - 250 × 0.4 USDT; 0.4 BASE less the taker fee (0.2 % by default).
      await t.notThrowsAsync(page.getByText('900 USDT available').waitFor())
      await t.notThrowsAsync(page.getByText(`0.3992 ${base} available`).waitFor())
      await page.getByRole('tab', {name: 'Order history'}).click()
      const history = page.getByRole('table', {name: 'Order history'})
      await t.notThrowsAsync(
        history.getByRole('row', {name: /Buy limit\s+250\.00\s+0\.400\s+0\.400\s+250\.00\s+Filled/}).waitFor(),
      )
      await page.getByRole('tab', {name: 'My trades'}).click()
      await t.notThrowsAsync(
        page
          .getByRole('table', {name: 'My trades'})
          .getByRole('row', {name: /Buy\s+250\.00\s+0\.400\s+100 USDT/})
          .waitFor(),
      )
      // The seller's order is gone from the book, and the last price moved.
      await t.notThrowsAsync(page.getByRole('table', {name: 'Order book'}).getByText('No orders on the book').waitFor())
      await t.notThrowsAsync(page.getByRole('region', {name: 'Market'}).getByText('250.00').first().waitFor())
      t.true(await stillSamePage(page))
      t.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  },
)

test.serial(
  'a resting order appears in Open orders, also one placed over REST, and each Cancel removes its own row',
  async (t) => {
    const {node} = t.context
    const {symbol, base} = newPair(node)
    const buyer = await trader(node, {USDT: '500'})
    const {page, problems, context} = await signedIn(t, buyer)
    try {
      await page.goto(`/trade/${symbol}`)
      await page.getByText('500 USDT available').waitFor()
      await mark(page)
      await page.getByLabel('Price').fill('100')
      await page.getByLabel('Amount').fill('1')
      await page.getByRole('button', {name: `Buy ${base}`}).click()
      await t.notThrowsAsync(page.getByText('400 USDT available').waitFor())

      // The same account, over REST with its API key: the orders stream brings it to the page.
      const other = await signed(node, buyer, 'POST', '/orders/place/', {
        ticker: symbol,
        side: 'buy',
        type: 'limit',
        price: '90',
        qty: '2',
      })
      t.is(other.status, 200, JSON.stringify(other.body))

      const open = page.getByRole('table', {name: 'Open orders'})
      const first = open.getByRole('row', {name: /100\.00\s+1\.000/})
      const second = open.getByRole('row', {name: /90\.00\s+2\.000/})
      await t.notThrowsAsync(first.waitFor())
      await t.notThrowsAsync(second.waitFor())
      await t.notThrowsAsync(page.getByRole('tab', {name: 'Open orders (2)'}).waitFor())
      t.is(await open.getByRole('button', {name: 'Cancel'}).count(), 2)
      // Each row's button says which order it cancels.
      t.is(
        await first
          .getByRole('button', {name: 'Cancel'})
          .getAttribute('aria-describedby')
          .then((id) => page.locator(`[id="${id}"]`).textContent()),
        `buy 1 ${base} at 100 USDT`,
      )

      await first.getByRole('button', {name: 'Cancel'}).click()
      await t.notThrowsAsync(first.waitFor({state: 'detached'}))
      t.is(await second.count(), 1)
      await t.notThrowsAsync(page.getByText('320 USDT available').waitFor())
      await page.getByRole('tab', {name: 'Order history'}).click()
      await t.notThrowsAsync(
        page
          .getByRole('table', {name: 'Order history'})
          .getByRole('row', {name: /100\.00\s+1\.000\s+0\.000\s+—\s+Cancelled/})
          .waitFor(),
      )
      t.true(await stillSamePage(page))
      t.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  },
)

test.serial(
  'the form refuses off-tick, off-lot and below-minimum orders itself, naming the rule, and sends nothing',
  async (t) => {
    const {node} = t.context
    const {symbol, base} = newPair(node, {tick: '0.5', lot: '0.01', minNotional: '20'})
    const buyer = await trader(node, {USDT: '1000', [base]: '10'})
    const {page, problems, context} = await signedIn(t, buyer)
    try {
      const placed: string[] = []
      page.on('request', (request) => {
        if (request.url().includes('/orders/place')) placed.push(request.url())
      })
      await page.goto(`/trade/${symbol}`)
      await page.getByText('1,000 USDT available').waitFor()
      const alert = page.getByRole('alert')

      await page.getByLabel('Price').fill('100.2')
      await page.getByLabel('Amount').fill('1')
      await page.getByRole('button', {name: `Buy ${base}`}).click()
      await t.notThrowsAsync(alert.getByText('The price must be a multiple of the tick size 0.5 USDT.').waitFor())

      await page.getByLabel('Price').fill('100.5')
      await page.getByLabel('Amount').fill('0.015')
      await page.getByRole('button', {name: `Sell ${base}`}).click()
      await t.notThrowsAsync(alert.getByText(`The amount must be a multiple of the lot size 0.01 ${base}.`).waitFor())

      await page.getByLabel('Amount').fill('0.19')
      await page.getByRole('button', {name: `Buy ${base}`}).click()
      await t.notThrowsAsync(alert.getByText('Price × amount must be at least the minimum notional 20 USDT.').waitFor())

      await page.getByLabel('Amount').fill('1e3')
      await page.getByRole('button', {name: `Buy ${base}`}).click()
      await t.notThrowsAsync(alert.getByText(/The amount must be a plain decimal number/).waitFor())

      await page.getByRole('tab', {name: 'Market'}).click()
      t.is(await page.getByLabel('Price').count(), 0)
      await page.getByLabel('Amount').fill('0.001')
      await page.getByRole('button', {name: `Sell ${base}`}).click()
      await t.notThrowsAsync(alert.getByText(`The amount must be a multiple of the lot size 0.01 ${base}.`).waitFor())

      t.deepEqual(placed, [])
      t.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  },
)

test.serial("an order the API refuses shows the API's own message in an alert", async (t) => {
  const {node} = t.context
  const {symbol, base} = newPair(node)
  const buyer = await trader(node, {USDT: '10'})
  const {page, problems, context} = await signedIn(t, buyer)
  try {
    await page.goto(`/trade/${symbol}`)
    await page.getByText('10 USDT available').waitFor()
    await page.getByLabel('Price').fill('300')
    await page.getByLabel('Amount').fill('1')
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/orders/place/'))
    await page.getByRole('button', {name: `Buy ${base}`}).click()
    const response = await answered
    t.is(response.status(), 400)
    const {error} = (await response.json()) as {error: {code: string; message: string}}
    t.is(error.code, 'insufficient_funds')
    const alert = page.getByRole('alert')
    await alert.waitFor()
    t.is(await alert.textContent(), error.message)
    t.regex(error.message, /the trading balance has 10 USDT available and the order needs 300/)
    t.is(await page.getByRole('table', {name: 'Open orders'}).getByRole('button', {name: 'Cancel'}).count(), 0)
    t.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test.serial("funds topped up with the CLI are the form's available balance; a market sell fills against the book", async (t) => {
  const {node} = t.context
  const {symbol, base} = newPair(node)
  const account = await node.services.accounts.create(uniqueEmail('web-cli'), 'password123')
  const topup = await runCli([
    'ops',
    'topup-balance-account',
    '--balance-account-id',
    account.tradingAccountId,
    '--asset',
    base,
    '--amount',
    '2.5',
    '--reason',
    'web test funding',
    '--yes',
    '--admin-url',
    node.grpcAddress,
  ])
  t.is(topup.code, 0, topup.stderr)
  const {token, jti} = await node.services.tokens.issue(account.id, 'user')
  const bidder = await trader(node, {USDT: '1000'})
  const bid = await signed(node, bidder, 'POST', '/orders/place/', {
    ticker: symbol,
    side: 'buy',
    type: 'limit',
    price: '120',
    qty: '1',
  })
  t.is(bid.status, 200, JSON.stringify(bid.body))

  const {page, problems, context} = await signedIn(t, {account, token, jti, apiKey: '', apiSecret: ''})
  try {
    await page.goto(`/trade/${symbol}`)
    await t.notThrowsAsync(page.getByText(`2.5 ${base} available`).waitFor())
    await page.getByRole('tab', {name: 'Market'}).click()
    await page.getByLabel('Amount').fill('1')
    await page.getByRole('button', {name: `Sell ${base}`}).click()
    await t.notThrowsAsync(page.getByText(`1.5 ${base} available`).waitFor())
    // 120 USDT less the taker fee (0.2 %).
    await t.notThrowsAsync(page.getByText('119.76 USDT available').waitFor())
    await t.notThrowsAsync(
      page
        .getByRole('table', {name: 'Recent trades'})
        .getByRole('row', {name: /120\.00\s+1\.000/})
        .waitFor(),
    )
    t.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test.serial(
  'at 1440 px a trading layout, at 390 px one column without sideways scroll; screenshots light, dark and phone',
  async (t) => {
    const {node} = t.context
    const {symbol, base} = newPair(node)
    const maker = await trader(node, {USDT: '100000', [base]: '100'})
    const taker = await trader(node, {USDT: '100000', [base]: '100'})
    // Some market: resting levels on both sides and a few trades.
    for (const [side, price, qty] of [
      ['sell', '101.5', '1.2'],
      ['sell', '102', '3.5'],
      ['sell', '104.25', '0.75'],
      ['buy', '99', '2'],
      ['buy', '98.5', '5.125'],
      ['buy', '97', '1'],
    ] as const) {
      await node.services.trading.place(maker.account.id, {ticker: symbol, side, type: 'limit', price, qty})
    }
    await node.services.trading.place(taker.account.id, {ticker: symbol, side: 'buy', type: 'limit', price: '101.5', qty: '0.5'})
    await node.services.trading.place(taker.account.id, {ticker: symbol, side: 'sell', type: 'limit', price: '99', qty: '0.25'})
    await node.services.trading.place(taker.account.id, {ticker: symbol, side: 'buy', type: 'limit', price: '90', qty: '1'})

    for (const [viewport, name] of [
      [DESKTOP, 'trade-desktop'],
      [PHONE, 'trade-phone'],
    ] as const) {
      const {page, problems, context} = await signedIn(t, taker, viewport)
      try {
        await page.goto(`/trade/${symbol}`)
        await page
          .getByRole('table', {name: 'Recent trades'})
          .getByRole('row', {name: /99\.00/})
          .waitFor()
        await page
          .getByRole('table', {name: 'Open orders'})
          .getByRole('row', {name: /90\.00/})
          .waitFor()
        await page.getByText(/USDT available/).waitFor()
        await shoot(page, name)
        t.is(await overflow(page), 0, `${name}: the page scrolls sideways`)
        const chart = await page.getByRole('img', {name: /candles of/}).boundingBox()
        const form = await page.getByRole('button', {name: `Buy ${base}`}).boundingBox()
        const book = await page.getByRole('table', {name: 'Order book'}).boundingBox()
        if (viewport === DESKTOP) {
          // Chart, book and form side by side.
          t.true(chart!.x < book!.x && book!.x < form!.x, JSON.stringify({chart, book, form}))
        } else {
          // One column: chart, then the form, then the book.
          t.true(chart!.y < form!.y && form!.y < book!.y, JSON.stringify({chart, book, form}))
        }
        if (viewport === DESKTOP) {
          await page.getByRole('button', {name: 'Switch to dark theme'}).click()
          await shoot(page, 'trade-desktop-dark')
        }
        t.deepEqual(problems, [])
      } finally {
        await context.close()
      }
    }
  },
)
