/**
 * Deposits on the Binance form (docs/binance-compat.md "Wallet (/sapi/v1/...)"), over the chain
 * module: `GET /sapi/v1/capital/deposit/address` (`coin`, `network` → the account's address on that
 * chain, as `GET /api/v1/deposits/address/` gives it) and `GET /sapi/v1/capital/deposit/hisrec` (the
 * account's deposits, newest first, in Binance's fields and status numbers). Deposits credit the
 * funding balance account.
 */
import type {Context} from 'koa'
import type {Asset} from '../assets/assets.js'
import {BinanceError, missing} from './errors.js'
import {timeRange, type Params} from './params.js'
import type {SignedKit} from './signed.js'
import {DEPOSIT_STATUSES, depositView, networkOf, topUpStatusesOf, unusable} from './wallet-views.js'

/** Binance's page of a wallet history: `limit` 1000 by default and at most. */
export const HISTORY_LIMIT = 1000
const MAX_OFFSET = 1_000_000_000

/** The `coin` parameter as an asset of the node: -1108 "Invalid asset." for none. */
export function coinParam(params: Params, services: SignedKit['services'], name = 'coin'): Asset | undefined {
  const coin = params.optional(name)
  if (coin === undefined) return undefined
  const asset = services.assets.get(coin.toUpperCase())
  if (!asset) throw new BinanceError(-1108, 'Invalid asset.')
  return asset
}

/** `offset` and `limit` of a wallet history. */
export function pageParams(params: Params): {offset: number; limit: number} {
  return {offset: params.integer('offset', 0, MAX_OFFSET) ?? 0, limit: params.limit(HISTORY_LIMIT, HISTORY_LIMIT)}
}

export function depositRoutes({router, services, params, signed, caller}: SignedKit): void {
  const read = signed({permission: 'read'})

  router.get('/capital/deposit/address', read, async (ctx: Context) => {
    const query = params(ctx)
    const asset = coinParam(query, services)
    const networkName = query.optional('network')
    query.done()
    if (!asset) throw missing('coin')
    const network = networkOf(asset, services.assets.networks(asset.code), networkName)
    // A deposit to a chain nobody scans would wait unseen: the address is given once the chain runs.
    const why = unusable(asset, network, await services.blockchains.connected())
    if (why !== undefined) throw new BinanceError(-1000, why)
    const {address} = await services.blockchains.depositAddress(caller(ctx).account.id, network.network, asset.code)
    ctx.body = {address, coin: asset.code, tag: '', url: ''}
  })

  router.get('/capital/deposit/hisrec', read, async (ctx: Context) => {
    const query = params(ctx)
    const asset = coinParam(query, services)
    const status = query.integer('status', 0, 8)
    const {from, to} = timeRange(query)
    const page = pageParams(query)
    query.done()
    if (status !== undefined && !(DEPOSIT_STATUSES as readonly number[]).includes(status)) {
      throw new BinanceError(
        -1100,
        `Illegal characters found in parameter 'status'; legal range is '${DEPOSIT_STATUSES.join(', ')}'.`,
      )
    }
    const {topUps} = await services.blockchains.topUps.list({
      accountId: caller(ctx).account.id,
      asset: asset?.code,
      statuses: status === undefined ? undefined : topUpStatusesOf(status),
      from,
      to,
      ...page,
    })
    ctx.body = topUps.map((topUp) => {
      const decimals = services.assets.get(topUp.asset)?.decimals ?? 0
      const required = services.assets.network(topUp.asset, topUp.blockchain)?.confirmations ?? 1
      return depositView(topUp, decimals, required)
    })
  })
}
