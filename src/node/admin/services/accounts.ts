import type {AccountsServiceHandlers} from '../generated/exchange/admin/v1/AccountsService.js'
import type {AdminContext} from '../context.js'
import type {Account} from '../../accounts/accounts.js'
import {invalid} from '../../ground/errors.js'
import {issueAccountToken} from '../../accounts/account-token.js'
import {formatAmount} from '../../ground/money.js'
import {parseOptionalTime} from '../../ground/time.js'
import {optionalOneOf, optionalString, page} from '../../ground/validate.js'
import {ORDER_STATUSES} from '../../orders/orders.js'
import {orderView} from '../../views/orders.js'
import {listAccountsHandler} from './accounts-list.js'

export function accountsHandlers(ctx: AdminContext): AccountsServiceHandlers {
  const {accounts, assets, ledger, tokens, trading, tickers} = ctx.services
  const decimalsOf = (asset: string) => assets.get(asset)?.decimals ?? 0

  return {
    CreateAccount: ctx.unary('CreateAccount', async (req) => {
      const account = await accounts.create(req.email, req.password)
      ctx.logger.info({account_id: account.id}, 'account created')
      return {id: account.id, email: account.email}
    }),

    CreateSubAccount: ctx.unary('CreateSubAccount', (req) => {
      if (req.master_email !== '' && req.master_account_id !== '') {
        throw invalid('give master_email or master_account_id, not both')
      }
      const master =
        req.master_account_id !== ''
          ? accounts.requireById(req.master_account_id, 'master_account_id')
          : accounts.byEmail(req.master_email)
      const sub = accounts.createSub(master, req.email)
      ctx.logger.info({account_id: sub.id, master_account_id: master.id}, 'sub-account created')
      return {
        id: sub.id,
        email: sub.email,
        tier_id: sub.tierId,
        funding_account_id: sub.fundingAccountId,
        trading_account_id: sub.tradingAccountId,
        master_account_id: master.id,
        status: sub.ownStatus,
        created_at: sub.createdAt,
      }
    }),

    LoginAccount: ctx.unary('LoginAccount', async (req) => {
      const account = await accounts.authenticate(req.email, req.password)
      const issued = await issueAccountToken({tokens}, account)
      return {token: issued.token, expires_in: issued.expiresIn}
    }),

    GetBalances: ctx.unary('GetBalances', (req) => {
      const account = accounts.byEmail(req.email)
      const balances = []
      for (const [accountType, balanceAccountId] of [
        ['funding', account.fundingAccountId],
        ['trading', account.tradingAccountId],
      ] as const) {
        const held = new Map(ledger.balancesOf(balanceAccountId).map((row) => [row.asset, row]))
        const codes = new Set([...assets.list(false).map((asset) => asset.code), ...held.keys()])
        for (const asset of [...codes].sort()) {
          const row = held.get(asset) ?? {available: 0n, locked: 0n}
          const decimals = decimalsOf(asset)
          balances.push({
            asset,
            amount: formatAmount(row.available + row.locked, decimals),
            account_type: accountType,
            available: formatAmount(row.available, decimals),
            locked: formatAmount(row.locked, decimals),
            balance_account_id: balanceAccountId,
          })
        }
      }
      return {balances}
    }),

    GetAccountDetails: ctx.unary('GetAccountDetails', (req) => details(accounts.byEmail(req.email))),

    SetTier: ctx.unary('SetTier', (req) => {
      accounts.setTier(req.email, req.tier_id)
      return {}
    }),

    ListOrders: ctx.unary('ListOrders', (req) => {
      const account = accounts.byEmail(req.email)
      const since = String(req.since_order_id ?? '0')
      const limit = String(req.limit ?? '0')
      const offset = String(req.offset ?? '0')
      if (!/^\d{1,15}$/.test(since)) throw invalid('since_order_id must be a non-negative integer')
      if (!/^\d{1,15}$/.test(offset)) throw invalid('offset must be a non-negative integer')
      if (!/^\d{1,15}$/.test(limit)) throw invalid('limit must be a non-negative integer')
      if (Number(limit) > 1000) throw invalid('limit must be at most 1000')
      const status = optionalOneOf(req.status, ORDER_STATUSES, 'status')
      const ticker = optionalString(req.ticker, 'ticker', 21)
      const {orders} = trading.listOrders({
        accountId: account.id,
        ticker: ticker === undefined ? undefined : tickers.require(ticker).symbol,
        status,
        sinceSeq: Number(since) || undefined,
        from: parseOptionalTime(req.start_time, 'start_time'),
        to: parseOptionalTime(req.end_time, 'end_time'),
        limit: Number(limit) || 100,
        offset: Number(offset),
      })
      return {
        orders: orders.map((order) => {
          const view = orderView(order)
          // proto3 strings have no null: empty when the order is no stop (or has not triggered).
          return {
            ...view,
            seq: String(order.seq),
            stop_price: view.stop_price ?? '',
            stop_direction: view.stop_direction ?? '',
            triggered_at: view.triggered_at ?? '',
          }
        }),
      }
    }),

    ChangeAccountStatus: ctx.unary('ChangeAccountStatus', (req) => {
      const account = accounts.changeStatus(req.email, req.status, req.status_comment)
      ctx.logger.info({account_id: account.id, status: account.ownStatus}, 'account status changed')
      return {}
    }),

    SetAccountVIP: ctx.unary('SetAccountVIP', (req) => {
      accounts.setVip(req.email, req.is_vip)
      return {}
    }),

    ListTransactions: ctx.unary('ListTransactions', (req) => {
      const account = accounts.byEmail(req.email)
      const asset = optionalString(req.asset, 'asset')
      const {limit, offset} = page(req.page)
      const {entries, total} = ledger.entries({
        balanceAccountIds: [account.fundingAccountId, account.tradingAccountId],
        asset: asset === undefined ? undefined : assets.require(asset).code,
        type: optionalString(req.type, 'type', 64),
        from: parseOptionalTime(req.start_time, 'start_time'),
        to: parseOptionalTime(req.end_time, 'end_time'),
        limit,
        offset,
      })
      return {
        transactions: entries.map((entry) => ({
          id: entry.id,
          type: entry.type,
          asset: entry.asset,
          amount: formatAmount(entry.amount, decimalsOf(entry.asset)),
          balance_account_id: entry.balanceAccountId,
          reference_id: entry.txId,
          created_at: entry.createdAt,
          bucket: entry.bucket,
          reason: entry.reason ?? '',
        })),
        page: {total},
      }
    }),

    ...listAccountsHandler(ctx),
  }
}

function details(account: Account) {
  return {
    id: account.id,
    email: account.email,
    tier_id: account.tierId,
    funding_account_id: account.fundingAccountId,
    trading_account_id: account.tradingAccountId,
    master_account_id: account.masterAccountId ?? '',
    // Its own status; a sub-account is also governed by its master's (see Account.status).
    status: account.ownStatus,
    status_comment: account.statusComment,
    is_vip: account.isVip,
    is_totp_enabled: account.isTotpEnabled,
    created_at: account.createdAt,
  }
}
