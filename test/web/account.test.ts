/**
 * The account page in Chromium against a real node (docs/web.md "Account"): API keys created with
 * their permissions and allow-list (the secret shown once, gone after a reload; a label that looks
 * like markup shown as text), deleted after a confirmation; with two-factor on, a key needs a code;
 * two-factor turned off with a code. The screens at 1440 and 390 px, light and dark.
 */
import type {ExecutionContext} from 'ava'
import type {Browser, BrowserContext, Page} from 'playwright-core'
import {call, signUpUser, type User} from '../helpers/account-flows.js'
import {browserTest, launchBrowser, openApp, PHONE, shoot} from '../helpers/browser.js'
import {startTestNode, type TestNode} from '../helpers/node.js'
import {authenticator, type Authenticator} from '../helpers/totp.js'
import {signInPage} from '../helpers/web-session.js'
import {DEFAULT_CONFIG} from '../../src/node/ground/config.js'

type Context = {node: TestNode; browser: Browser}
const test = browserTest<Context>()

test.before(async (t) => {
  // Several sign-ups and sign-ins in a row from one address: above the strict class's 1/s.
  const node = await startTestNode({rateLimits: {...DEFAULT_CONFIG.rateLimits, strict: 1000}})
  t.context = {node, browser: await launchBrowser()}
})

test.after.always(async (t) => {
  await t.context.browser?.close()
  await t.context.node?.close()
})

/** A signed-up user whose session cookie (from a real sign-in) is in the browser context. */
async function signedIn(t: ExecutionContext<Context>, context: BrowserContext): Promise<User> {
  const user = await signUpUser(t, t.context.node, 'web-account')
  const cookie = await signInPage(t, t.context.node, user)
  const value = cookie.slice('exchange_session='.length)
  await context.addCookies([{name: 'exchange_session', value, url: t.context.node.httpUrl, httpOnly: true, sameSite: 'Strict'}])
  return user
}

const keysTable = (page: Page) => page.getByRole('table', {name: 'API keys'})
const keysRegion = (page: Page) => page.getByRole('region', {name: 'API keys'})

