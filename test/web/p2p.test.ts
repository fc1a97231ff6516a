/**
 * P2P trading in Chromium against a real node, two people in two browser contexts (a seller and a
 * buyer, signed in by their session cookie): a whole deal from the ad to the feedback — the seller
 * saves payment details and posts an ad in the UI, the buyer finds it with the filters and takes it,
 * the seller accepts, the buyer sees the seller's details and writes and uploads a file in the chat,
 * the seller sees both without a reload and downloads the file, the buyer marks paid, the seller
 * releases, both see SUCCESS and rate each other, and the funding balances moved. Then a dispute
 * opened from the page reaches an arbitrator, and a maker pauses, resumes and deletes an ad.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type {ExecutionContext} from 'ava'
import type {Browser, Page} from 'playwright-core'
import {signUpUser} from '../helpers/account-flows.js'
import {adminOf} from '../helpers/admin-gateway.js'
import {browserTest, DESKTOP, launchBrowser, openApp, PHONE, shoot, type AppPage} from '../helpers/browser.js'
import {startTestNode, type TestNode} from '../helpers/node.js'
import {act, call, createAd, createOrder, funding, ledgerClean, sellAd, user, type User} from '../helpers/p2p.js'
import {DEFAULT_CONFIG} from '../../src/node/ground/config.js'

type Context = {node: TestNode; browser: Browser}
const test = browserTest<Context>()

/** A 1×1 PNG: what a buyer uploads as the proof of payment. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

test.before(async (t) => {
  t.context = {
    node: await startTestNode({
      rateLimits: {...DEFAULT_CONFIG.rateLimits, standard: 100_000, strict: 100_000, internal: 100_000},
    }),
    browser: await launchBrowser(),
  }
})

test.after.always(async (t) => {
  await t.context.browser?.close()
  await t.context.node?.close()
})

/** A browser context signed in as `who` by the session cookie. */
async function signedIn(t: ExecutionContext<Context>, who: User, viewport = DESKTOP): Promise<AppPage> {
  const app = await openApp(t.context.browser, t.context.node.httpUrl, viewport)
  app.context.setDefaultTimeout(10_000)
  await app.context.addCookies([
    {name: 'exchange_session', value: who.token, url: t.context.node.httpUrl, httpOnly: true, sameSite: 'Strict'},
  ])
  return app
}

/** Waits until the order page shows `code` as the order's status. */
const statusIs = (page: Page, code: string) => page.getByRole('status').filter({hasText: code}).waitFor()

const sideways = (page: Page) =>
  page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')

/** Screenshots of the page at 1440 and at 390 px wide (the page must not scroll sideways at 390). */
async function shootBoth(t: ExecutionContext, page: Page, name: string): Promise<void> {
  await shoot(page, `${name}-desktop`)
  await page.setViewportSize(PHONE)
  await page.waitForTimeout(100)
  t.is(await sideways(page), 0, `${name}: no sideways scroll at 390 px`)
  await shoot(page, `${name}-phone`)
  await page.setViewportSize(DESKTOP)
}

