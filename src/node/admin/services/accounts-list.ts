/** AccountsService.ListAccounts (issue 14): find accounts by e-mail substring, status, id or balance account, paged. */
import type {AccountsServiceHandlers} from '../generated/exchange/admin/v1/AccountsService.js'
import type {AdminContext} from '../context.js'
import {ACCOUNT_STATUSES} from '../../accounts/accounts.js'
import {optionalOneOf, optionalString, page, requireUuid} from '../../ground/validate.js'

export function listAccountsHandler(ctx: AdminContext): Pick<AccountsServiceHandlers, 'ListAccounts'> {
  const {accounts} = ctx.services
  return {
    ListAccounts: ctx.unary('ListAccounts', (req) => {
      const {limit, offset} = page(req.page)
      const found = accounts.search({
        query: optionalString(req.query, 'query', 320),
        status: optionalOneOf(req.status, ACCOUNT_STATUSES, 'status'),
        id: req.account_id ? requireUuid(req.account_id, 'account_id') : undefined,
        balanceAccountId: req.balance_account_id ? requireUuid(req.balance_account_id, 'balance_account_id') : undefined,
        limit,
        offset,
      })
      return {
        accounts: found.accounts.map((account) => ({
          id: account.id,
          email: account.email,
          tier_id: account.tierId,
          status: account.status,
          is_vip: account.isVip,
          master_account_id: account.masterAccountId ?? '',
          created_at: account.createdAt,
        })),
        page: {total: found.total},
      }
    }),
  }
}
