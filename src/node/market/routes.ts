/** Public market data under /api/v1/exchange/: tickers, assets, order book, trades, klines. */
import type Router from '@koa/router'
import type {HttpDeps} from '../http/deps.js'

export function marketRoutes(_router: Router, _deps: HttpDeps): void {}
