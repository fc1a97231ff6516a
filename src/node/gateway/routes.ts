/** The user gateway under /api/v1: sign-up, sign-in, two-factor, sessions and API keys (account-flows issue). */
import type Router from '@koa/router'
import type {HttpDeps} from '../http/deps.js'

export function gatewayRoutes(_router: Router, _deps: HttpDeps): void {}
