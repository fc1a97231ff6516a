/**
 * Seeds a benchmark node over its admin gRPC API (the CLI's AdminClient, over the wire): accounts,
 * funds in their trading balance accounts, and an API key with `trade` and `read` each.
 */
import {randomUUID} from 'node:crypto'
import {AdminClient} from '../../src/node/admin/client.js'

export type SeededTrader = {accountId: string; email: string; tradingAccountId: string; apiKey: string; apiSecret: string}

/** Creates `count` funded traders with API keys (`funds`: asset → decimal amount in the trading account). */
export async function seedTraders(grpcAddress: string, count: number, funds: Record<string, string>): Promise<SeededTrader[]> {
  const admin = new AdminClient(grpcAddress, {operator: 'bench', timeoutMs: 120_000})
  try {
    const run = randomUUID().slice(0, 8)
    // Account creation hashes a password (scrypt on the thread pool): a few at a time.
    const traders: SeededTrader[] = []
    for (let start = 0; start < count; start += 8) {
      const batch = Array.from({length: Math.min(8, count - start)}, (_, i) =>
        seedOne(admin, `bench-${run}-${start + i}@example.com`, funds),
      )
      traders.push(...(await Promise.all(batch)))
    }
    return traders
  } finally {
    admin.close()
  }
}

async function seedOne(admin: AdminClient, email: string, funds: Record<string, string>): Promise<SeededTrader> {
  const created = await admin.call<{id: string}>('AccountsService', 'CreateAccount', {email, password: 'bench-password-1'})
  const details = await admin.call<{trading_account_id: string}>('AccountsService', 'GetAccountDetails', {email})
  for (const [asset, amount] of Object.entries(funds)) {
    await admin.call('OperationsService', 'ManualTopupBalanceAccount', {
      balance_account_id: details.trading_account_id,
      asset,
      amount,
      reason: 'benchmark funding',
      idempotency_key: randomUUID(),
    })
  }
  const key = await admin.call<{api_key: string; api_secret: string}>('APIKeysService', 'CreateAPIKey', {
    account_id: created.id,
    permissions: ['trade', 'read'],
    label: 'bench',
  })
  return {
    accountId: created.id,
    email,
    tradingAccountId: details.trading_account_id,
    apiKey: key.api_key,
    apiSecret: key.api_secret,
  }
}
