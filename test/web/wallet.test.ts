/**
 * The wallet in Chromium against a real node connected to a real EVM node (anvil; docs/web.md
 * "Wallet"): funds credited through the CLI shown in `Balances`, moved funding → trading; a deposit
 * address with its QR code, and a deposit from the chain followed to `confirmed` with the balance
 * updated live; a withdrawal with the two-factor code, after a sign-in through the page, signed and
 * sent to anvil and followed to `confirmed`; the API's refusal of a bad address in an alert; and a
 * withdrawal whose answer was lost sent again without paying twice. The scanners and workers run
 * pass by pass (`world.pass()`), so the test decides when the chain moves.
 */
import type {ExecutionContext} from 'ava'
import {parseEther} from 'ethers'
import type {Browser, BrowserContext, Page} from 'playwright-core'
import {signUpUser, type User} from '../helpers/account-flows.js'
import {browserTest, launchBrowser, openApp, PHONE, shoot} from '../helpers/browser.js'
import {runCli} from '../helpers/cli.js'
import {ethNetworkId, ledgerOk, sendEth, startEvmWorld, type EvmWorld} from '../helpers/evm-node.js'
import {authenticator} from '../helpers/totp.js'
import {fromPage, signInPage} from '../helpers/web-session.js'
import {DEFAULT_CONFIG} from '../../src/node/ground/config.js'

type Context = {world: EvmWorld; browser: Browser}
const test = browserTest<Context>()

const EXTERNAL = '0x000000000000000000000000000000000000dEaD'

test.before(async (t) => {
  // Sign-ups and sign-ins in a row from one address: above the strict class's 1/s.
  const world = await startEvmWorld({confirmations: 2, config: {rateLimits: {...DEFAULT_CONFIG.rateLimits, strict: 1000}}})
  // The hot wallet pays withdrawals out; ETH on eth costs a fee and has a minimum.
  const {chains} = await world.node.admin.call<{chains: {blockchain: string; hot_wallet_address: string}[]}>(
    'BlockchainService',
    'GetWallet',
    {},
  )
  await sendEth(world, chains.find((chain) => chain.blockchain === 'eth')?.hot_wallet_address ?? '', parseEther('10'))
  await world.node.admin.call('AssetsService', 'UpdateAssetNetwork', {
    network_id: await ethNetworkId(world, 'ETH'),
    withdraw_fee: '0.001',
    min_withdraw: '0.01',
  })
  t.context = {world, browser: await launchBrowser()}
})

test.after.always(async (t) => {
  await t.context.browser?.close()
  await t.context.world?.close()
})

test.afterEach.always(async (t) => {
  t.true(await ledgerOk(t.context.world))
})

/** A signed-up user; with `context`, its session cookie (from a real sign-in) is in the browser. */
async function user(t: ExecutionContext<Context>, context?: BrowserContext): Promise<User & {cookie: string}> {
  const made = await signUpUser(t, t.context.world.node, 'web-wallet')
  const cookie = await signInPage(t, t.context.world.node, made)
  if (context) {
    await context.addCookies([
      {
        name: 'exchange_session',
        value: cookie.slice('exchange_session='.length),
        url: t.context.world.node.httpUrl,
        httpOnly: true,
        sameSite: 'Strict',
      },
    ])
  }
  return {...made, cookie}
}

/** An operator credits the user's funding balance: `exchange ops topup`. */
async function topUp(t: ExecutionContext<Context>, email: string, asset: string, amount: string): Promise<void> {
  const result = await runCli([
    'ops',
    'topup',
    '--email',
    email,
    '--asset',
    asset,
    '--amount',
    amount,
    '--reason',
    'web wallet test',
    '--yes',
    '--admin-url',
    t.context.world.node.grpcAddress,
  ])
  t.is(result.code, 0, result.stderr)
}