test.serial('a whole deal from ad to feedback, two people in two browsers, live without a reload', async (t) => {
  const {node} = t.context
  const seller = await user(node, {USDT: '1000'})
  const buyer = await user(node)
  const s = await signedIn(t, seller)
  const b = await signedIn(t, buyer)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2p-web-'))
  try {
    // The seller saves where to be paid, then posts an ad.
    const sp = s.page
    await sp.goto('/p2p')
    await sp.getByRole('tab', {name: 'Payment details'}).click()
    await sp.getByLabel('Method', {exact: true}).selectOption({label: 'Bank transfer'})
    await sp.getByLabel('Details', {exact: true}).fill('Acme Bank\nIBAN DE00 1234 5678 <script>')
    await sp.getByRole('button', {name: 'Save details'}).click()
    await sp.getByRole('list', {name: 'My payment details'}).getByText('IBAN DE00 1234 5678 <script>').waitFor()
    await shoot(sp, 'p2p-details-desktop')

    await sp.getByRole('tab', {name: 'My advertisements'}).click()
    await sp.getByLabel('I want to', {exact: true}).selectOption('SELL')
    await sp.getByLabel('Asset', {exact: true}).selectOption('USDT')
    await sp.getByLabel('Fiat', {exact: true}).fill('USD')
    await sp.getByLabel('Price', {exact: true}).fill('1.02')
    await sp.getByLabel('Total amount', {exact: true}).fill('500')
    await sp.getByLabel('Minimum order', {exact: true}).fill('10')
    await sp.getByLabel('Maximum order', {exact: true}).fill('1000')
    await sp.getByRole('checkbox', {name: 'Bank transfer'}).check()
    await sp.getByLabel('Terms', {exact: true}).fill('<b>Own account only</b>')
    await sp.getByRole('button', {name: 'Post advertisement'}).click()
    const mine = sp.getByRole('list', {name: 'My advertisements'}).getByRole('listitem', {name: 'Sell USDT for USD'})
    await mine.getByText('Active').waitFor()
    t.is(await mine.getByText('<b>Own account only</b>').count(), 1, 'the terms are text, not markup')
    await shootBoth(t, sp, 'p2p-my-ads')

    // The buyer finds it with the filters: another method hides it, the right one and an amount show it.
    const bp = b.page
    await bp.goto('/p2p')
    await bp.getByRole('radio', {name: 'Buy'}).check()
    await bp.getByLabel('Asset', {exact: true}).selectOption('USDT')
    await bp.getByLabel('Fiat', {exact: true}).fill('USD')
    await bp.getByLabel('Payment method', {exact: true}).selectOption({label: 'Card to card'})
    await bp.getByText('No one sells USDT for USD by Card to card').waitFor()
    await bp.getByLabel('Payment method', {exact: true}).selectOption({label: 'Bank transfer'})
    await bp.getByLabel('Fiat amount', {exact: true}).fill('102')
    const ads = bp.getByRole('list', {name: 'Advertisements'})
    const ad = ads.getByRole('listitem').filter({hasText: 'Own account only'})
    await ad.waitFor()
    t.is(await ads.getByRole('listitem').filter({hasText: 'Own account only'}).count(), 1)
    await ad.getByText('1.02 USD').waitFor()
    await ad.getByText('10.00 – 1,000.00 USD').waitFor()
    await ad.getByText('<b>Own account only</b>').waitFor()
    await ad.getByText(`User ${seller.account.id.slice(0, 8)}`).waitFor()
    await shootBoth(t, bp, 'p2p-ads')

    // It takes 100 USDT of it, to pay by bank transfer.
    await ad.getByRole('button', {name: 'Buy USDT'}).click()
    const take = ad.getByRole('form', {name: 'Buy USDT'})
    await take.getByText('Completed orders').waitFor()
    await take.getByLabel('Amount in', {exact: true}).selectOption('crypto')
    await take.getByLabel('Amount', {exact: true}).fill('100')
    await take.getByText('≈ 102.00 USD').waitFor()
    await take.getByRole('button', {name: 'Place order'}).click()
    await bp.waitForURL(/\/p2p\/orders\/[0-9a-f-]{36}$/)
    const orderId = bp.url().split('/').pop()!
    await statusIs(bp, 'CREATED')
    await bp.getByRole('timer').waitFor()

    // The seller, still on /p2p, sees the order arrive and accepts it.
    const running = sp.getByRole('region', {name: 'Orders in progress'})
    await running.getByRole('link', {name: 'Sell 100 USDT for 102.00 USD'}).click()
    await sp.waitForURL(`**/p2p/orders/${orderId}`)
    await statusIs(sp, 'CREATED')
    await sp.getByRole('button', {name: 'Accept order'}).click()
    await statusIs(sp, 'ACCEPTED')

    // The buyer's page follows without a reload: the seller's details, a timer that counts down.
    await statusIs(bp, 'ACCEPTED')
    const details = bp.getByRole('list', {name: "Seller's payment details"})
    await details.getByText('IBAN DE00 1234 5678 <script>').waitFor()
    await bp.getByText('Time left to pay').waitFor()
    const timer = bp.getByRole('timer')
    const first = await timer.textContent()
    t.regex(first ?? '', /^1[45]:\d\d$/)
    await bp.waitForTimeout(1500)
    t.not(await timer.textContent(), first, 'the timer counts down')

    // The buyer writes and uploads a proof of payment.
    await bp.getByLabel('Message', {exact: true}).fill('Paying now from my own account <img src=x>')
    await bp.getByRole('button', {name: 'Send'}).click()
    const png = path.join(dir, 'proof.png')
    fs.writeFileSync(png, PNG)
    await bp.getByLabel('Attach a file', {exact: true}).setInputFiles(png)
    const buyerLog = bp.getByRole('log', {name: 'Messages'})
    await buyerLog.getByRole('link', {name: 'proof.png'}).waitFor()

    // The seller sees both without a reload, and downloads the file.
    const sellerLog = sp.getByRole('log', {name: 'Messages'})
    await sellerLog.getByText('Paying now from my own account <img src=x>').waitFor()
    const link = sellerLog.getByRole('link', {name: 'proof.png'})
    await link.waitFor()
    const [download] = await Promise.all([sp.waitForEvent('download'), link.click()])
    t.is(download.suggestedFilename(), 'proof.png')
    t.deepEqual(fs.readFileSync((await download.path())!), PNG, 'the seller gets the bytes the buyer sent')
    await shootBoth(t, sp, 'p2p-order-seller')
    await shootBoth(t, bp, 'p2p-order-buyer')

    // The buyer marks the order paid with the method chosen at take time; the seller releases.
    t.is(await bp.getByLabel('Payment method', {exact: true}).inputValue(), 'bank_transfer')
    await bp.getByRole('button', {name: 'Mark as paid'}).click()
    await statusIs(bp, 'PAYMENT_COMPLETED')
    await statusIs(sp, 'PAYMENT_COMPLETED')
    await sp.getByText('Time left to release').waitFor()
    const release = sp.getByRole('button', {name: 'Release USDT'})
    t.true(await release.isDisabled(), 'release waits for the seller to say the money arrived')
    await sp.getByRole('checkbox', {name: 'I have received 102.00 USD in my account'}).check()
    await release.click()
    await statusIs(sp, 'SUCCESS')
    await statusIs(bp, 'SUCCESS')
    await sellerLog.getByText('Status: SUCCESS').waitFor()

    // Both rate the deal.
    for (const [page, rating, comment] of [
      [bp, '5 stars', 'Fast release'],
      [sp, '4 stars', 'Paid on time'],
    ] as const) {
      await page.getByRole('radio', {name: rating}).check()
      await page.getByLabel('Comment', {exact: true}).fill(comment)
      await page.getByRole('button', {name: 'Send feedback'}).click()
      await page.getByText('your feedback on this deal was sent').waitFor()
    }
    await shoot(bp, 'p2p-order-success-desktop')
    await bp.getByRole('button', {name: 'Switch to dark theme'}).click()
    await shoot(bp, 'p2p-order-success-dark')

    // The escrow moved: the seller's held 100 USDT went to the buyer's funding account.
    t.deepEqual(funding(node, seller), {available: '900', locked: '0'})
    t.deepEqual(funding(node, buyer), {available: '100', locked: '0'})
    const profile = await call(node, buyer, 'GET', `/p2p/users/${seller.account.id}/`)
    t.is(profile.body.rating.count, 1)
    t.is(profile.body.feedback[0].comment, 'Fast release')
    const order = await call(node, buyer, 'GET', `/p2p/orders/${orderId}/`)
    t.is(order.body.status, 'SUCCESS')
    t.is(order.body.payment_method, 'bank_transfer')
    ledgerClean(t, node)

    // After a reload the feedback already left is not asked for again.
    await bp.reload()
    await statusIs(bp, 'SUCCESS')
    await bp.getByText('your feedback on this deal was sent').waitFor()

    t.deepEqual(s.problems, [])
    t.deepEqual(b.problems, [])
  } finally {
    fs.rmSync(dir, {recursive: true, force: true})
    await s.context.close()
    await b.context.close()
  }
})

