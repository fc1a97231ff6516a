/**
 * The app's frame in Chromium against a real node: a deep link loads the app (a reload works), the
 * navigation names every screen, the theme switch flips light and dark, and the frame fits a phone's
 * width without scrolling sideways. No script error on the way.
 */
import type {Browser} from 'playwright-core'
import {browserTest, launchBrowser, openApp, PHONE, shoot} from '../helpers/browser.js'
import {startTestNode, type TestNode} from '../helpers/node.js'

type Context = {node: TestNode; browser: Browser}
const test = browserTest<Context>()

test.before(async (t) => {
  t.context = {node: await startTestNode(), browser: await launchBrowser()}
})

test.after.always(async (t) => {
  await t.context.browser?.close()
  await t.context.node?.close()
})

test('a deep link loads the app, whose navigation names every screen; a reload keeps the page', async (t) => {
  const {page, problems, context} = await openApp(t.context.browser, t.context.node.httpUrl)
  try {
    await page.goto('/wallet')
    const nav = page.getByRole('navigation', {name: 'Main'})
    for (const name of ['Trade', 'Orders', 'Wallet', 'P2P', 'Account']) {
      await t.notThrowsAsync(nav.getByRole('link', {name}).waitFor(), name)
    }
    t.is(await nav.getByRole('link', {name: 'Wallet'}).getAttribute('aria-current'), 'page')
    await page.reload()
    t.is(await nav.getByRole('link', {name: 'Wallet'}).getAttribute('aria-current'), 'page')
    await t.notThrowsAsync(page.getByRole('link', {name: 'Sign in'}).waitFor())
    t.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('the theme switch turns the page dark and back', async (t) => {
  const {page, problems, context} = await openApp(t.context.browser, t.context.node.httpUrl)
  try {
    await page.goto('/trade/BTC-USDT')
    const background = () => page.evaluate<string>('getComputedStyle(document.body).backgroundColor')
    const light = await background()
    await page.getByRole('button', {name: 'Switch to dark theme'}).click()
    const dark = await background()
    t.not(dark, light)
    await page.getByRole('button', {name: 'Switch to light theme'}).click()
    t.is(await background(), light)
    t.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('at 390 px wide the frame needs no sideways scroll', async (t) => {
  const {page, problems, context} = await openApp(t.context.browser, t.context.node.httpUrl, PHONE)
  try {
    await page.goto('/trade/BTC-USDT')
    await page.getByRole('navigation', {name: 'Main'}).waitFor()
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')
    t.is(overflow, 0)
    await shoot(page, 'frame-phone')
    t.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})
