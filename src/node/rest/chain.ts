/**
 * Deposits and withdrawals of the caller (CONTRACT §10 "User endpoints"):
 * GET /deposits/address/?asset=&network=, GET /deposits/, POST /withdrawals/, GET /withdrawals/,
 * GET /withdrawals/{id}/. A withdrawal needs an API key with `withdraw`, or a session with a fresh
 * two-factor code when two-factor is on; `client_withdrawal_id` makes it idempotent.
 */
import type {Context} from 'koa'
import {TOP_UP_STATUSES, type TopUp} from '../chain/top-ups.js'
import {WITHDRAWAL_STATUSES, type Withdrawal} from '../chain/withdrawal-row.js'
import {invalid} from '../errors.js'
import type {HttpDeps} from '../http/deps.js'
import {normalizeIp} from '../http/net.js'
import {formatAmount} from '../money.js'
import {optionalOneOf, requireString} from '../validate.js'
import {callerOf} from './caller.js'
import {bodyOf, pageOf, pathParam, queryParam} from '../http/query.js'

const decimalsOf = (deps: HttpDeps, asset: string): number => deps.services.assets.get(asset)?.decimals ?? 0

export const depositView = (deps: HttpDeps, entry: TopUp) => ({
  id: entry.id,
  asset: entry.asset,
  network: entry.blockchain,
  amount: formatAmount(entry.amount, decimalsOf(deps, entry.asset)),
  address: entry.address,
  tx_hash: entry.txHash,
  tx_index: entry.index,
  block_height: entry.blockHeight,
  status: entry.status,
  created_at: entry.detectedAt,
  updated_at: entry.updatedAt,
})

export const withdrawalView = (deps: HttpDeps, entry: Withdrawal) => ({
  id: entry.id,
  client_withdrawal_id: entry.clientWithdrawalId,
  asset: entry.asset,
  network: entry.blockchain,
  amount: formatAmount(entry.amount, decimalsOf(deps, entry.asset)),
  fee: formatAmount(entry.fee, decimalsOf(deps, entry.asset)),
  to_address: entry.toAddress,
  memo: entry.memo,
  tx_hash: entry.txHash,
  status: entry.status,
  awaiting_approval: entry.awaitingApproval,
  failure: entry.failure,
  waiting_for: entry.waitingFor,
  created_at: entry.createdAt,
  updated_at: entry.updatedAt,
})

/** GET /deposits/address/?asset=USDT&network=eth → {asset, network, address}. */
export function depositAddress(deps: HttpDeps) {
  return (ctx: Context): void => {
    const {account} = callerOf(ctx)
    const asset = requireString(queryParam(ctx, 'asset'), 'asset', 10).toUpperCase()
    const network = queryParam(ctx, 'network') ?? defaultNetwork(deps, asset)
    const {address, blockchain} = deps.services.blockchains.depositAddress(account.id, network, asset)
    ctx.body = {asset, network: blockchain, address}
  }
}

/** GET /deposits/?asset=&status=&limit=&offset= → {deposits, total}, newest first. */
export function listDeposits(deps: HttpDeps) {
  return (ctx: Context): void => {
    const {account} = callerOf(ctx)
    const status = optionalOneOf(queryParam(ctx, 'status'), TOP_UP_STATUSES, 'status')
    const {topUps, total} = deps.services.blockchains.topUps.list({accountId: account.id, status, ...pageOf(ctx, 100, 500)})
    ctx.body = {deposits: topUps.map((entry) => depositView(deps, entry)), total}
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
    const created = deps.services.blockchains.withdrawals.request({
      accountId: caller.account.id,
      blockchain: typeof network === 'string' ? network : '',
      asset,
      amount: body['amount'],
      toAddress: body['to_address'],
      memo: body['memo'],
      clientWithdrawalId: body['client_withdrawal_id'],
    })
    deps.logger.info({account_id: caller.account.id, withdrawal_id: created.id}, 'withdrawal requested')
    ctx.body = withdrawalView(deps, created)
  }
}

/** GET /withdrawals/?status=&limit=&offset= → {withdrawals, total}, newest first. */
export function listWithdrawals(deps: HttpDeps) {
  return (ctx: Context): void => {
    const {account} = callerOf(ctx)
    const status = optionalOneOf(queryParam(ctx, 'status'), WITHDRAWAL_STATUSES, 'status')
    const {withdrawals, total} = deps.services.blockchains.withdrawals.list({
      accountId: account.id,
      status,
      ...pageOf(ctx, 100, 500),
    })
    ctx.body = {withdrawals: withdrawals.map((entry) => withdrawalView(deps, entry)), total}
  }
}

/** GET /withdrawals/{id}/ → the caller's withdrawal (another account's is 404). */
export function getWithdrawal(deps: HttpDeps) {
  return (ctx: Context): void => {
    const {account} = callerOf(ctx)
    const id = pathParam(ctx, 'id')
    ctx.body = withdrawalView(deps, deps.services.blockchains.withdrawals.ofAccount(account.id, id))
  }
}

/** The asset's only network, when `network` was left out; refused when it has several. */
function defaultNetwork(deps: HttpDeps, asset: string): string {
  const networks = deps.services.assets.networks(asset).map((entry) => entry.network)
  if (networks.length === 1 && networks[0] !== undefined) return networks[0]
  throw invalid(`network is required: ${asset} is on ${networks.join(', ') || 'no network'}`)
}
