/**
 * Text from people is shown as text (docs/web.md "Screens"): markup written into every field another
 * person (or the person themself) can make the app show — an API key's label, P2P ad terms, payment
 * details, chat messages, a chat file's name, an e-mail address — is opened on each page that shows
 * it, in Chromium. No script runs, no element is made from the markup (no `<img src="x">`, no
 * `<script>`, no `<svg>` in the page, no request for `/x`), and the text reads as it was written.
 *
 * The node's Content-Security-Policy would block an inline handler even if the app rendered HTML, so
 * "no script ran" alone proves little: the test also asks the page for the elements the markup would
 * have made, which only rendering it as HTML could make.
 */
import type {ExecutionContext} from 'ava'
import type {Browser, Page} from 'playwright-core'
import {DEFAULT_CONFIG} from '../../src/node/ground/config.js'
import {browserTest, launchBrowser, openApp} from '../helpers/browser.js'
import {startTestNode, type TestNode} from '../helpers/node.js'
import {call, createAd, createOrder, sellAd, user, type User} from '../helpers/p2p.js'

type Context = {node: TestNode; browser: Browser}
const test = browserTest<Context>()

/** Each runs script and makes an element when rendered as HTML; as text, it reads as written. */
const MARKUP = [
  '<img src=x onerror="window.__ran=(window.__ran||0)+1">',
  '<script>window.__ran=(window.__ran||0)+1</script>',
  '"><svg onload="window.__ran=(window.__ran||0)+1">',
]
/** What an API key's label (at most 64 characters) takes of each. */
const SHORT = ['<img src=x onerror=window.__ran=1>', '<script>window.__ran=1</script>', '"><svg onload=window.__ran=1>']

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

test.before(async (t) => {
  t.context = {
    node: await startTestNode({rateLimits: {...DEFAULT_CONFIG.rateLimits, standard: 100_000, internal: 100_000}}),
    browser: await launchBrowser(),
  }
})

test.after.always(async (t) => {
  await t.context.browser?.close()
  await t.context.node?.close()
})

/** Opens `path` signed in as `who`, waits for `shown` to be on the page, and checks what the markup could have done. */
async function opened(t: ExecutionContext<Context>, who: User, path: string, shown: string[]): Promise<void> {
  const {page, problems, context} = await openApp(t.context.browser, t.context.node.httpUrl)
  const requested: string[] = []
  page.on('request', (request) => requested.push(new URL(request.url()).pathname))
  try {
    await context.addCookies([
      {name: 'exchange_session', value: who.token, url: t.context.node.httpUrl, httpOnly: true, sameSite: 'Strict'},
    ])
    await page.goto(path)
    for (const text of shown) {
      await t.notThrowsAsync(page.getByText(text, {exact: false}).first().waitFor(), `${path} shows ${text} as text`)
    }
    await settled(page)
    t.is(await page.evaluate<unknown>('window.__ran'), undefined, `${path}: a script of the markup ran`)
    const made = await page.evaluate<number>(
      `document.querySelectorAll('#app img[src="x"], #app script, #app svg[onload], #app [onerror], #app [onload]').length`,
    )
    t.is(made, 0, `${path}: the markup made elements`)
    t.false(
      requested.some((each) => each === '/x'),
      `${path}: the markup's <img src=x> was requested`,
    )
    t.deepEqual(problems, [], path)
  } finally {
    await context.close()
  }
}

const settled = (page: Page) => page.waitForLoadState('networkidle')

test('an API key label of markup is text on /account', async (t) => {
  const {node} = t.context
  const owner = await user(node)
  for (const label of SHORT) node.services.apiKeys.create(owner.account.id, ['read'], label)
  await opened(t, owner, '/account', SHORT)
})

test('ad terms, payment details, chat messages and a file name of markup are text on /p2p and the order page', async (t) => {
  const {node} = t.context
  const seller = await user(node, {USDT: '1000'})
  const buyer = await user(node)
  for (const who of [seller, buyer]) {
    const set = await call(node, who, 'POST', '/p2p/me/payment-methods/', {payment_method: 'bank_transfer', details: MARKUP[0]})
    t.is(set.status, 200, JSON.stringify(set.body))
  }
  const terms = MARKUP.join(' ')
  const adId = await createAd(t, node, seller, {...sellAd, terms, payment_methods: ['bank_transfer']})
  const orderId = await createOrder(t, node, buyer, adId)
  const accepted = await call(node, seller, 'POST', `/p2p/orders/${orderId}/accept/`, {})
  t.is(accepted.status, 200, JSON.stringify(accepted.body))
  for (const text of MARKUP) {
    const posted = await call(node, buyer, 'POST', `/p2p/orders/${orderId}/messages/`, {text})
    t.is(posted.status, 200, JSON.stringify(posted.body))
  }
  // A file named with markup: the node keeps a safe form of the name, and the page shows that as text.
  node.services.p2p.postFile(buyer.account, orderId, {name: `${SHORT[0]}.png`, content: PNG})

  await opened(t, buyer, '/p2p', [MARKUP[0]!])
  await opened(t, buyer, `/p2p/orders/${orderId}`, [...MARKUP, '.png'])
  await opened(t, seller, `/p2p/orders/${orderId}`, [...MARKUP])
})

test('an e-mail address is text in the header', async (t) => {
  const {node} = t.context
  // An e-mail's local part may hold most of these characters; the account's is shown in the header.
  const account = await node.services.accounts.create(`"<img-src=x>"@example.com`.replace(/"/g, ''), 'password123')
  const {token} = await node.services.tokens.issue(account.id, 'user')
  await opened(t, {account, token}, '/trade/BTC-USDT', [account.email])
})
