import test from 'ava'
import type {AddressInfo} from 'node:net'
import http from 'node:http'
import Koa, {type Context, type Next} from 'koa'
import Router from '@koa/router'
import {indexedRoutes} from '../../../src/node/http/route-index.js'

/**
 * The same route table served twice over real HTTP: through @koa/router alone, and through the
 * index in front of it. Each handler answers with what it saw (which middlewares ran, the params,
 * the matched route), so any difference in dispatch shows in the answers.
 */
function routeTable(): Router {
  const router = new Router({prefix: '/api/v1'})
  const mark =
    (name: string, ends = true) =>
    async (ctx: Context, next: Next) => {
      const seen = (ctx.state['ran'] ??= []) as string[]
      seen.push(name)
      if (!ends) return next()
      const routed = ctx as Context & {params?: unknown; _matchedRoute?: unknown; routerPath?: unknown}
      ctx.body = {ran: seen, params: routed.params, route: routed._matchedRoute, routerPath: routed.routerPath}
    }
  router.post('/orders/place/', mark('auth', false), mark('place'))
  router.get('/orders/', mark('list'))
  router.get('/orders/:id/', mark('one'))
  // A literal path that a parameter route matches too, for the same method: the router runs both.
  router.get('/things/special/', mark('special', false))
  router.get('/things/:name/', mark('thing'))
  // The same literal path for another method only: still indexed for its own.
  router.put('/things/special/', mark('put-special'))
  // One answering 404 itself, without throwing: allowedMethods looks at what matched.
  router.get('/empty/', (ctx) => {
    ctx.status = 404
  })
  router.get('/named/', mark('named'))
  return router
}

async function serve(t: import('ava').ExecutionContext, indexed: boolean): Promise<string> {
  const router = routeTable()
  const app = new Koa()
  app.use(indexed ? indexedRoutes(router) : router.routes())
  app.use(router.allowedMethods())
  const server = http.createServer(app.callback())
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const REQUESTS: [method: string, path: string][] = [
  ['POST', '/api/v1/orders/place/'],
  ['GET', '/api/v1/orders/place/'],
  ['GET', '/api/v1/orders/'],
  ['HEAD', '/api/v1/orders/'],
  ['GET', '/api/v1/orders/42/'],
  ['DELETE', '/api/v1/orders/'],
  ['OPTIONS', '/api/v1/orders/place/'],
  ['GET', '/api/v1/things/special/'],
  ['PUT', '/api/v1/things/special/'],
  ['GET', '/api/v1/things/other/'],
  ['GET', '/api/v1/empty/'],
  ['POST', '/api/v1/empty/'],
  ['GET', '/API/V1/ORDERS/'],
  ['GET', '/api/v1/orders'],
  ['GET', '/api/v1/nowhere/'],
  ['PATCH', '/api/v1/named/'],
  ['PROPFIND', '/api/v1/orders/'],
]

test('the index answers every request exactly as the router alone: status, Allow, body, params and matched route', async (t) => {
  const [plain, indexed] = await Promise.all([serve(t, false), serve(t, true)])
  for (const [method, path] of REQUESTS) {
    const [a, b] = await Promise.all([fetch(`${plain}${path}`, {method}), fetch(`${indexed}${path}`, {method})])
    const what = `${method} ${path}`
    t.is(b.status, a.status, what)
    t.is(b.headers.get('allow'), a.headers.get('allow'), what)
    t.is(await b.text(), await a.text(), what)
  }
})

test('a literal route is served from the index with empty params and its path as the matched route', async (t) => {
  const base = await serve(t, true)
  const placed = (await (await fetch(`${base}/api/v1/orders/place/`, {method: 'POST'})).json()) as Record<string, unknown>
  t.deepEqual(placed, {ran: ['auth', 'place'], params: {}, route: '/api/v1/orders/place/', routerPath: '/api/v1/orders/place/'})
  // Shared with a parameter route: both still run, in the order they were defined.
  const special = (await (await fetch(`${base}/api/v1/things/special/`)).json()) as Record<string, unknown>
  t.deepEqual(special['ran'], ['special', 'thing'])
  t.deepEqual(special['params'], {name: 'special'})
})
