/**
 * The web app in a real browser: Debian's Chromium driven by playwright-core, against a real node on
 * port 0 that serves the built app (`npm run build` writes dist/web/; `npm test` builds first).
 *
 * `const test = browserTest<Context>()` is ava's `test` when Chromium is installed; without it the
 * file is one skipped line naming `apt-get install -y chromium` (a failing one with `CI=true`).
 * Tests find things the way a person does — by role and accessible name (`page.getByRole`,
 * `getByLabel`) — never by CSS selectors or test ids.
 *
 * `shoot(page, name)` saves a screenshot: into docs/web/ when `WEB_SCREENSHOTS=docs` (how the
 * screenshots of docs/web.md are made: `npm run web:screenshots`), else into a temp dir (to look at).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type {TestFn} from 'ava'
import {chromium, type Browser, type BrowserContext, type Page} from 'playwright-core'
import {daemonTest, which} from './system-daemon.js'
import {ROOT} from './paths.js'

/** The flags of a headless Chromium on a machine without a network: nothing phones home. */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

export const PHONE = {width: 390, height: 844}
export const DESKTOP = {width: 1440, height: 900}

export function browserTest<Context = unknown>(): TestFn<Context> {
  return daemonTest<Context>('chromium', 'chromium')
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({executablePath: which('chromium'), headless: true, args: CHROMIUM_FLAGS})
}

export type AppPage = {
  context: BrowserContext
  page: Page
  /** Script errors and failed requests the page met (a test asserts it stays empty). */
  problems: string[]
}

/** A new browser context (its own cookies) on `baseUrl`, at a phone's or a desktop's size. */
export async function openApp(browser: Browser, baseUrl: string, viewport = DESKTOP): Promise<AppPage> {
  const context = await browser.newContext({baseURL: baseUrl, viewport, colorScheme: 'light'})
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    // A refusal of the API (a 4xx the page shows as the API's message, or the 401 of "who is signed
    // in?" before a sign-in) is Chromium's console error too: not a problem of the page.
    if (
      message.type() === 'error' &&
      !/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())
    ) {
      problems.push(`console error: ${message.text()}`)
    }
  })
  return {context, page, problems}
}

const SHOTS =
  process.env['WEB_SCREENSHOTS'] === 'docs'
    ? path.join(ROOT, 'docs', 'web')
    : fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-web-shots-'))

/** Saves a screenshot of the page as `<name>.png` (see the file's comment for where). */
export async function shoot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SHOTS, {recursive: true})
  const file = path.join(SHOTS, `${name}.png`)
  await page.screenshot({path: file, fullPage: true})
  return file
}
