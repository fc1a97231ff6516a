/**
 * The same app through a cluster edge (docs/web.md "Serving", docs/cluster.md "The edge"): a sequencer
 * and an edge started as `exchange node start --role edge` starts one, the built app served by the
 * edge, and a trader in Chromium who buys on the edge against a sell another account placed over the
 * edge's REST — the book, the trade, the filled order and the balances arriving from the edge's event
 * feed, without a reload.
 */
import path from 'node:path'
import type {Browser} from 'playwright-core'
import {SECRETS_FILE} from '../../src/node/auth/secrets.js'
import {DEFAULT_CONFIG} from '../../src/node/ground/config.js'
import {startEdgeNode, type RunningEdge} from '../../src/node/node.js'
import {browserTest, launchBrowser, openApp} from '../helpers/browser.js'
import {memoryLogger} from '../helpers/cluster.js'
import {startNatsServer, type NatsServer} from '../helpers/nats.js'
import {startTestNode, type TestNode} from '../helpers/node.js'
import {signed, trader} from '../helpers/rest.js'
import {daemonTest, which} from '../helpers/system-daemon.js'

type Context = {nats: NatsServer; sequencer: TestNode; edge: RunningEdge; edgeUrl: string; browser: Browser}
// Both daemons: Chromium and nats-server (each names its own install when absent).
const test = which('nats-server') ? browserTest<Context>() : daemonTest<Context>('nats-server', 'nats-server')

test.before(async (t) => {
  const nats = await startNatsServer()
  const sequencer = await startTestNode({role: 'sequencer', nats: {servers: [nats.url]}})
  const edge = await startEdgeNode(
    {
      ...DEFAULT_CONFIG,
      dataDir: path.join(sequencer.dataDir, 'not-an-edge-dir'),
      httpHost: '127.0.0.1',
      httpPort: 0,
      shutdownGraceMs: 500,
      role: 'edge',
      nats: {servers: [nats.url]},
      secretsFile: path.join(sequencer.dataDir, SECRETS_FILE),
    },
    memoryLogger().logger,
  )
  t.context = {nats, sequencer, edge, edgeUrl: `http://127.0.0.1:${edge.ports.http}`, browser: await launchBrowser()}
})

test.after.always(async (t) => {
  await t.context.browser?.close()
  await t.context.edge?.stop()
  await t.context.sequencer?.close()
  await t.context.nats?.close()
})

test('on an edge: a limit buy fills against a sell placed over the edge, and the page follows it without a reload', async (t) => {
  const {sequencer, edgeUrl} = t.context
  const buyer = await trader(sequencer, {USDT: '100000'})
  const seller = await trader(sequencer, {BTC: '1'})
  const {page, problems, context} = await openApp(t.context.browser, edgeUrl)
  try {
    // The session made on the sequencer is the page's cookie; the edge fetches it on its first use.
    await context.addCookies([{name: 'exchange_session', value: buyer.token, url: edgeUrl, httpOnly: true, sameSite: 'Strict'}])
    await page.goto('/trade/BTC-USDT')
    await t.notThrowsAsync(page.getByText('100,000 USDT available').waitFor())
    await page.evaluate('window.notReloaded = true')

    const sell = await signed({httpUrl: edgeUrl}, seller, 'POST', '/orders/place/', {
      ticker: 'BTC-USDT',
      side: 'sell',
      type: 'limit',
      price: '30000',
      qty: '0.01',
    })
    t.is(sell.status, 200, JSON.stringify(sell.body))
    await t.notThrowsAsync(
      page
        .getByRole('rowgroup', {name: 'Asks'})
        .getByRole('row', {name: /30,000\.00/})
        .waitFor(),
    )

    await page.getByLabel('Price').fill('30000')
    await page.getByLabel('Amount').fill('0.01')
    await page.getByRole('button', {name: 'Buy BTC'}).click()
    await t.notThrowsAsync(
      page
        .getByRole('status')
        .getByText(/filled at 30,?000/)
        .waitFor(),
    )
    await t.notThrowsAsync(
      page
        .getByRole('table', {name: 'Recent trades'})
        .getByRole('row', {name: /30,000\.00/})
        .waitFor(),
    )
    await t.notThrowsAsync(page.getByText('99,700 USDT available').waitFor())
    await page.getByRole('tab', {name: 'Order history'}).click()
    await t.notThrowsAsync(
      page
        .getByRole('table', {name: 'Order history'})
        .getByRole('row', {name: /^Buy limit\s+30,000\.00.*Filled/})
        .waitFor(),
    )
    t.true(await page.evaluate<boolean>('window.notReloaded === true'))
    t.deepEqual(problems, [])
  } finally {
    await context.close()
  }
})
