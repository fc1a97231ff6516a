/**
 * Balances: GET /balances/ and POST /balances/transfer/.
 *
 * Sub-accounts (docs/account-flows.md "Sub-accounts"): a caller controls its own funding and trading
 * balance accounts and, as a master, those of its sub-accounts; it may read them and move funds out
 * of them. Funds may go to any balance account of the same family (the master and its
 * sub-accounts): master ↔ sub, sub ↔ sub of one master, and a sub-account (with an API key) to its
 * master or a sibling. Any other balance account — another account's, a system account, or an id that
 * never existed — is 404 `not_found` with one message (CONTRACT §3: the answer never confirms it exists).
 */
import type {Context} from 'koa'
import type {Account} from '../accounts/accounts.js'
import {ExchangeError, absent, invalid} from '../errors.js'
import type {HttpDeps} from '../services.js'
import {formatAmount, parsePositiveAmount} from '../money.js'
import {requireUuid} from '../validate.js'
import {callerOf} from './caller.js'
import {bodyOf, optionalUuid, queryParam} from '../http/query.js'

export type BalanceView = {
  asset: string
  available: string
  locked: string
  balance_account_id: string
  account_type: 'funding' | 'trading'
}

/** A user balance account the caller may use, with its owner. */
type Owned = {balanceAccountId: string; kind: 'funding' | 'trading'; owner: Account}

/** GET /balances/?balance_account_id → {balances}: every active asset (zero when untouched) and any other held asset. */
export function listBalances(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = callerOf(ctx)
    const filter = optionalUuid(queryParam(ctx, 'balance_account_id'), 'balance_account_id')
    const targets: Owned[] = filter
      ? [ownedBalanceAccount(deps, account, filter)]
      : [
          {balanceAccountId: account.fundingAccountId, kind: 'funding', owner: account},
          {balanceAccountId: account.tradingAccountId, kind: 'trading', owner: account},
        ]
    ctx.body = {balances: targets.flatMap((target) => balancesOf(deps, target))}
  }
}

/**
 * POST /balances/transfer/ {from_balance_account_id, to_balance_account_id, asset, amount}
 * → {transfer_id, status: "completed"}; one ledger transaction of type `balance_transfer`.
 */
export function transferBalance(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = callerOf(ctx)
    const body = bodyOf(ctx)
    const fromId = requireUuid(body['from_balance_account_id'], 'from_balance_account_id')
    const toId = requireUuid(body['to_balance_account_id'], 'to_balance_account_id')
    const asset = deps.services.assets.require(body['asset'])
    const amount = parsePositiveAmount(body['amount'], asset.decimals)
    if (fromId === toId) throw invalid('from_balance_account_id and to_balance_account_id must differ')
    const from = ownedBalanceAccount(deps, account, fromId)
    const to = familyBalanceAccount(deps, account, toId)
    // The caller's own status was checked by the middlewares; the other account's (a sub-account,
    // or the master of a calling sub-account) is checked here: its funds stay where they are.
    for (const {owner} of [from, to]) {
      if (owner.id === account.id) continue
      if (owner.status === 'blocked') throw new ExchangeError('account_blocked', `account ${owner.id} is blocked`)
      if (owner.status === 'restricted') throw new ExchangeError('account_restricted', `account ${owner.id} is restricted`)
    }
    const result = deps.services.ledger.transfer(from.balanceAccountId, to.balanceAccountId, asset.code, amount, {
      type: 'balance_transfer',
      operator: `account:${account.id}`,
    })
    ctx.body = {transfer_id: result.id, status: 'completed'}
  }
}

/** A balance account the caller controls: its own or one of its sub-accounts'. */
function ownedBalanceAccount(deps: HttpDeps, caller: Account, balanceAccountId: string): Owned {
  const target = userBalanceAccount(deps, caller, balanceAccountId)
  if (target.owner.id !== caller.id && target.owner.masterAccountId !== caller.id)
    throw absent('balance account', balanceAccountId)
  return target
}

/** A balance account of the caller's family: the caller, its master, or a sub-account of either. */
function familyBalanceAccount(deps: HttpDeps, caller: Account, balanceAccountId: string): Owned {
  const target = userBalanceAccount(deps, caller, balanceAccountId)
  if (familyOf(target.owner) !== familyOf(caller)) throw absent('balance account', balanceAccountId)
  return target
}

/** The funding or trading balance account with this id and its owner; 404 when there is none. */
function userBalanceAccount(deps: HttpDeps, caller: Account, balanceAccountId: string): Owned {
  const found = deps.services.ledger.getBalanceAccount(balanceAccountId)
  const missing = () => absent('balance account', balanceAccountId)
  if (!found || found.ownerId === null || (found.kind !== 'funding' && found.kind !== 'trading')) throw missing()
  const owner = found.ownerId === caller.id ? caller : deps.services.accounts.byId(found.ownerId)
  if (!owner) throw missing()
  return {balanceAccountId: found.id, kind: found.kind, owner}
}

/** The id of the master of an account's family (the account itself when it is not a sub-account). */
const familyOf = (account: Account): string => account.masterAccountId ?? account.id

function balancesOf(deps: HttpDeps, target: Owned): BalanceView[] {
  const {assets, ledger} = deps.services
  const rows = new Map(ledger.balancesOf(target.balanceAccountId).map((row) => [row.asset, row]))
  const codes = new Set([...assets.list(false).map((asset) => asset.code), ...rows.keys()])
  return [...codes].sort().map((code) => {
    const row = rows.get(code)
    const decimals = assets.get(code)?.decimals ?? 0
    return {
      asset: code,
      available: formatAmount(row?.available ?? 0n, decimals),
      locked: formatAmount(row?.locked ?? 0n, decimals),
      balance_account_id: target.balanceAccountId,
      account_type: target.kind,
    }
  })
}