test('an API key: created with its permissions and allow-list, the secret shown once, deleted after a confirmation', async (t) => {
  const {node, browser} = t.context
  const {page, problems, context} = await openApp(browser, node.httpUrl)
  try {
    const user = await signedIn(t, context)
    await page.goto('/account')
    await t.notThrowsAsync(page.getByText(user.email).first().waitFor())
    await t.notThrowsAsync(page.getByText('No API keys yet.').waitFor())

    const label = '<b>bot</b> & "co"'
    const region = keysRegion(page)
    await region.getByLabel('Label').fill(label)
    await region.getByRole('checkbox', {name: 'Trade'}).check()
    await region.getByRole('checkbox', {name: 'Withdraw'}).check()
    await region.getByRole('checkbox', {name: 'Read'}).uncheck()
    await region.getByLabel('IP allow-list').fill('127.0.0.1, 10.0.0.0/8')
    await region.getByRole('button', {name: 'Create API key'}).click()

    const secret = await page.getByRole('textbox', {name: 'API secret'}).inputValue()
    t.regex(secret, /^\S{32,}$/)
    await t.notThrowsAsync(page.getByText('It is shown only this once').waitFor())
    await shoot(page, 'account-new-key-desktop')

    // The key as the node has it: the label as typed (shown as text, not markup), the permissions, the list.
    const row = keysTable(page).getByRole('row').filter({hasText: label})
    await t.notThrowsAsync(row.waitFor())
    t.is(await page.locator('b', {hasText: 'bot'}).count(), 0, 'the label is not markup')
    t.regex((await row.textContent()) ?? '', /trade, withdraw/)
    t.regex((await row.textContent()) ?? '', /127\.0\.0\.1, 10\.0\.0\.0\/8/)
    const listed = await call(node, 'GET', '/api-keys/', undefined, {cookie: (await sessionHeader(context))!})
    t.like(listed.body.keys[0], {label, permissions: ['trade', 'withdraw'], ip_allowlist: ['127.0.0.1', '10.0.0.0/8']})

    // Gone after a reload: the page kept it nowhere, and the node never shows it again.
    await page.reload()
    await keysTable(page).waitFor()
    t.is(await page.getByRole('textbox', {name: 'API secret'}).count(), 0)
    t.false((await page.content()).includes(secret))

    // Delete asks first; "Keep" keeps it.
    await row.getByRole('button', {name: 'Delete'}).click()
    await row.getByRole('button', {name: 'Keep'}).click()
    t.is(await row.count(), 1)
    await row.getByRole('button', {name: 'Delete'}).click()
    await shoot(page, 'account-delete-confirm-desktop')
    await row.getByRole('button', {name: 'Yes, delete'}).click()
    await t.notThrowsAsync(page.getByText('No API keys yet.').waitFor())
    t.deepEqual((await call(node, 'GET', '/api-keys/', undefined, {cookie: (await sessionHeader(context))!})).body.keys, [])
    t.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('with two-factor on, a key needs a code (a wrong one is refused in an alert); two-factor off with a code', async (t) => {
  const {node, browser} = t.context
  const {page, problems, context} = await openApp(browser, node.httpUrl)
  try {
    await signedIn(t, context)
    await page.goto('/account')
    const app = await turnOnTwoFactor(page)
    await shoot(page, 'account-two-factor-on-desktop')

    const region = keysRegion(page)
    await region.getByLabel('Label').fill('with a code')
    await region.getByLabel('Two-factor code').fill(await app.wrong())
    await region.getByRole('button', {name: 'Create API key'}).click()
    await t.notThrowsAsync(region.getByRole('alert').filter({hasText: /code/}).waitFor())
    t.is(await page.getByRole('textbox', {name: 'API secret'}).count(), 0)

    await region.getByLabel('Two-factor code').fill(await app.next())
    await region.getByRole('button', {name: 'Create API key'}).click()
    await t.notThrowsAsync(page.getByRole('textbox', {name: 'API secret'}).waitFor())
    await page.getByRole('button', {name: 'I have saved the secret'}).click()
    t.is(await page.getByRole('textbox', {name: 'API secret'}).count(), 0)

    const twoFactor = page.getByRole('region', {name: 'Two-factor authentication'})
    await twoFactor.getByLabel('Two-factor code').fill(await app.next())
    await twoFactor.getByRole('button', {name: 'Turn off'}).click()
    await t.notThrowsAsync(page.getByText('Two-factor authentication is off.').waitFor())
    t.is(await region.getByLabel('Two-factor code').count(), 0, 'no code asked for a key any more')
    t.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('the account page fits a phone, light and dark', async (t) => {
  const {node, browser} = t.context
  const {page, problems, context} = await openApp(browser, node.httpUrl, PHONE)
  try {
    await signedIn(t, context)
    await page.goto('/account')
    await page.getByRole('button', {name: 'Turn on two-factor'}).click()
    await page.getByRole('img', {name: 'QR code for your authenticator app'}).waitFor()
    const overflow = () => page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')
    t.is(await overflow(), 0)
    await shoot(page, 'account-setup-phone')
    await page.getByRole('button', {name: 'Not now'}).click()
    await keysRegion(page).getByLabel('Label').fill('phone key')
    await keysRegion(page).getByRole('button', {name: 'Create API key'}).click()
    await page.getByRole('textbox', {name: 'API secret'}).waitFor()
    t.is(await overflow(), 0)
    await page.getByRole('button', {name: 'Switch to dark theme'}).click()
    await shoot(page, 'account-phone-dark')
    t.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

/** Turns two-factor on through the page; the authenticator app for its secret. */
async function turnOnTwoFactor(page: Page): Promise<Authenticator> {
  await page.getByRole('button', {name: 'Turn on two-factor'}).click()
  const secret = (await page.getByRole('textbox', {name: 'Secret key'}).inputValue()).replace(/\s/g, '')
  const app = authenticator(secret)
  const region = page.getByRole('region', {name: 'Two-factor authentication'})
  await region.getByLabel('Two-factor code').fill(await app.next())
  await region.getByRole('button', {name: 'Turn on', exact: true}).click()
  await page.getByText('Two-factor authentication is on.').waitFor()
  return app
}

/** The browser's session cookie as a Cookie header, for asking the node what the page did. */
async function sessionHeader(context: BrowserContext): Promise<string | undefined> {
  const cookie = (await context.cookies()).find((each) => each.name === 'exchange_session')
  return cookie && `exchange_session=${cookie.value}`
}