test.serial('a dispute opened from the order page reaches an arbitrator; both pages follow it live', async (t) => {
  const {node} = t.context
  await adminOf(node, 'arbitrator')
  const seller = await user(node, {USDT: '300'})
  const buyer = await user(node)
  const adId = await createAd(undefined, node, seller, {...sellAd, terms: 'dispute case'})
  const orderId = await createOrder(undefined, node, buyer, adId, '50')
  await act(t, node, seller, orderId, 'accept', 'ACCEPTED')
  const s = await signedIn(t, seller)
  const b = await signedIn(t, buyer, PHONE)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2p-web-'))
  try {
    await s.page.goto(`/p2p/orders/${orderId}`)
    await b.page.goto(`/p2p/orders/${orderId}`)
    await statusIs(b.page, 'ACCEPTED')
    t.is(await sideways(b.page), 0, 'the order page fits 390 px')

    // A file that only says it is a PNG is refused by the node, and the page shows its message.
    const fake = path.join(dir, 'fake.png')
    fs.writeFileSync(fake, 'not a picture at all')
    await b.page.getByLabel('Attach a file', {exact: true}).setInputFiles(fake)
    const refusal = b.page.getByRole('alert')
    await refusal.waitFor()
    t.regex((await refusal.textContent()) ?? '', /JPEG|PNG|PDF/i)

    await act(t, node, buyer, orderId, 'pay', 'PAYMENT_COMPLETED', {payment_method: 'card'})
    await statusIs(b.page, 'PAYMENT_COMPLETED')
    await b.page.getByRole('button', {name: 'Open a dispute'}).click()
    await b.page.getByLabel('Reason', {exact: true}).fill('The seller does not answer')
    await b.page.getByRole('button', {name: 'Open dispute'}).click()
    await statusIs(b.page, 'DISPUTE_DECISION_AWAITING')
    await statusIs(s.page, 'DISPUTE_DECISION_AWAITING')
    const history = s.page.getByRole('list', {name: 'History'})
    await history.getByText('DISPUTE_START').waitFor()
    await history.getByText('DISPUTE_DECISION_AWAITING').waitFor()
    t.is(await sideways(b.page), 0, 'the dispute fits 390 px')
    await shoot(b.page, 'p2p-order-dispute-phone')

    const order = await call(node, buyer, 'GET', `/p2p/orders/${orderId}/`)
    t.is(order.body.status, 'DISPUTE_DECISION_AWAITING')
    const dispute = node.services.p2p.disputes.ofOrder(orderId)
    t.is(dispute?.reason, 'The seller does not answer')
    t.truthy(dispute?.arbitratorId, 'an arbitrator is assigned')
    t.deepEqual(funding(node, seller), {available: '250', locked: '50'}, 'the escrow stays held')
    t.deepEqual(s.problems, [])
    t.deepEqual(b.problems, [])
  } finally {
    fs.rmSync(dir, {recursive: true, force: true})
    await s.context.close()
    await b.context.close()
  }
})

