/**
 * Signing up and in through the web app in Chromium, against a real node (docs/web.md "Sign up and
 * sign in"): the sign-up form, the codes read from the node's outbox (no e-mail or SMS provider set),
 * the verification, the sign-in with the e-mail filled in, two-factor turned on on the account page,
 * sign-out (the session is revoked), and the sign-in again with the authenticator's code. Refusals
 * show the API's message in an alert.
 */
import type {Browser, Page} from 'playwright-core'
import {call, newIdentity, outboxCodes} from '../helpers/account-flows.js'
import {browserTest, launchBrowser, openApp, PHONE, shoot} from '../helpers/browser.js'
import {startTestNode, type TestNode} from '../helpers/node.js'
import {authenticator} from '../helpers/totp.js'
import {DEFAULT_CONFIG} from '../../src/node/ground/config.js'

type Context = {node: TestNode; browser: Browser}
const test = browserTest<Context>()

test.before(async (t) => {
  // The strict class (1/s per IP and per e-mail on sign-up and sign-in) would refuse a test's quick
  // succession of steps from one address; its refusals are the gateway's tests' business.
  const node = await startTestNode({rateLimits: {...DEFAULT_CONFIG.rateLimits, strict: 1000}})
  t.context = {node, browser: await launchBrowser()}
})

test.after.always(async (t) => {
  await t.context.browser?.close()
  await t.context.node?.close()
})

/** Fills the sign-up form and sends it; the verification step is then shown. */
async function startSignUp(page: Page, who: {email: string; phone: string; password: string}, shot?: string): Promise<void> {
  await page.goto('/sign-up')
  await page.getByLabel('Email', {exact: true}).fill(who.email)
  await page.getByLabel('Phone').fill(who.phone)
  await page.getByLabel('Password', {exact: true}).fill(who.password)
  if (shot) await shoot(page, shot)
  await page.getByRole('button', {name: 'Sign up'}).click()
  await page.getByLabel('Email code').waitFor()
}

/** The session cookie the browser holds (HttpOnly: the page never sees it; the test does). */
async function sessionCookie(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies()
  return cookies.find((cookie) => cookie.name === 'exchange_session')?.value
}

