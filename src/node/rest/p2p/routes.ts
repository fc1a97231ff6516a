/**
 * The P2P endpoints under /api/v1/p2p/ (contract §9). Auth: a session JWT, or a signed API key
 * (`read` for reads, `trade` for writes); then the standard rate class. Handlers in one file per noun.
 */
import type Router from '@koa/router'
import type {HttpDeps} from '../../services.js'
import {authenticate} from '../auth.js'
import {standardLimit} from '../rate-limit.js'
import {adRoutes} from './ads.js'
import {chatRoutes} from './chat.js'
import {orderRoutes} from './orders.js'
import type {Guards} from './params.js'

export function p2pRoutes(router: Router, deps: HttpDeps): void {
  // The listener's standard class: /p2p and /orders draw from one bucket per account.
  const standard = standardLimit(deps)
  const guards: Guards = {
    read: [authenticate(deps, {permission: 'read', allowJwt: true}), standard],
    write: [authenticate(deps, {permission: 'trade', allowJwt: true}), standard],
  }
  adRoutes(router, deps, guards)
  orderRoutes(router, deps, guards)
  chatRoutes(router, deps, guards)
}
