/**
 * The web app on the public listener (docs/web.md "Serving"), from a built app made in a temp folder:
 * its pages and deep links answer index.html under the app's CSP, assets are immutable, the build's
 * br and gz variants are chosen by Accept-Encoding, validators answer 304, no path reads outside the
 * folder, and the API, its streams and /healthz answer exactly as on a node without the app
 * (`web: false`, docs/web.md "Turning it off"). A node whose app is not built starts, says so once,
 * and answers 404 at `/`.
 */
import zlib from 'node:zlib'
import test from 'ava'
import {startTestNode, tempDir, type TestNode} from '../../helpers/node.js'
import {makeWebApp, rawRequest, type RawAnswer, type WebFixture} from '../../helpers/web.js'
import {connect, wsUrl} from '../../helpers/ws-clients.js'

const APP_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; " +
  "connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
const API_CSP = "default-src 'none'; frame-ancestors 'none'"

let fixture: WebFixture
let served: TestNode
let off: TestNode
let unbuilt: TestNode
test.before(async () => {
  fixture = makeWebApp()
  ;[served, off, unbuilt] = await Promise.all([
    startTestNode({webRoot: fixture.root}),
    startTestNode({webRoot: fixture.root, web: false}),
    startTestNode({webRoot: tempDir('exchange-no-web-')}),
  ])
})
test.after.always(async () => {
  await Promise.all([served?.close(), off?.close(), unbuilt?.close()])
})

