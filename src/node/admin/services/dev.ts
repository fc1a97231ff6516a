/**
 * DevService (issue 14): `exchange dev seed` for a local try-out. Refused (FAILED_PRECONDITION)
 * unless the node was started with --dev. Each demo user is created, funded and keyed through the
 * same services the operator RPCs use: the funds are manual top-ups posted to the ledger (decimal
 * strings, journalled with a reason), never a write of a balance.
 */
import {randomBytes, randomUUID} from 'node:crypto'
import type {DevServiceHandlers} from '../generated/exchange/admin/v1/DevService.js'
import type {AdminContext} from '../context.js'
import {ExchangeError, invalid} from '../../ground/errors.js'

/** What each demo user's trading balance is credited with (assets the node bootstraps). */
export const DEMO_FUNDS = [
  {asset: 'USDT', value: '100000'},
  {asset: 'BTC', value: '2'},
  {asset: 'ETH', value: '20'},
] as const

const MAX_USERS = 20

export function devHandlers(ctx: AdminContext): DevServiceHandlers {
  const {accounts, apiKeys, operations} = ctx.services
  return {
    Seed: ctx.unary('Seed', async (req, call) => {
      if (!ctx.runtime.dev) {
        throw new ExchangeError('failed_precondition', 'dev seed needs a node started with --dev (EXCHANGE_DEV=true)')
      }
      const count = req.users || 2
      if (!Number.isInteger(count) || count < 1 || count > MAX_USERS) throw invalid(`users must be from 1 to ${MAX_USERS}`)
      const operator = ctx.operatorOf(call.metadata)
      const users = []
      for (let n = 0; n < count; n++) {
        const email = `demo-${randomBytes(4).toString('hex')}@example.com`
        const password = randomBytes(12).toString('base64url')
        const account = await accounts.create(email, password)
        const trading = operations.balanceAccount(account.tradingAccountId)
        for (const {asset, value} of DEMO_FUNDS) {
          operations.topup(trading, {asset, amount: value, reason: 'dev seed', operator, idempotencyKey: randomUUID()})
        }
        const key = apiKeys.create(account.id, ['trade', 'read'], 'dev seed')
        users.push({
          account_id: account.id,
          email,
          password,
          api_key: key.apiKey,
          api_secret: key.apiSecret,
          funded: DEMO_FUNDS.map(({asset, value}) => ({asset, value})),
        })
      }
      ctx.logger.info({users: users.map((user) => user.account_id)}, 'dev seed: demo users created')
      return {users}
    }),
  }
}