test.serial('signed in through the sign-in endpoint, a maker pauses, resumes and deletes an ad', async (t) => {
  const {node} = t.context
  const person = await signUpUser(t, node, 'p2p-web')
  const account = (await node.services.accounts.byId(person.accountId))!
  node.services.operations.topup(
    {balanceAccountId: account.fundingAccountId},
    {asset: 'USDT', amount: '100', reason: 'test funding', operator: 'test'},
  )
  const maker: User = {account, token: (await node.services.tokens.issue(account.id, 'user')).token}
  const app = await openApp(t.context.browser, node.httpUrl, PHONE)
  try {
    const {page} = app
    await page.goto('/p2p')
    await page.getByRole('link', {name: 'Sign in'}).first().waitFor()
    // The sign-in's cookie, set by the node in this browser (the page never sees the token).
    const status = await page.evaluate(
      async ([email, password]) =>
        (
          await fetch('/api/v1/auth/sign-in/', {
            method: 'POST',
            headers: {'Content-Type': 'application/json', 'X-Requested-With': 'exchange-web'},
            body: JSON.stringify({email, password}),
          })
        ).status,
      [person.email, person.password],
    )
    t.is(status, 200)
    await page.reload()
    const adId = await createAd(undefined, node, maker, {...sellAd, total_amount: '80', terms: 'pause me'})
    await page.getByRole('tab', {name: 'My advertisements'}).click()
    const item = page.getByRole('list', {name: 'My advertisements'}).getByRole('listitem', {name: 'Sell USDT for USD'})
    await item.getByText('Active').waitFor()
    await item.getByRole('button', {name: 'Pause'}).click()
    await item.getByText('Paused').waitFor()
    const listed = async () =>
      (
        (await call(node, maker, 'GET', '/p2p/advertisements/?type=SELL&asset=USDT&fiat=USD')).body.advertisements as {
          id: string
        }[]
      ).some((ad) => ad.id === adId)
    t.false(await listed(), 'a paused ad is not listed')
    await item.getByRole('button', {name: 'Resume'}).click()
    await item.getByText('Active').waitFor()
    t.true(await listed())
    await shoot(page, 'p2p-my-ads-phone')
    t.is(await sideways(page), 0)
    await item.getByRole('button', {name: 'Delete'}).click()
    await item.getByRole('button', {name: 'Yes, delete'}).click()
    await page.getByText('You have no advertisements').waitFor()
    t.is((await call(node, maker, 'GET', `/p2p/advertisements/${adId}/`)).status, 404)
    t.deepEqual(app.problems, [])
  } finally {
    await app.context.close()
  }
})
