import test from 'ava'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {assertError, signed, trader} from '../../helpers/rest.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

test('insufficient_funds on an order names the trading balance and what it holds, and points at /balances/transfer/ from funding', async (t) => {
  const alice = await trader(node)
  // Funds on funding (where deposits land) are not usable by orders until moved.
  node.services.operations.topup(
    {balanceAccountId: alice.account.fundingAccountId},
    {asset: 'USDT', amount: '1000', reason: 'test', operator: 'test'},
  )
  const response = await signed(node, alice, 'POST', '/orders/place/', {
    ticker: 'BTC-USDT',
    side: 'buy',
    type: 'limit',
    price: '20000',
    qty: '0.01',
  })
  assertError(t, response, 400, 'insufficient_funds')
  const {message} = response.body.error
  t.regex(message, /trading balance has 0 USDT available and the order needs 200/)
  t.regex(message, /from funding with POST \/api\/v1\/balances\/transfer\//)

  const seller = await trader(node, {BTC: '0.001'})
  const sell = await signed(node, seller, 'POST', '/orders/place/', {
    ticker: 'BTC-USDT',
    side: 'sell',
    type: 'limit',
    price: '20000',
    qty: '0.002',
  })
  assertError(t, sell, 400, 'insufficient_funds')
  t.regex(sell.body.error.message, /trading balance has 0.001 BTC available and the order needs 0.002/)
})

test('an X-Timestamp in seconds is refused with a message that says milliseconds', async (t) => {
  const alice = await trader(node)
  const response = await signed(node, alice, 'GET', '/orders/', undefined, {timestamp: Math.floor(Date.now() / 1000)})
  assertError(t, response, 400, 'timestamp_outside_recv_window')
  t.is(response.body.error.message, 'X-Timestamp must be in milliseconds since the epoch (got seconds?)')
})

test("the outbox gives a sign-up's verification code as a field, over the admin API too", async (t) => {
  const email = `codes-${Date.now()}@example.com`
  const phone = '+14155550123'
  const signUp = await fetch(`${node.httpUrl}/api/v1/auth/sign-up/`, {
    method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({email, password: 'correct horse battery', phone}),
  })
  t.is(signUp.status, 200)
  const [mail] = node.services.outbox.list({channel: 'email', to: email, limit: 1})
  const [sms] = node.services.outbox.list({channel: 'sms', to: phone, limit: 1})
  t.regex(mail!.code, /^\d{6}$/)
  t.regex(sms!.code, /^\d{6}$/)
  t.true(mail!.body.includes(mail!.code))
  t.true(sms!.body.includes(sms!.code))
  const listed = await node.admin.call('OutboxService', 'ListOutbox', {channel: 'email', to: email, limit: 1})
  t.is(listed.messages[0]!.code, mail!.code)
})
