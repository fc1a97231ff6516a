/**
 * The chat of an order: GET/POST /p2p/orders/{id}/messages/ (JSON {text}, or multipart with one
 * file) and GET /p2p/orders/{id}/files/{file_id}/, served to the parties and, with an AdminGateway
 * token, to the dispute's arbitrator and superadmins.
 */
import type Router from '@koa/router'
import compose from 'koa-compose'
import type {Context, Next} from 'koa'
import {USER_ROLE} from '../../accounts/account-token.js'
import {admitAdmin} from '../../admins/admin-session.js'
import {ExchangeError} from '../../errors.js'
import {bearerToken} from '../../http/bearer.js'
import type {HttpDeps} from '../../services.js'
import {callerOf} from '../caller.js'
import {MAX_FILE_BYTES} from '../../p2p/chat.js'
import {messageView} from '../../p2p/views.js'
import {readUpload} from './multipart.js'
import {body, param} from './params.js'
import type {Guards} from './params.js'

/** Multipart overhead allowed on top of the file itself. */
const MULTIPART_SLACK = 64 * 1024

export function chatRoutes(router: Router, deps: HttpDeps, {read, write}: Guards): void {
  const {p2p, tokens, admins} = deps.services

  router.get('/p2p/orders/:id/messages/', ...read, (ctx: Context) => {
    const order = p2p.orders.requireParty(param(ctx, 'id'), callerOf(ctx).account.id)
    ctx.body = {messages: p2p.chat.list(order.id).map((message) => messageView(message))}
  })

  router.post('/p2p/orders/:id/messages/', ...write, async (ctx: Context) => {
    const caller = callerOf(ctx)
    const {account} = caller
    const orderId = param(ctx, 'id')
    let message
    if (ctx.is('multipart/form-data')) {
      // A signature covers the raw body as text; a binary multipart body is not covered, so an
      // API key could be replayed with another file. Uploads take a session JWT.
      if (caller.via !== 'jwt') throw new ExchangeError('permission_denied', 'file uploads need a session JWT, not an API key')
      p2p.orders.requireParty(orderId, account.id)
      const upload = await readUpload(ctx.req, ctx.get('content-type'), MAX_FILE_BYTES + MULTIPART_SLACK)
      message = p2p.orders.post(account, orderId, (at) => p2p.chat.file(orderId, account.id, upload.name, upload.content, at))
    } else {
      const text = body(ctx)['text']
      message = p2p.orders.post(account, orderId, (at) => p2p.chat.text(orderId, account.id, text, at))
    }
    ctx.body = messageView(message)
  })

  /**
   * The file's reader: a party (the route's usual authentication), or an admin with an AdminGateway
   * token — the one admin check (admins/admin-session.ts: not disabled, the token's role still the
   * admin's), then the dispute's arbitrator or a superadmin.
   */
  const readParty = compose(read)
  const fileReader = async (ctx: Context, next: Next): Promise<void> => {
    const token = bearerToken(ctx.get('authorization'))
    const claims = token === undefined ? undefined : await tokens.verify(token)
    if (claims === undefined || claims.role === USER_ROLE) return readParty(ctx, next)
    const {admin} = admitAdmin(admins, claims)
    p2p.requireArbitratorAccess(param(ctx, 'id'), admin)
    ;(ctx.state as FileReaderState).arbitrator = true
    return next()
  }

  router.get('/p2p/orders/:id/files/:file/', fileReader, (ctx: Context) => {
    const orderId = param(ctx, 'id')
    if ((ctx.state as FileReaderState).arbitrator !== true) p2p.orders.requireParty(orderId, callerOf(ctx).account.id)
    const file = p2p.chat.read(orderId, param(ctx, 'file'))
    ctx.type = file.type
    ctx.set('Content-Disposition', `attachment; filename="${file.name}"`)
    ctx.set('X-Content-Type-Options', 'nosniff')
    ctx.body = file.content
  })
}

/** Set by `fileReader` when an arbitrator (not a party) reads the file. */
type FileReaderState = {arbitrator?: boolean}
