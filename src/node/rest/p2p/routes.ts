/**
 * The P2P endpoints under /api/v1/p2p/ (contract §9). Auth: a session JWT, or a signed API key
 * (`read` for reads, `trade` for writes); then the standard rate class. Handlers in one file per noun.
 */
import type Router from '@koa/router'
import type {HttpDeps} from '../../http/deps.js'
import {internalNetworks} from '../../http/net.js'
import {authenticate} from '../auth.js'
import {RateLimiter, standardLimit} from '../rate-limit.js'
import {adRoutes} from './ads.js'
import {chatRoutes} from './chat.js'
import {orderRoutes} from './orders.js'
import type {Guards} from './params.js'

export function p2pRoutes(router: Router, deps: HttpDeps): void {
  const standard = standardLimit(deps, new RateLimiter(), internalNetworks(deps.config.rateLimits.internalCidrs))
  const guards: Guards = {
    read: [authenticate(deps, {permission: 'read', allowJwt: true}), standard],
    write: [authenticate(deps, {permission: 'trade', allowJwt: true}), standard],
  }
  adRoutes(router, deps, guards)
  orderRoutes(router, deps, guards)
  chatRoutes(router, deps, guards)
}
