/**
 * Deposits and withdrawals of the caller (docs/blockchain.md "User endpoints"):
 * GET /deposits/address/?asset=&network=, GET /deposits/, GET /deposits/{id}/, POST /withdrawals/,
 * GET /withdrawals/, GET /withdrawals/{id}/. A withdrawal needs an API key with `withdraw`, or a session with a fresh
 * two-factor code when two-factor is on; `client_withdrawal_id` makes it idempotent.
 */
import type {Context} from 'koa'
import {TOP_UP_STATUSES} from '../chain/deposits/top-ups.js'
import {WITHDRAWAL_STATUSES} from '../chain/withdrawals/row.js'
import {invalid} from '../ground/errors.js'
import type {HttpDeps} from '../public-services.js'
import {normalizeIp} from '../ground/net.js'
import {depositView, withdrawalView} from '../views/chain.js'
import {optionalOneOf, requireString, requireUuid} from '../ground/validate.js'
import {callerOf} from './caller.js'
import {bodyOf, pageOf, pathParam, queryParam} from '../http/query.js'

const decimalsOf =
  (deps: HttpDeps) =>
  (asset: string): number =>
    deps.services.assets.get(asset)?.decimals ?? 0

/** GET /deposits/address/?asset=USDT&network=eth → {asset, network, address}. */
export function depositAddress(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = callerOf(ctx)
    const asset = requireString(queryParam(ctx, 'asset'), 'asset', 10).toUpperCase()
    const network = queryParam(ctx, 'network') ?? defaultNetwork(deps, asset)
    const {address, blockchain} = await deps.services.blockchains.depositAddress(account.id, network, asset)
    ctx.body = {asset, network: blockchain, address}
  }
}

/** GET /deposits/?asset=&status=&limit=&offset= → {deposits, total}, newest first. */
export function listDeposits(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = callerOf(ctx)
    const status = optionalOneOf(queryParam(ctx, 'status'), TOP_UP_STATUSES, 'status')
    const {topUps, total} = await deps.services.blockchains.topUps.list({accountId: account.id, status, ...pageOf(ctx, 100, 500)})
    ctx.body = {deposits: topUps.map((entry) => depositView(entry, decimalsOf(deps))), total}
  }
}

/** GET /deposits/{id}/ → the caller's deposit (another account's is 404, as an unknown id). */
export function getDeposit(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = callerOf(ctx)
    const deposit = await deps.services.blockchains.topUps.ofAccount(account.id, requireUuid(pathParam(ctx, 'id'), 'id'))
    ctx.body = depositView(deposit, decimalsOf(deps))
  }
}

/** POST /withdrawals/ {asset, network, amount, to_address, memo?, client_withdrawal_id?, 2fa_code?}. */
export function createWithdrawal(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const caller = callerOf(ctx)
    const body = bodyOf(ctx)
    if (caller.via === 'jwt') {
      await deps.services.identity.twoFactor.requireIfEnabled(caller.account, body['2fa_code'], normalizeIp(ctx.ip))
    }
    const asset = requireString(body['asset'], 'asset', 10).toUpperCase()
    const network = body['network'] === undefined ? defaultNetwork(deps, asset) : body['network']
    const created = await deps.services.blockchains.withdrawals.request({
      accountId: caller.account.id,
      blockchain: typeof network === 'string' ? network : '',
      asset,
      amount: body['amount'],
      toAddress: body['to_address'],
      memo: body['memo'],
      clientWithdrawalId: body['client_withdrawal_id'],
    })
    deps.logger.info({account_id: caller.account.id, withdrawal_id: created.id}, 'withdrawal requested')
    ctx.body = withdrawalView(created, decimalsOf(deps))
  }
}

/** GET /withdrawals/?status=&limit=&offset= → {withdrawals, total}, newest first. */
export function listWithdrawals(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = callerOf(ctx)
    const status = optionalOneOf(queryParam(ctx, 'status'), WITHDRAWAL_STATUSES, 'status')
    const {withdrawals, total} = await deps.services.blockchains.withdrawals.list({
      accountId: account.id,
      status,
      ...pageOf(ctx, 100, 500),
    })
    ctx.body = {withdrawals: withdrawals.map((entry) => withdrawalView(entry, decimalsOf(deps))), total}
  }
}

/** GET /withdrawals/{id}/ → the caller's withdrawal (another account's is 404). */
export function getWithdrawal(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = callerOf(ctx)
    const id = pathParam(ctx, 'id')
    ctx.body = withdrawalView(await deps.services.blockchains.withdrawals.ofAccount(account.id, id), decimalsOf(deps))
  }
}

/** The asset's only network, when `network` was left out; refused when it has several. */
function defaultNetwork(deps: HttpDeps, asset: string): string {
  const networks = deps.services.assets.networks(asset).map((entry) => entry.network)
  if (networks.length === 1 && networks[0] !== undefined) return networks[0]
  throw invalid(`network is required: ${asset} is on ${networks.join(', ') || 'no network'}`)
}
