/**
 * Compile-time checks of AdminClient's typing (run by `npm run typecheck`, not by ava): the protos'
 * generated types decide the request and response of each RPC, so drift fails to compile.
 */
import type {AdminClient} from '../../../src/node/admin/client.js'
import type {ListTiersResponse__Output} from '../../../src/node/admin/generated/exchange/admin/v1/ListTiersResponse.js'
import type {Alert__Output} from '../../../src/node/admin/generated/exchange/admin/v1/Alert.js'

export async function typed(admin: AdminClient): Promise<void> {
  const tiers: ListTiersResponse__Output = await admin.call('InfoService', 'ListTiers', {})
  const request = {email: 'a@example.com', tier_id: 't'}
  await admin.call('AccountsService', 'SetTier', request)
  const alerts = admin.stream('AlertsService', 'List', {status: 'open', follow: false})
  alerts.on('data', (alert: Alert__Output) => alert.id)
  // @ts-expect-error: no such method
  await admin.call('TiersService', 'ListTeirs', {})
  // @ts-expect-error: no such request field
  await admin.call('AccountsService', 'SetTier', {email: 'a@example.com', tier: 't'})
  const wrong = {email: 'a@example.com', tier: 't'}
  // @ts-expect-error: no such request field, also through a variable
  await admin.call('AccountsService', 'SetTier', wrong)
  // @ts-expect-error: wrong type of a request field
  await admin.call('AccountsService', 'SetAccountVIP', {email: 'a@example.com', is_vip: 'yes'})
  // @ts-expect-error: no such response field
  void (await admin.call('InfoService', 'ListTiers')).tier
  // @ts-expect-error: a streaming RPC is not called as unary
  await admin.call('AlertsService', 'List', {})
  // @ts-expect-error: a unary RPC is not streamed
  admin.stream('InfoService', 'ListTiers', {})
  void tiers
  // A method known only at run time (the AdminGateway proxy) resolves to unknown.
  const method: string = 'ListTiers'
  const dynamic: unknown = await admin.call('InfoService', method, {})
  void dynamic
}
