/**
 * The orders screen in Chromium against a real node: the account's orders of every pair, filtered by
 * pair and status and paged as GET /orders/ pages them, its trades, Cancel on resting orders, and
 * both lists following the account's orders stream without a reload. Each test has its own account
 * and pairs (made through the services), so totals are exact. Serial: one Chromium on a small machine.
 */
import type {Browser, Page} from 'playwright-core'
import {browserTest, DESKTOP, launchBrowser, openApp, PHONE, shoot, type AppPage} from '../helpers/browser.js'
import {startTestNode, type TestNode} from '../helpers/node.js'
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
/** A fresh active pair `<BASE>-USDT` (tick 0.01, lot 0.001, minimum notional 1). */
function newPair(node: TestNode): {symbol: string; base: string} {
  const base = `W${process.pid % 1000}O${++pairs}`
  node.services.assets.create(base, `Web coin ${base}`, 8)
  const symbol = `${base}-USDT`
  node.services.tickers.create({symbol, tickSize: '0.01', lotSize: '0.001', minNotional: '1'})
  return {symbol, base}
}

async function signedIn(t: {context: Context}, who: Trader, viewport = DESKTOP): Promise<AppPage> {
  const app = await openApp(t.context.browser, t.context.node.httpUrl, viewport)
  await app.context.addCookies([
    {name: 'exchange_session', value: who.token, url: t.context.node.httpUrl, httpOnly: true, sameSite: 'Strict'},
  ])
  return app
}

const place = (node: TestNode, who: Trader, ticker: string, side: 'buy' | 'sell', price: string, qty: string) =>
  node.services.trading.place(who.account.id, {ticker, side, type: 'limit', price, qty})

/** The number of body rows of a table (its header row left out). */
const bodyRows = (page: Page, name: string) => page.getByRole('table', {name}).locator('tbody').getByRole('row').count()