/** The four amounts of an asset's row in `Balances`: funding available, locked, trading available, locked. */
async function balanceRow(page: Page, asset: string): Promise<string[]> {
  const row = page
    .getByRole('table', {name: 'Balances'})
    .getByRole('row')
    .filter({has: page.getByRole('rowheader', {name: asset, exact: true})})
  return row.getByRole('cell').allTextContents()
}

/** Waits until the asset's row in `Balances` reads `expected`. */
async function balancesShow(t: ExecutionContext, page: Page, asset: string, expected: string[]): Promise<void> {
  const deadline = Date.now() + 15_000
  let shown: string[] = []
  while (Date.now() < deadline) {
    shown = await balanceRow(page, asset)
    if (JSON.stringify(shown) === JSON.stringify(expected)) break
    await page.waitForTimeout(100)
  }
  t.deepEqual(shown, expected, `${asset} in Balances`)
}

/** The newest withdrawal's row (the first under the header); its cells: asset, amount, status, time, fee, to, transaction. */
const latestWithdrawal = (page: Page) => page.getByRole('table', {name: 'Withdrawals'}).getByRole('row').nth(1)
const statusOfLatestWithdrawal = (page: Page) => latestWithdrawal(page).getByRole('cell').nth(2)

test.serial(
  'funds credited through the CLI show in Balances; a transfer to trading moves them, both sides updated',
  async (t) => {
    const {world, browser} = t.context
    const {page, problems, context} = await openApp(browser, world.node.httpUrl)
    try {
      const who = await user(t, context)
      await topUp(t, who.email, 'USDT', '1250.5')
      await page.goto('/wallet')
      await balancesShow(t, page, 'USDT', ['1,250.5', '0', '0', '0'])
      await balancesShow(t, page, 'ETH', ['0', '0', '0', '0'])

      await page.getByRole('tab', {name: 'Transfer'}).click()
      await page.getByLabel('Asset').selectOption('USDT')
      t.is(await page.getByLabel('Direction').inputValue(), 'to-trading')
      // More than the funding balance holds: refused before anything is sent.
      await page.getByLabel('Amount').fill('5000')
      await page.getByRole('button', {name: 'Transfer', exact: true}).click()
      await t.notThrowsAsync(
        page.getByRole('alert').filter({hasText: 'The funding balance has 1250.5 USDT available.'}).waitFor(),
      )

      await page.getByLabel('Amount').fill('250.5')
      await page.getByRole('button', {name: 'Transfer', exact: true}).click()
      await t.notThrowsAsync(page.getByRole('status').filter({hasText: 'Moved 250.5 USDT from funding to trading.'}).waitFor())
      await balancesShow(t, page, 'USDT', ['1,000', '0', '250.5', '0'])
      await shoot(page, 'wallet-transfer-desktop')

      // And back: the amount is sent exactly as typed.
      await page.getByLabel('Direction').selectOption('to-funding')
      await page.getByLabel('Amount').fill('0.5')
      await page.getByRole('button', {name: 'Transfer', exact: true}).click()
      await balancesShow(t, page, 'USDT', ['1,000.5', '0', '250', '0'])
      t.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  },
)

test.serial(
  'a deposit address with its QR code; a deposit from the chain goes from pending to confirmed, the balance live',
  async (t) => {
    const {world, browser} = t.context
    const {page, problems, context} = await openApp(browser, world.node.httpUrl, PHONE)
    try {
      const who = await user(t, context)
      await page.goto('/wallet')
      await page.getByRole('tab', {name: 'Deposit'}).click()
      await page.getByLabel('Asset').selectOption('ETH')
      const qr = page.getByRole('img', {name: 'QR code of your ETH deposit address on Ethereum'})
      await t.notThrowsAsync(qr.waitFor())
      const address = await page.getByRole('textbox', {name: 'Deposit address'}).inputValue()
      t.regex(address, /^0x[0-9a-fA-F]{40}$/)
      const issued = await fromPage(world.node, who, 'GET', '/deposits/address/?asset=ETH&network=eth')
      t.is(issued.body.address, address)
      t.true((await qr.boundingBox())!.width >= 150, 'the QR code is big enough to scan')
      await t.notThrowsAsync(page.getByText('Credited to your funding balance after 2 confirmations.').waitFor())
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')
      t.is(overflow, 0)
      await shoot(page, 'wallet-deposit-phone')

      await world.pass()
      await sendEth(world, address, parseEther('2'))
      await world.pass()
      const deposits = page.getByRole('table', {name: 'Deposits'})
      // No push for a deposit seen but not credited yet: the page reads it at the next push or reload.
      await world.mine(1)
      await world.pass()
      await t.notThrowsAsync(deposits.getByRole('cell', {name: 'confirmed'}).waitFor())
      await balancesShow(t, page, 'ETH', ['2', '0', '0', '0'])
      await page.getByRole('button', {name: 'Switch to dark theme'}).click()
      await shoot(page, 'wallet-deposit-phone-dark')
      await page.getByRole('tab', {name: 'Withdraw'}).click()
      await page.getByLabel('Asset').selectOption('ETH')
      await page.getByLabel('Amount').fill('1.5')
      t.is(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth'), 0)
      await shoot(page, 'wallet-withdraw-phone-dark')
      t.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  },
)

test.serial(
  'a withdrawal with the two-factor code, after a sign-in through the page, is sent to the chain and confirmed',
  async (t) => {
    const {world, browser} = t.context
    const {page, problems, context} = await openApp(browser, world.node.httpUrl)
    try {
      const who = await user(t)
      // Two-factor on, as the account page does it.
      const setup = await fromPage(world.node, who, 'POST', '/auth/2fa/setup/', {})
      const app = authenticator(setup.body.secret)
      t.is((await fromPage(world.node, who, 'POST', '/auth/2fa/enable/', {code: await app.next()})).status, 200)
      await topUp(t, who.email, 'ETH', '3')

      await page.goto('/wallet')
      await page.getByRole('heading', {name: 'Sign in to see your wallet'}).waitFor()
      await page.getByLabel('Email', {exact: true}).fill(who.email)
      await page.getByLabel('Password', {exact: true}).fill(who.password)
      await page.getByRole('button', {name: 'Sign in'}).click()
      await page.getByLabel('Two-factor code').fill(await app.next())
      await page.getByRole('button', {name: 'Sign in'}).click()
      await balancesShow(t, page, 'ETH', ['3', '0', '0', '0'])

      await page.getByRole('tab', {name: 'Withdraw'}).click()
      await page.getByLabel('Asset').selectOption('ETH')
      // The network's fee and minimum, from GET /exchange/assets/.
      const facts = await page.locator('dl').filter({hasText: 'Network fee'}).textContent()
      t.regex(facts ?? '', /Network fee0\.001 ETH/)
      t.regex(facts ?? '', /Minimum0\.01 ETH/)
      t.truthy(await page.getByLabel('Memo (optional)').count(), 'ETH itself has a place for a memo')

      await page.getByLabel('Address').fill(EXTERNAL)
      await page.getByLabel('Two-factor code').fill(await app.next())
      await page.getByLabel('Amount').fill('0.001')
      await page.getByRole('button', {name: 'Withdraw', exact: true}).click()
      await t.notThrowsAsync(
        page.getByRole('alert').filter({hasText: 'The smallest withdrawal of ETH on Ethereum is 0.01 ETH.'}).waitFor(),
      )

      await page.getByLabel('Amount').fill('0.5')
      await t.notThrowsAsync(page.getByText('0.501 ETH').waitFor())
      await shoot(page, 'wallet-withdraw-desktop')
      await page.getByRole('button', {name: 'Withdraw', exact: true}).click()
      await t.notThrowsAsync(page.getByRole('status').filter({hasText: 'Withdrawal of 0.5 ETH'}).waitFor())
      t.regex((await statusOfLatestWithdrawal(page).textContent()) ?? '', /^pending/)
      await balancesShow(t, page, 'ETH', ['2.499', '0.501', '0', '0'])

      // The worker signs and broadcasts it (anvil mines it at once); then its confirmations. Each is
      // pushed on the orders stream: the page shows it well before its 10 s safety read.
      await world.pass()
      await t.notThrowsAsync(
        page
          .getByRole('table', {name: 'Withdrawals'})
          .getByRole('cell', {name: /^(broadcast|confirmed)$/})
          .waitFor({timeout: 5_000}),
      )
      await world.mine(2)
      await world.pass()
      await t.notThrowsAsync(
        page
          .getByRole('table', {name: 'Withdrawals'})
          .getByRole('cell', {name: 'confirmed', exact: true})
          .waitFor({timeout: 5_000}),
      )
      // The transaction, shortened in the middle for reading, whole on hover.
      const sentAs = latestWithdrawal(page).getByRole('cell').nth(6).locator('[title]')
      t.regex((await sentAs.getAttribute('title')) ?? '', /^0x[0-9a-f]{64}$/)
      await balancesShow(t, page, 'ETH', ['2.499', '0', '0', '0'])
      await shoot(page, 'wallet-withdrawals-desktop')
      t.is((await world.provider.getBalance(EXTERNAL)) >= parseEther('0.5'), true)
      t.deepEqual(problems, [])
    } finally {
      await context.close()
    }
  },
)

test.serial(
  "a bad address is refused with the API's message; a withdrawal whose answer was lost, sent again, is made once",
  async (t) => {
    const {world, browser} = t.context
    const {page, problems, context} = await openApp(browser, world.node.httpUrl)
    try {
      const who = await user(t, context)
      await topUp(t, who.email, 'ETH', '1')
      await page.goto('/wallet')
      await balancesShow(t, page, 'ETH', ['1', '0', '0', '0'])
      await page.getByRole('tab', {name: 'Withdraw'}).click()
      await page.getByLabel('Asset').selectOption('ETH')
      t.is(await page.getByLabel('Two-factor code').count(), 0, 'two-factor is off: no code asked')
      await page.getByLabel('Address').fill('0x1234')
      await page.getByLabel('Amount').fill('0.1')
      await page.getByRole('button', {name: 'Withdraw', exact: true}).click()
      await t.notThrowsAsync(page.getByRole('alert').filter({hasText: 'to_address is not a valid eth address'}).waitFor())
      await shoot(page, 'wallet-withdraw-refused-desktop')

      // The first answer is lost on the way back (the node made the withdrawal); the person sends again.
      let lost = 0
      await page.route(
        (url) => url.pathname === '/api/v1/withdrawals/',
        async (route) => {
          if (route.request().method() !== 'POST' || lost > 0) return route.continue()
          lost++
          await route.fetch()
          await route.abort('connectionreset')
        },
      )
      await page.getByLabel('Address').fill(EXTERNAL)
      await page.getByRole('button', {name: 'Withdraw', exact: true}).click()
      await t.notThrowsAsync(page.getByRole('alert').filter({hasText: 'cannot be reached'}).waitFor())
      await page.getByRole('button', {name: 'Withdraw', exact: true}).click()
      await t.notThrowsAsync(page.getByRole('status').filter({hasText: 'Withdrawal of 0.1 ETH'}).waitFor())
      const listed = await fromPage(world.node, who, 'GET', '/withdrawals/')
      t.is(listed.body.total, 1, 'one withdrawal, not two')
      t.is(await page.getByRole('table', {name: 'Withdrawals'}).getByRole('row').count(), 2)
      await balancesShow(t, page, 'ETH', ['0.899', '0.101', '0', '0'])
      t.true(
        problems.every((problem) => problem.includes('ERR_CONNECTION_RESET')),
        problems.join('\n'),
      )
    } finally {
      await context.close()
    }
  },
)
