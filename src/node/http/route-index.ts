/**
 * An index in front of a @koa/router. A request for a route without path parameters goes straight
 * to that route's middlewares, composed once at start, after one Map look-up on METHOD + path.
 * @koa/router tests every route's regular expression on each request, and composes a new chain for
 * it each time. With the ~70 routes under /api/v1, that costs 24-36 µs of main-thread CPU per signed
 * order (docs/performance.md "bench:rest"; bench:ab measures such a change).
 *
 * Every other request goes to the router as before: a path with parameters, an unknown path or
 * method (the 404/405 of `allowedMethods`), a path in other letter case. A route is indexed only
 * where the router would run exactly that route, and nothing else, for that method and path. The
 * context gets what the router would set: `params` (empty), `matched`, `routerPath`, `_matchedRoute`.
 * Build it once every route is registered: a route added later is served by the router only.
 */
import type Router from '@koa/router'
import type {Context, Middleware, Next} from 'koa'
import compose from 'koa-compose'

type Indexed = {chain: compose.ComposedMiddleware<Context>; path: string; name: string | undefined; matched: unknown[]}

/** Middleware serving `router`'s routes: indexed ones directly, the rest through `router.routes()`. */
export function indexedRoutes(router: Router): Middleware {
  const index = new Map<string, Indexed>()
  for (const layer of router.stack) {
    const {path} = layer
    // Only a literal path, one that matches itself and has no parameters.
    if (layer.methods.length === 0 || layer.paramNames.length > 0 || typeof path !== 'string' || !layer.match(path)) continue
    for (const method of layer.methods) {
      const match = router.match(path, method)
      if (match.pathAndMethod.length !== 1 || match.pathAndMethod[0] !== layer) continue
      const chain = compose(layer.stack as unknown as Middleware<unknown, Context>[])
      index.set(`${method} ${path}`, {chain, path, name: layer.name, matched: match.path})
    }
  }
  const routes = router.routes() as unknown as Middleware
  return (ctx: Context, next: Next) => {
    const route = index.get(`${ctx.method} ${ctx.path}`)
    if (!route) return routes(ctx, next)
    const routed = ctx as unknown as Record<string, unknown> & {request: Record<string, unknown>}
    routed.request['params'] = routed['params'] = {}
    routed['matched'] = route.matched
    routed['router'] = router
    routed['routeMatched'] = true
    routed['routerPath'] = routed['_matchedRoute'] = route.path
    if (route.name) routed['routerName'] = routed['_matchedRouteName'] = route.name
    return route.chain(ctx, next)
  }
}
