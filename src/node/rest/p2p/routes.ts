/**
 * The P2P endpoints under /api/v1/p2p/ (docs/p2p.md "Endpoints"), one file per noun. Each handler reads its
 * request (snake_case JSON, query, path) into the P2P module's typed input, calls the module, and
 * renders the answer with views/p2p.ts.
 */
import type Router from '@koa/router'
import type {HttpDeps} from '../../public-services.js'
import {adRoutes} from './ads.js'
import {chatRoutes} from './chat.js'
import {p2pGuards} from './guards.js'
import {orderRoutes} from './orders.js'

export function p2pRoutes(router: Router, deps: HttpDeps): void {
  const guards = p2pGuards(deps)
  adRoutes(router, deps, guards)
  orderRoutes(router, deps, guards)
  chatRoutes(router, deps, guards)
}
