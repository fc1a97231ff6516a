/**
 * `GET /api/v3/account` (docs/binance-compat.md "Signed REST (/api/v3/...)"): the trading balance account as Binance's spot balances
 * `{asset, free, locked}`, the tier's fees, and what the key and the account may do. Deposits and
 * withdrawals move the funding balance account (the wallet endpoints under /sapi/v1, as /api/v1's):
 * `canWithdraw` is whether this key may ask for one.
 */
import type {Account} from '../accounts/accounts.js'
import type {SigningKey} from '../apikeys/apikeys.js'
import {formatAmount, parseDecimal} from '../ground/money.js'
import {illegal} from './errors.js'
import type {SignedKit} from './signed.js'

/** A fee rate ("0.001") in Binance's integer commission units (basis points), rounded down. */
function basisPoints(rate: string): number {
  const {units, scale} = parseDecimal(rate, 'fee')
  return Number((units * 10_000n) / 10n ** BigInt(scale))
}

export function accountRoutes({router, services, params, signed, caller}: SignedKit): void {
  router.get('/account', signed({permission: 'read'}), async (ctx) => {
    const query = params(ctx)
    const omit = query.optional('omitZeroBalances')
    if (omit !== undefined && omit !== 'true' && omit !== 'false') throw illegal('omitZeroBalances', 'true, false')
    query.done()
    const {account, key} = caller(ctx)
    const balances = (await services.balances.list(account, account.tradingAccountId))
      .filter((balance) => omit !== 'true' || balance.available > 0n || balance.locked > 0n)
      .map((balance) => ({
        asset: balance.asset,
        free: formatAmount(balance.available, balance.decimals),
        locked: formatAmount(balance.locked, balance.decimals),
      }))
    ctx.body = accountView(account, key, services.tiers.limitsOf(account.tierId), balances)
  })
}

function accountView(
  account: Account,
  key: SigningKey,
  fees: {makerFee: string; takerFee: string},
  balances: {asset: string; free: string; locked: string}[],
) {
  return {
    makerCommission: basisPoints(fees.makerFee),
    takerCommission: basisPoints(fees.takerFee),
    buyerCommission: 0,
    sellerCommission: 0,
    commissionRates: {maker: fees.makerFee, taker: fees.takerFee, buyer: '0', seller: '0'},
    canTrade: key.permissions.includes('trade') && account.status === 'active',
    canWithdraw: key.permissions.includes('withdraw') && account.status === 'active',
    canDeposit: true,
    brokered: false,
    requireSelfTradePrevention: false,
    preventSor: false,
    // The balances are as of this answer.
    updateTime: Date.now(),
    accountType: 'SPOT',
    balances,
    permissions: ['SPOT'],
  }
}
