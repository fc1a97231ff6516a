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
import {ExchangeError} from '../../ground/errors.js'
import {bearerToken} from '../../http/bearer.js'
import {bodyOf, uuidParam} from '../../http/query.js'
import {MAX_FILE_BYTES} from '../../p2p/chat.js'
import type {HttpDeps} from '../../public-services.js'
import {messageView} from '../../views/p2p.js'
import {callerOf} from '../caller.js'
import type {Guards} from './guards.js'
import {readUpload} from './multipart.js'

/** Multipart overhead allowed on top of the file itself. */
const MULTIPART_SLACK = 64 * 1024

export function chatRoutes(router: Router, deps: HttpDeps, {read, withFile}: Guards): void {
  const {p2p, tokens, admins} = deps.services

  router.get('/p2p/orders/:id/messages/', ...read, async (ctx: Context) => {
    const order = await p2p.orders.requireParty(uuidParam(ctx, 'id'), callerOf(ctx).account.id)
    ctx.body = {messages: (await p2p.chat.list(order.id)).map(messageView)}
  })

  router.post('/p2p/orders/:id/messages/', ...withFile, async (ctx: Context) => {
    const caller = callerOf(ctx)
    const {account} = caller
    const orderId = uuidParam(ctx, 'id')
    if (!ctx.is('multipart/form-data')) {
      ctx.body = messageView(await p2p.postText(account, orderId, bodyOf(ctx)['text']))
      return
    }
    // A signature covers the raw body as text; a binary multipart body is not covered, so an
    // API key could be replayed with another file. Uploads take a session (Bearer or the cookie).
    if (caller.via !== 'jwt') throw new ExchangeError('permission_denied', 'file uploads need a session JWT, not an API key')
    await p2p.orders.requireParty(orderId, account.id)
    const upload = await readUpload(ctx, MAX_FILE_BYTES + MULTIPART_SLACK)
    ctx.body = messageView(await p2p.postFile(account, orderId, upload))
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
    // A cluster edge has neither: it never verifies an administrator's session, so never comes here.
    if (!admins || !p2p.requireArbitratorAccess) throw new ExchangeError('unauthorized', 'not an account session')
    const {admin} = admitAdmin(admins, claims)
    p2p.requireArbitratorAccess(uuidParam(ctx, 'id'), admin)
    ;(ctx.state as FileReaderState).arbitrator = true
    return next()
  }

  router.get('/p2p/orders/:id/files/:file/', fileReader, async (ctx: Context) => {
    const orderId = uuidParam(ctx, 'id')
    if ((ctx.state as FileReaderState).arbitrator !== true) await p2p.orders.requireParty(orderId, callerOf(ctx).account.id)
    const file = await p2p.chat.read(orderId, uuidParam(ctx, 'file'))
    ctx.type = file.type
    ctx.set('Content-Disposition', `attachment; filename="${file.name}"`)
    ctx.set('X-Content-Type-Options', 'nosniff')
    ctx.body = file.content
  })
}

/** Set by `fileReader` when an arbitrator (not a party) reads the file. */
type FileReaderState = {arbitrator?: boolean}
