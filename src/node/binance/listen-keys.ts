/**
 * The listen-key form of the Binance user data stream (docs/binance-compat.md "User data"): `POST /api/v3/userDataStream`
 * (the key header only) → `{listenKey}`, `PUT` with `listenKey` keeps it 60 minutes more, `DELETE`
 * closes it (apikeys/listen-keys.ts keeps them); `/ws/<listenKey>` streams the account's events as
 * they are (user-data.ts), and `{"e": "listenKeyExpired"}` when the listen key closes or expires.
 * The key is checked by the one check's key-only steps (`SignedRequests.checkKey`), again when a
 * stream opens. The three routes await the listen keys' answers: on a cluster edge they are the
 * sequencer's (cluster/edge/listen-keys.ts).
 */
import type {Context} from 'koa'
import type {Account} from '../accounts/accounts.js'
import {refusalError} from '../apikeys/signed-request.js'
import {enforce} from '../http/rate-limit.js'
import type {Sender} from '../http/ws-sender.js'
import type {HttpDeps, StreamDeps} from '../public-services.js'
import {BinanceError} from './errors.js'
import type {RouteKit} from './params.js'
import {apiKeyOf, type BinanceCaller} from './signed.js'
import type {UserData} from './user-data.js'

/** How often expired listen keys are noticed, and their streams told. */
const SWEEP_EVERY_MS = 30_000

const unknownListenKey = () => new BinanceError(-1125, 'This listenKey does not exist.')

export function listenKeyRoutes({router, params}: RouteKit, deps: HttpDeps): void {
  const {services, limiter} = deps
  /** The caller of a listen-key request: the key header, checked without a signature (Binance's USER_STREAM). */
  const caller = async (ctx: Context): Promise<BinanceCaller> => {
    const result = await services.signedRequests.checkKey({apiKey: apiKeyOf(ctx), peerIp: ctx.ip, permission: 'read'})
    if (!result.ok) throw refusalError(result)
    enforce(ctx, ...limiter.caller(ctx.ip, result.account))
    return result
  }

  router.post('/userDataStream', async (ctx) => {
    const {key} = await caller(ctx)
    params(ctx).done()
    ctx.body = {listenKey: await services.listenKeys.open(key)}
  })

  router.put('/userDataStream', async (ctx) => {
    const {key} = await caller(ctx)
    const query = params(ctx)
    const listenKey = query.required('listenKey')
    query.done()
    if (!(await services.listenKeys.keepAlive(listenKey, key.id))) throw unknownListenKey()
    ctx.body = {}
  })

  router.delete('/userDataStream', async (ctx) => {
    const {key} = await caller(ctx)
    const query = params(ctx)
    const listenKey = query.required('listenKey')
    query.done()
    if (!(await services.listenKeys.close(listenKey, key.id))) throw unknownListenKey()
    ctx.body = {}
  })
}

/** The user data of `/ws/<listenKey>` connections, for the market-stream route (streams.ts). */
export class ListenKeyStreams {
  /** Listen key → what to do when it ends, per connection following it. */
  private readonly following = new Map<string, Set<() => void>>()
  private readonly offEnd: () => void
  private readonly sweeper: NodeJS.Timeout

  constructor(
    private readonly deps: StreamDeps,
    private readonly userData: UserData,
  ) {
    const {listenKeys} = deps.services
    this.offEnd = listenKeys.onEnd((listenKey) => {
      for (const ended of [...(this.following.get(listenKey) ?? [])]) ended()
    })
    this.sweeper = setInterval(() => listenKeys.sweep(), SWEEP_EVERY_MS).unref()
  }

  /**
   * The account an open listen key stands for, its key checked again (a deleted key, a blocked
   * account); undefined when `tail` is no open listen key. Rejects with the check's refusal.
   */
  async accountOf(tail: string, clientIp: string): Promise<Account | undefined> {
    const open = this.deps.services.listenKeys.resolve(tail)
    if (!open) return undefined
    const result = await this.deps.services.signedRequests.checkKey({apiKey: open.apiKey, peerIp: clientIp, permission: 'read'})
    if (!result.ok) throw refusalError(result)
    return result.account
  }

  /** Whether a stream of the listen key may still be sent its account's events: the key open, and admitted again now. */
  private stillAdmits(listenKey: string, clientIp: string): boolean {
    const open = this.deps.services.listenKeys.resolve(listenKey)
    return (
      open !== undefined &&
      this.deps.services.signedRequests.recheckKey({apiKey: open.apiKey, peerIp: clientIp, permission: 'read'}).ok
    )
  }

  /** Sends the account's events to a connection until it closes or its listen key ends; returns the unfollow. */
  follow(listenKey: string, account: Account, sender: Sender, clientIp: string): () => void {
    const unsubscribe = this.userData.subscribe(account, (event) => sender.send(Buffer.from(JSON.stringify(event))), {
      stillAdmitted: () => this.stillAdmits(listenKey, clientIp),
      ended: () => ended(),
    })
    let set = this.following.get(listenKey)
    if (!set) this.following.set(listenKey, (set = new Set()))
    const followers = set
    const stop = (): void => {
      unsubscribe()
      followers.delete(ended)
      if (followers.size === 0 && this.following.get(listenKey) === followers) this.following.delete(listenKey)
    }
    const ended = (): void => {
      stop()
      sender.send(Buffer.from(JSON.stringify({e: 'listenKeyExpired', E: Date.now(), listenKey})))
    }
    followers.add(ended)
    return stop
  }

  close(): void {
    clearInterval(this.sweeper)
    this.offEnd()
    this.following.clear()
  }
}
