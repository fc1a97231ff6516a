/**
 * The AdminGateway listener (127.0.0.1:8081 by default). Admin sign-in, the `/rpc/{Service}/{Method}`
 * proxy with role checks and the dispute endpoints arrive with the account-flows module; until then
 * it answers `GET /healthz` and the contract's error body elsewhere.
 */
import Koa from 'koa'
import Router from '@koa/router'
import type {Logger} from '../logger.js'
import {errorBody} from './errors.js'

export function adminGatewayApp(logger: Logger): Koa {
  const app = new Koa()
  const router = new Router()
  router.get(['/healthz', '/healthz/'], (ctx) => {
    ctx.body = {status: 'ok'}
  })
  app.use(errorBody(logger))
  app.use(router.routes())
  app.use(router.allowedMethods())
  return app
}
