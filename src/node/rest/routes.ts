/** The authenticated REST endpoints under /api/v1: accounts, orders, trades, balances. */
import type Router from '@koa/router'
import type {HttpDeps} from '../http/deps.js'

export function restRoutes(_router: Router, _deps: HttpDeps): void {}
