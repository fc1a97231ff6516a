/**
 * Withdrawals on the Binance form (docs/binance-compat.md "Wallet (/sapi/v1/...)"), over the chain
 * module's: `POST /sapi/v1/capital/withdraw/apply` asks what `POST /api/v1/withdrawals/` asks — the
 * same checks, the same hold on the funding balance account, idempotent by `withdrawOrderId` as
 * `/api/v1` is by `client_withdrawal_id`, an API key with `withdraw` (no two-factor code: that is a
 * session's rule, docs/blockchain.md "Withdrawals") — and `GET /sapi/v1/capital/withdraw/history`
 * lists them in Binance's fields and status numbers.
 */
import type {Context} from 'koa'
import {ExchangeError} from '../ground/errors.js'
import type {Logger} from '../ground/logger.js'
import {coinParam, pageParams} from './deposits.js'
import {BinanceError, INSUFFICIENT_BALANCE, missing} from './errors.js'
import {timeRange} from './params.js'
import type {SignedKit} from './signed.js'
import {networkOf, unusable, withdrawalFilterOf, withdrawalView} from './wallet-views.js'

/** Binance's wallet refusals where they differ from the trading ones (errors.ts): the messages ccxt classifies. */
function walletRefusal(error: unknown): unknown {
  if (!(error instanceof ExchangeError)) return error
  // Binance's wallet code; the message is the one ccxt reads as InsufficientFunds.
  if (error.code === 'insufficient_funds') return new BinanceError(-4026, INSUFFICIENT_BALANCE)
  // ccxt reads this exact message as PermissionDenied (a restricted account may not withdraw).
  if (error.code === 'account_restricted') return new BinanceError(-1002, 'You are not authorized to execute this request.', 401)
  return error
}

export function withdrawalRoutes({router, services, params, signed, caller}: SignedKit, logger: Logger): void {
  const withdraw = signed({permission: 'withdraw'})
  const read = signed({permission: 'read'})

  router.post('/capital/withdraw/apply', withdraw, async (ctx: Context) => {
    const query = params(ctx)
    const asset = coinParam(query, services)
    const networkName = query.optional('network')
    const address = query.required('address')
    const addressTag = query.optional('addressTag')
    const amount = query.required('amount')
    const withdrawOrderId = query.optional('withdrawOrderId')
    query.done()
    if (!asset) throw missing('coin')
    const network = networkOf(asset, services.assets.networks(asset.code), networkName)
    const why = unusable(asset, network, await services.blockchains.connected())
    if (why !== undefined) throw new BinanceError(-1000, why)
    const {account} = caller(ctx)
    try {
      const created = await services.blockchains.withdrawals.request({
        accountId: account.id,
        blockchain: network.network,
        asset: asset.code,
        amount,
        toAddress: address,
        memo: addressTag,
        clientWithdrawalId: withdrawOrderId,
      })
      logger.info({account_id: account.id, withdrawal_id: created.id}, 'withdrawal requested')
      ctx.body = {id: created.id}
    } catch (error) {
      throw walletRefusal(error)
    }
  })

  router.get('/capital/withdraw/history', read, async (ctx: Context) => {
    const query = params(ctx)
    const asset = coinParam(query, services)
    const status = query.integer('status', 0, 6)
    const withdrawOrderId = query.optional('withdrawOrderId')
    const {from, to} = timeRange(query)
    const page = pageParams(query)
    query.done()
    const byStatus = status === undefined ? {} : withdrawalFilterOf(status)
    if (byStatus === undefined) {
      ctx.body = []
      return
    }
    const {withdrawals} = await services.blockchains.withdrawals.list({
      accountId: caller(ctx).account.id,
      asset: asset?.code,
      clientWithdrawalId: withdrawOrderId,
      from,
      to,
      ...byStatus,
      ...page,
    })
    ctx.body = withdrawals.map((withdrawal) => withdrawalView(withdrawal, services.assets.get(withdrawal.asset)?.decimals ?? 0))
  })
}