const get = (node: TestNode, target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> =>
  rawRequest(node.ports.http, target, {method, headers})

const json = (answer: RawAnswer): unknown => JSON.parse(answer.body.toString('utf8'))

/** The JSON 404 of a path nothing serves (docs/rest.md "Errors"). */
function assertNotFound(t: import('ava').ExecutionContext, answer: RawAnswer, what: string): void {
  t.is(answer.status, 404, what)
  t.is(answer.headers['content-type'], 'application/json; charset=utf-8', what)
  t.is((json(answer) as {error: {code: string}}).error.code, 'not_found', what)
  t.is(answer.headers['content-security-policy'], API_CSP, what)
}

test('/ and the deep links answer index.html, revalidated, under the app CSP and the listener headers', async (t) => {
  for (const target of [
    '/',
    '/trade/BTC-USDT',
    '/wallet',
    '/orders',
    '/p2p',
    '/p2p/orders/8f14e45f-ea9c-4c3e-9b2a-4d3c2a1b0e9f',
    '/account',
    '/sign-in',
    '/sign-up',
    '/some/page/the/app/may/add/',
    '/index.html',
  ]) {
    const answer = await get(served, target)
    t.is(answer.status, 200, target)
    t.is(answer.body.toString('utf8'), fixture.index, target)
    t.is(answer.headers['content-type'], 'text/html; charset=utf-8', target)
    t.is(answer.headers['cache-control'], 'no-cache', target)
    t.is(answer.headers['content-security-policy'], APP_CSP, target)
    t.is(answer.headers['x-content-type-options'], 'nosniff', target)
    t.is(answer.headers['x-frame-options'], 'DENY', target)
    t.is(answer.headers['referrer-policy'], 'no-referrer', target)
    t.is(answer.headers['content-length'], String(Buffer.byteLength(fixture.index)), target)
    t.regex(answer.headers.etag ?? '', /^"[A-Za-z0-9_-]+"$/, `${target}: a strong ETag`)
  }
})

test('files of the app: assets are immutable, other files revalidated, each with its type', async (t) => {
  const script = await get(served, fixture.script.path)
  t.is(script.status, 200)
  t.is(script.body.toString('utf8'), fixture.script.plain)
  t.is(script.headers['content-type'], 'text/javascript; charset=utf-8')
  t.is(script.headers['cache-control'], 'public, max-age=31536000, immutable')
  const style = await get(served, fixture.style.path)
  t.is(style.headers['content-type'], 'text/css; charset=utf-8')
  t.is(style.headers['cache-control'], 'public, max-age=31536000, immutable')
  const favicon = await get(served, '/favicon.ico')
  t.deepEqual(favicon.body, fixture.favicon)
  t.is(favicon.headers['content-type'], 'image/x-icon')
  t.is(favicon.headers['cache-control'], 'no-cache')
  t.is(favicon.headers.vary, undefined, 'no variants: nothing varies')
})

test('Accept-Encoding picks the build’s .br, else its .gz, else the plain file; never compressed here', async (t) => {
  const {script, style} = fixture
  const cases: [string, Record<string, string>, string | undefined][] = [
    [script.path, {'accept-encoding': 'gzip, deflate, br'}, 'br'],
    [script.path, {'accept-encoding': 'br;q=0.5, gzip;q=1'}, 'br'],
    [script.path, {'accept-encoding': 'gzip'}, 'gzip'],
    [script.path, {'accept-encoding': 'br;q=0, gzip'}, 'gzip'],
    [script.path, {'accept-encoding': '*'}, 'br'],
    [script.path, {'accept-encoding': 'identity'}, undefined],
    [script.path, {'accept-encoding': 'gzip;q=0, br;q=0'}, undefined],
    [script.path, {}, undefined],
    [style.path, {'accept-encoding': 'br, gzip'}, 'gzip'],
    [style.path, {'accept-encoding': 'br'}, undefined],
  ]
  for (const [target, headers, coding] of cases) {
    const what = `${target} ${headers['accept-encoding'] ?? '(no Accept-Encoding)'}`
    const answer = await get(served, target, headers)
    t.is(answer.status, 200, what)
    t.is(answer.headers['content-encoding'], coding, what)
    t.is(answer.headers.vary, 'Accept-Encoding', what)
    t.is(answer.headers['content-length'], String(answer.body.length), what)
    const plain =
      coding === 'br' ? zlib.brotliDecompressSync(answer.body) : coding === 'gzip' ? zlib.gunzipSync(answer.body) : answer.body
    t.is(plain.toString('utf8'), target === script.path ? script.plain : style.plain, what)
  }
  // The build's own bytes, as written: the node compresses nothing itself.
  t.deepEqual((await get(served, script.path, {'accept-encoding': 'br'})).body, script.br)
  t.deepEqual((await get(served, script.path, {'accept-encoding': 'gzip'})).body, script.gzip)
  // A variant is not a file of its own.
  assertNotFound(t, await get(served, `${script.path}.br`), 'the .br by its name')
})

test('If-None-Match with the ETag of the variant sent answers 304 without a body; another variant’s does not', async (t) => {
  const br = await get(served, fixture.script.path, {'accept-encoding': 'br'})
  const plain = await get(served, fixture.script.path)
  t.not(br.headers.etag, plain.headers.etag, 'each variant its own validator')
  const again = await get(served, fixture.script.path, {'accept-encoding': 'br', 'if-none-match': br.headers.etag!})
  t.is(again.status, 304)
  t.is(again.body.length, 0)
  t.is(again.headers.etag, br.headers.etag)
  t.is(again.headers['cache-control'], 'public, max-age=31536000, immutable')
  t.is(again.headers.vary, 'Accept-Encoding')
  const page = (await get(served, '/')).headers.etag!
  const listed = await get(served, '/wallet', {'if-none-match': `"other", W/${page}`})
  t.is(listed.status, 304, 'in a list, and in its weak form, the page’s tag matches a deep link too')
  const stale = await get(served, fixture.script.path, {'accept-encoding': 'gzip', 'if-none-match': br.headers.etag!})
  t.is(stale.status, 200, 'the br tag does not validate the gzip answer')
  t.is(stale.headers['content-encoding'], 'gzip')
})

test('HEAD answers the headers of GET without the body', async (t) => {
  for (const [target, headers] of [
    ['/trade/ETH-USDT', {}],
    [fixture.script.path, {'accept-encoding': 'gzip'}],
  ] as const) {
    const full = await get(served, target, headers)
    const head = await get(served, target, headers, 'HEAD')
    t.is(head.status, 200, target)
    t.is(head.body.length, 0, target)
    for (const name of ['content-type', 'content-length', 'content-encoding', 'etag', 'cache-control', 'content-security-policy'])
      t.is(head.headers[name], full.headers[name], `${target}: ${name}`)
  }
})

test('no path reads outside the app’s folder: .., its escapes, NUL, backslashes and links answer 404 or the page', async (t) => {
  const attempts = [
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/%2e%2e/secret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/..\\secret.txt',
    '/assets\\..\\..\\secret.txt',
    '/index.html%00.js',
    '/%00',
    '/%e0%a4%a',
    '/./index.html',
    '/linked-secret.txt',
    `/assets/${'..%2f'.repeat(8)}secret.txt`,
  ]
  for (const target of attempts) {
    const answer = await get(served, target)
    t.false(answer.body.toString('latin1').includes(fixture.secret), `${target} read the secret`)
    if (answer.status === 200) t.is(answer.body.toString('utf8'), fixture.index, `${target}: only the page`)
    else assertNotFound(t, answer, target)
  }
  // Those that name a parent or hold a NUL or a backslash are the listener's 404, not the page.
  for (const target of ['/%2e%2e/secret.txt', '/..%5csecret.txt', '/index.html%00.js', '/assets/..%2f..%2fsecret.txt'])
    assertNotFound(t, await get(served, target), target)
})

test('under /assets/ a file that is not there is a 404, not the page', async (t) => {
  assertNotFound(t, await get(served, '/assets/app-000000.js'), 'an asset of an older build')
  assertNotFound(t, await get(served, '/assets/'), 'the folder itself')
})

test('the API, its streams and /healthz answer as on a node without the app', async (t) => {
  const targets = [
    '/api/v1/no-such-thing',
    '/api/v1/exchange/tickers/',
    '/api/v1/openapi.json',
    '/api',
    '/API/V1/NOPE',
    '/api/v3/nope',
    '/api/v3/ping',
    '/sapi/v1/nope',
    '/fapi/v1/exchangeInfo',
    '/FAPI/v1/exchangeInfo',
    '/dapi/v1/nope',
    '/eapi/v1/exchangeInfo',
    '/healthz',
    '/healthz/',
    '/ws',
    '/ws/btcusdt@trade',
    '/stream',
    '/ws-api/v3',
    '/%61pi/v1/x',
  ]
  for (const target of targets) {
    for (const method of ['GET', 'HEAD']) {
      const [withApp, without] = await Promise.all([get(served, target, {}, method), get(off, target, {}, method)])
      t.is(withApp.status, without.status, `${method} ${target}`)
      t.is(withApp.headers['content-type'], without.headers['content-type'], `${method} ${target}`)
      t.is(withApp.headers['content-security-policy'], API_CSP, `${method} ${target}`)
      t.is(withApp.headers['cache-control'], without.headers['cache-control'], `${method} ${target}`)
      if (method === 'GET' && !target.includes('openapi') && !target.includes('exchangeInfo'))
        t.deepEqual(json(withApp), json(without), target)
    }
  }
  assertNotFound(t, await get(served, '/api/v1/x'), 'unknown /api/v1 path')
  const binance = await get(served, '/api/v3/x')
  t.is(binance.status, 404)
  t.deepEqual(json(binance), {code: -1000, msg: 'Unknown endpoint: GET /api/v3/x'})
  t.deepEqual(json(await get(served, '/healthz')), {status: 'ok'})
})

test('a WebSocket upgrade still reaches its stream', async (t) => {
  const client = await connect(wsUrl(served, '/ws/btcusdt@trade'))
  client.ws.send(JSON.stringify({method: 'LIST_SUBSCRIPTIONS', id: 1}))
  t.deepEqual(await client.next(), {result: ['btcusdt@trade'], id: 1})
  client.close()
})

test('other methods on the app’s paths answer as before: 404 or 405 with the error body', async (t) => {
  for (const [method, target] of [
    ['POST', '/'],
    ['PUT', '/wallet'],
    ['DELETE', '/trade/BTC-USDT'],
    ['POST', fixture.script.path],
    ['OPTIONS', '/'],
    ['TRACE', '/'],
  ] as const) {
    const [withApp, without] = await Promise.all([get(served, target, {}, method), get(off, target, {}, method)])
    t.is(withApp.status, without.status, `${method} ${target}`)
    t.true(withApp.status === 404 || withApp.status === 405, `${method} ${target}: ${withApp.status}`)
    t.deepEqual(json(withApp), json(without), `${method} ${target}`)
  }
})

test('web: false (--no-web): / and the deep links, files and /branding.json answer the 404 of any unknown path', async (t) => {
  for (const target of ['/', '/trade/BTC-USDT', '/index.html', fixture.script.path, '/branding.json']) {
    const answer = await get(off, target)
    assertNotFound(t, answer, target)
    t.deepEqual(json(answer), {error: {code: 'not_found', message: `no route for GET ${target}`}})
  }
  t.false(
    off.logs.some((line) => line.includes('web app')),
    'nothing said of an app it does not serve',
  )
})

test('an app that is not built: the node starts, logs it once, and / answers 404', async (t) => {
  for (const target of ['/', '/trade/BTC-USDT', '/assets/app-3f9a1c.js']) assertNotFound(t, await get(unbuilt, target), target)
  const lines = unbuilt.logs.filter((line) => line.includes('web app not built'))
  t.is(lines.length, 1)
  t.is((JSON.parse(lines[0]!) as {level: number}).level, 40, 'a warning')
  t.true(served.logs.some((line) => line.includes('"web app loaded"')))
  // The branding is served all the same: the app's dev server (docs/web.md "Branding") reads it from the node.
  t.is((await get(unbuilt, '/branding.json')).status, 200)
})
