/**
 * P2P trading in Chromium against a real node: a maker signed in by the sign-in's cookie pauses,
 * resumes and deletes an ad on /p2p.
 */
import type {Browser, Page} from 'playwright-core'
import {signUpUser} from '../helpers/account-flows.js'
import {browserTest, launchBrowser, openApp, PHONE, shoot} from '../helpers/browser.js'
import {startTestNode, type TestNode} from '../helpers/node.js'
import {call, createAd, sellAd, type User} from '../helpers/p2p.js'
import {DEFAULT_CONFIG} from '../../src/node/ground/config.js'

type Context = {node: TestNode; browser: Browser}
const test = browserTest<Context>()

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

const sideways = (page: Page) =>
  page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')

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