test('sign up, verify both codes, sign in, turn two-factor on, sign out, sign in with the code', async (t) => {
  const {node, browser} = t.context
  const {page, problems, context} = await openApp(browser, node.httpUrl)
  try {
    const who = newIdentity('web-signup')
    await startSignUp(page, who, 'sign-up-desktop')
    await shoot(page, 'sign-up-verify-desktop')
    const codes = outboxCodes(node, who)
    await page.getByLabel('Email code').fill(codes.email_code)
    await page.getByLabel('SMS code').fill(codes.sms_code)
    await page.getByRole('button', {name: 'Verify'}).click()

    // Completing does not sign in: the sign-in, with the e-mail filled in.
    await page.waitForURL(/\/sign-in\?/)
    t.is(await page.getByLabel('Email', {exact: true}).inputValue(), who.email)
    await page.getByLabel('Password', {exact: true}).fill(who.password)
    await page.getByRole('button', {name: 'Sign in'}).click()
    await page.waitForURL('**/trade/BTC-USDT')
    await page.getByRole('button', {name: 'Sign out'}).waitFor()
    t.truthy(await sessionCookie(page))

    // Two-factor on, from the account page: the secret as a QR code and as text, confirmed with a code.
    await page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'Account'}).click()
    await page.getByRole('button', {name: 'Turn on two-factor'}).click()
    await t.notThrowsAsync(page.getByRole('img', {name: /QR code/}).waitFor())
    const secret = (await page.getByRole('textbox', {name: 'Secret key'}).inputValue()).replace(/\s/g, '')
    t.regex(secret, /^[A-Z2-7]{16,}$/)
    const app = authenticator(secret)
    await page.getByLabel('Two-factor code').fill(await app.next())
    await page.getByRole('button', {name: 'Turn on', exact: true}).click()
    await t.notThrowsAsync(page.getByText('Two-factor authentication is on.').waitFor())

    // Sign-out revokes the session: the cookie the browser held is refused from then on.
    const session = (await sessionCookie(page))!
    await page.getByRole('button', {name: 'Sign out'}).click()
    await page.getByRole('link', {name: 'Sign in'}).waitFor()
    t.is((await call(node, 'GET', '/accounts/me/', undefined, {cookie: `exchange_session=${session}`})).status, 401)
    t.falsy(await sessionCookie(page))

    // Signing in again asks for the authenticator's code.
    await page.getByLabel('Email', {exact: true}).fill(who.email)
    await page.getByLabel('Password', {exact: true}).fill(who.password)
    await page.getByRole('button', {name: 'Sign in'}).click()
    await page.getByLabel('Two-factor code').fill(await app.next())
    await shoot(page, 'sign-in-two-factor-desktop')
    await page.getByRole('button', {name: 'Sign in'}).click()
    await page.getByRole('button', {name: 'Sign out'}).waitFor()
    t.true((await page.getByText(who.email).count()) > 0)
    t.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('wrong codes, a registered e-mail and a wrong password: the API says why in an alert', async (t) => {
  const {node, browser} = t.context
  const {page, problems, context} = await openApp(browser, node.httpUrl)
  try {
    const who = newIdentity('web-refused')
    await startSignUp(page, who)
    // A resend within 60 s of the last send is refused by the node: the button waits with it.
    t.true(await page.getByRole('button', {name: 'Resend codes'}).isDisabled())
    const right = outboxCodes(node, who)
    await page.getByLabel('Email code').fill(right.email_code === '000000' ? '111111' : '000000')
    await page.getByLabel('SMS code').fill(right.sms_code)
    await page.getByRole('button', {name: 'Verify'}).click()
    await t.notThrowsAsync(
      page
        .getByRole('alert')
        .filter({hasText: /tries left/})
        .waitFor(),
    )

    await page.getByLabel('Email code').fill(right.email_code)
    await page.getByRole('button', {name: 'Verify'}).click()
    await page.waitForURL(/\/sign-in\?/)
    await t.notThrowsAsync(page.getByRole('status').filter({hasText: 'Your account is ready'}).waitFor())

    await page.getByLabel('Password', {exact: true}).fill('not the password at all')
    await page.getByRole('button', {name: 'Sign in'}).click()
    await t.notThrowsAsync(page.getByRole('alert').filter({hasText: 'wrong e-mail or password'}).waitFor())
    await shoot(page, 'sign-in-refused-desktop')

    // The same e-mail again: 409, no codes sent.
    await page.goto('/sign-up')
    await page.getByLabel('Email', {exact: true}).fill(who.email)
    await page.getByLabel('Phone').fill(who.phone)
    await page.getByLabel('Password', {exact: true}).fill(who.password)
    await page.getByRole('button', {name: 'Sign up'}).click()
    await t.notThrowsAsync(page.getByRole('alert').filter({hasText: 'already exists'}).waitFor())
    t.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})

test('a signed-out visit to the account page signs in there and shows the page; the forms fit a phone', async (t) => {
  const {node, browser} = t.context
  const {page, problems, context} = await openApp(browser, node.httpUrl, PHONE)
  try {
    const who = newIdentity('web-next')
    const started = await call(node, 'POST', '/auth/sign-up/', who)
    t.is(started.status, 200)
    const done = await call(node, 'POST', '/auth/sign-up/complete/', {
      verification_id: started.body.verification_id,
      ...outboxCodes(node, who),
    })
    t.is(done.status, 200)

    await page.goto('/sign-up')
    await page.getByRole('button', {name: 'Sign up'}).waitFor()
    await shoot(page, 'sign-up-phone')
    await page.goto('/account')
    await page.getByRole('heading', {name: 'Sign in to see your account'}).waitFor()
    await shoot(page, 'sign-in-phone')
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')
    t.is(overflow, 0)
    await page.getByLabel('Email', {exact: true}).fill(who.email)
    await page.getByLabel('Password', {exact: true}).fill(who.password)
    await page.getByRole('button', {name: 'Sign in'}).click()
    await t.notThrowsAsync(page.getByRole('region', {name: 'API keys'}).waitFor())
    t.is(new URL(page.url()).pathname, '/account')

    // From the sign-in page, `next` leads back; one that points to another site is not followed.
    await page.getByRole('button', {name: 'Sign out'}).click()
    await page.getByRole('link', {name: 'Sign in'}).waitFor()
    await page.goto('/sign-in?next=%2Faccount')
    await page.getByLabel('Email', {exact: true}).fill(who.email)
    await page.getByLabel('Password', {exact: true}).fill(who.password)
    await page.getByRole('button', {name: 'Sign in'}).click()
    await page.waitForURL('**/account')
    await page.getByRole('button', {name: 'Sign out'}).click()
    await page.getByRole('link', {name: 'Sign in'}).waitFor()
    await page.goto('/sign-in?next=//evil.example/')
    await page.getByLabel('Email', {exact: true}).fill(who.email)
    await page.getByLabel('Password', {exact: true}).fill(who.password)
    await page.getByRole('button', {name: 'Sign in'}).click()
    await page.waitForURL('**/trade/BTC-USDT')
    t.is(new URL(page.url()).origin, node.httpUrl)
    t.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})