test.serial('a visitor who is not signed in is asked to sign in', async (t) => {
  const {page, problems, context} = await openApp(t.context.browser, t.context.node.httpUrl)
  try {
    await page.goto('/orders')
    await t.notThrowsAsync(page.getByRole('link', {name: 'Sign in to see your orders'}).waitFor())
    t.is(await page.getByRole('table', {name: 'Order history'}).count(), 0)
    t.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test.serial('the orders of every pair, filtered by pair and by status, a page of 25 at a time', async (t) => {
  const {node} = t.context
  const one = newPair(node)
  const two = newPair(node)
  const me = await trader(node, {USDT: '100000'})
  const ids: string[] = []
  for (let i = 0; i < 28; i++) ids.push((await place(node, me, one.symbol, 'buy', String(100 + i), '0.1')).order.id)
  for (let i = 0; i < 3; i++) await place(node, me, two.symbol, 'buy', String(50 + i), '1')
  for (const id of ids.slice(0, 4)) await node.services.trading.cancel(me.account.id, {orderId: id})

  const {page, problems, context} = await signedIn(t, me)
  try {
    await page.goto('/orders')
    const pager = page.getByRole('navigation', {name: 'Pages of orders'})
    await t.notThrowsAsync(pager.getByText('1–25 of 31').waitFor())
    t.is(await bodyRows(page, 'Order history'), 25)
    // Newest first: the last order placed heads the list.
    await t.notThrowsAsync(
      page.getByRole('table', {name: 'Order history'}).locator('tbody').getByRole('row').first().getByText(two.symbol).waitFor(),
    )
    t.true(await pager.getByRole('button', {name: 'Newer orders'}).isDisabled())
    await pager.getByRole('button', {name: 'Older orders'}).click()
    await t.notThrowsAsync(pager.getByText('26–31 of 31').waitFor())
    t.is(await bodyRows(page, 'Order history'), 6)
    t.true(await pager.getByRole('button', {name: 'Older orders'}).isDisabled())

    await page.getByLabel('Pair').selectOption(two.symbol)
    await t.notThrowsAsync(pager.getByText('1–3 of 3').waitFor())
    t.is(
      await page
        .getByRole('table', {name: 'Order history'})
        .getByRole('row', {name: new RegExp(one.symbol)})
        .count(),
      0,
    )

    await page.getByLabel('Pair').selectOption('')
    await page.getByLabel('Status').selectOption('cancelled')
    await t.notThrowsAsync(pager.getByText('1–4 of 4').waitFor())
    t.is(
      await page
        .getByRole('table', {name: 'Order history'})
        .getByRole('row', {name: /Cancelled/})
        .count(),
      4,
    )
    t.is(await page.getByRole('table', {name: 'Order history'}).getByRole('button', {name: 'Cancel'}).count(), 0)
    t.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test.serial(
  'an order placed over REST, its fill and its cancel show without a reload; Cancel ends a resting order',
  async (t) => {
    const {node} = t.context
    const {symbol, base} = newPair(node)
    const me = await trader(node, {USDT: '10000'})
    const other = await trader(node, {[base]: '10'})
    await place(node, me, symbol, 'buy', '10', '1')
    const {page, problems, context} = await signedIn(t, me)
    try {
      await page.goto('/orders')
      const history = page.getByRole('table', {name: 'Order history'})
      await history.getByRole('row', {name: /10\.00\s+1\.000/}).waitFor()
      await page.evaluate('window.notReloaded = true')

      const placed = await signed(node, me, 'POST', '/orders/place/', {
        ticker: symbol,
        side: 'buy',
        type: 'limit',
        price: '20',
        qty: '2',
      })
      t.is(placed.status, 200, JSON.stringify(placed.body))
      const row = history.getByRole('row', {name: /20\.00\s+2\.000\s+0\.000/})
      await t.notThrowsAsync(row.getByText('Open').waitFor())

      // Another account sells into it: the order is filled, and the trade is the account's.
      const sold = await signed(node, other, 'POST', '/orders/place/', {
        ticker: symbol,
        side: 'sell',
        type: 'limit',
        price: '20',
        qty: '2',
      })
      t.is(sold.status, 200, JSON.stringify(sold.body))
      await t.notThrowsAsync(history.getByRole('row', {name: /20\.00\s+2\.000\s+2\.000\s+20\.00\s+Filled/}).waitFor())
      await t.notThrowsAsync(
        page
          .getByRole('table', {name: 'My trades'})
          .getByRole('row', {name: new RegExp(`${symbol}\\s+Buy\\s+20\\.00\\s+2\\.000\\s+40 USDT`)})
          .waitFor(),
      )

      const resting = history.getByRole('row', {name: /10\.00\s+1\.000/})
      await resting.getByRole('button', {name: 'Cancel'}).click()
      await t.notThrowsAsync(resting.getByText('Cancelled').waitFor())
      t.is(await resting.getByRole('button', {name: 'Cancel'}).count(), 0)
      t.true(await page.evaluate<boolean>('window.notReloaded === true'))
      t.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  },
)

test.serial('at 390 px the orders screen needs no sideways scroll; screenshots at 1440 and 390', async (t) => {
  const {node} = t.context
  const {symbol, base} = newPair(node)
  const me = await trader(node, {USDT: '10000', [base]: '10'})
  const other = await trader(node, {USDT: '10000', [base]: '10'})
  await place(node, me, symbol, 'buy', '99.5', '1.25')
  await place(node, me, symbol, 'sell', '105', '0.5')
  await place(node, other, symbol, 'buy', '105', '0.5')
  await place(node, me, symbol, 'sell', '110.25', '2')
  for (const [viewport, name] of [
    [DESKTOP, 'orders-desktop'],
    [PHONE, 'orders-phone'],
  ] as const) {
    const {page, problems, context} = await signedIn(t, me, viewport)
    try {
      await page.goto('/orders')
      await page.getByRole('navigation', {name: 'Pages of orders'}).getByText('1–3 of 3').waitFor()
      await page.getByRole('navigation', {name: 'Pages of trades'}).getByText('1–1 of 1').waitFor()
      await shoot(page, name)
      t.is(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth'), 0, name)
      t.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  }
})
