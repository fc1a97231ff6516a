/**
 * The authenticated REST endpoints under /api/v1 (spec "Public REST", docs/rest.md "Endpoints"): the route table
 * with each endpoint's middlewares, in the validation order of docs/rest.md "Signed requests" — authentication (key,
 * window, signature, permission, blocked), StatusRestricted, the standard rate class, then
 * OrdersRateLimit. Handlers live in one file per noun.
 */
import type Router from '@koa/router'
import type {HttpDeps} from '../public-services.js'
import {getMe} from './accounts.js'
import {authenticate, refuseRestricted} from './auth.js'
import {listBalances, transferBalance} from './balances.js'
import {createWithdrawal, depositAddress, getDeposit, getWithdrawal, listDeposits, listWithdrawals} from './chain.js'
import {cancelAllOrders, cancelOrder, getOrder, getOrderByClientId, listOrders, placeOrder} from './orders.js'
import {ordersLimit, standardLimit} from './rate-limit.js'
import {createSubAccount, listSubAccounts} from './sub-accounts.js'
import {listTrades} from './trades.js'

export function restRoutes(router: Router, deps: HttpDeps): void {
  // Each takes an account session (Bearer or the exchange_session cookie) or a key with its permission.
  const read = authenticate(deps, {permission: 'read'})
  // Orders, and moving funds, which is not a read: with an API key they need `trade` (a session is enough).
  const trade = authenticate(deps, {permission: 'trade'})
  // Withdrawals need the `withdraw` permission (a session, with a fresh 2FA code when 2FA is on).
  const withdraw = authenticate(deps, {permission: 'withdraw'})
  const standard = standardLimit(deps)
  const orders = ordersLimit(deps)

  router.get('/accounts/me/', read, standard, getMe(deps))
  // Creating a sub-account changes state: with an API key it needs `trade`, like a transfer.
  router.post('/accounts/sub-accounts/', trade, standard, createSubAccount(deps))
  router.get('/accounts/sub-accounts/', read, standard, listSubAccounts(deps))
  router.post('/orders/place/', trade, refuseRestricted, orders, placeOrder(deps))
  router.post('/orders/cancel/', trade, orders, cancelOrder(deps))
  router.post('/orders/cancel-all/', trade, orders, cancelAllOrders(deps))
  router.get('/orders/', read, standard, listOrders(deps))
  router.get('/orders/by-client-id/:clientOrderId/', read, standard, getOrderByClientId(deps))
  router.get('/orders/:id/', read, standard, getOrder(deps))
  router.get('/trades/', read, standard, listTrades(deps))
  router.get('/balances/', read, standard, listBalances(deps))
  router.post('/balances/transfer/', trade, refuseRestricted, standard, transferBalance(deps))
  router.get('/deposits/address/', read, standard, depositAddress(deps))
  router.get('/deposits/', read, standard, listDeposits(deps))
  router.get('/deposits/:id/', read, standard, getDeposit(deps))
  router.post('/withdrawals/', withdraw, refuseRestricted, standard, createWithdrawal(deps))
  router.get('/withdrawals/', read, standard, listWithdrawals(deps))
  router.get('/withdrawals/:id/', read, standard, getWithdrawal(deps))
}
