/**
 * The public HTTP listener: `/api/v1/...` (REST, WebSockets and the user gateway arrive with the
 * trading and account-flow modules) and `GET /healthz`.
 */
import Koa from 'koa'
import Router from '@koa/router'
import type {Logger} from '../logger.js'
import type {Services} from '../services.js'
import {errorBody} from './errors.js'

export function publicApp(services: Services, logger: Logger): Koa {
  const app = new Koa()
  app.proxy = false
  const router = new Router()
  router.get(['/healthz', '/healthz/'], (ctx) => {
    services.db.prepare('SELECT 1').get()
    ctx.body = {status: 'ok'}
  })
  app.use(errorBody(logger))
  app.use(router.routes())
  app.use(router.allowedMethods())
  return app
}
