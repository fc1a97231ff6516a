/**
 * Listen keys (apikeys/listen-keys.ts) and the key-only check that admits their endpoints
 * (`SignedRequests.checkKey`): the steps of the one check without window, signature and replay.
 */
import test from 'ava'
import {LISTEN_KEY_TTL_MS, ListenKeys} from '../../../src/node/apikeys/listen-keys.js'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {setStatus, trader} from '../../helpers/rest.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const key = (id: string) => ({id, apiKey: `public-${id}`, accountId: `account-${id}`})

test('one listen key per API key: opening again keeps the same one alive 60 minutes more', (t) => {
  const keys = new ListenKeys()
  const first = keys.open(key('a'), 1000)
  t.regex(first, /^[0-9a-f]{60}$/)
  t.is(keys.open(key('a'), 2000), first)
  t.not(keys.open(key('b'), 2000), first)
  t.like(keys.resolve(first, 2000 + LISTEN_KEY_TTL_MS - 1), {apiKeyId: 'a', apiKey: 'public-a', accountId: 'account-a'})
  t.is(keys.resolve(first, 2000 + LISTEN_KEY_TTL_MS), undefined)
})

test('keep-alive and close need the listen key of that API key; each end is announced once', (t) => {
  const keys = new ListenKeys()
  const ended: string[] = []
  keys.onEnd((listenKey) => ended.push(listenKey))
  const listenKey = keys.open(key('a'), 0)
  t.false(keys.keepAlive(listenKey, 'b', 10))
  t.true(keys.keepAlive(listenKey, 'a', LISTEN_KEY_TTL_MS - 1))
  t.truthy(keys.resolve(listenKey, 2 * LISTEN_KEY_TTL_MS - 2))
  t.false(keys.close(listenKey, 'b', 10))
  t.true(keys.close(listenKey, 'a', 10))
  t.false(keys.close(listenKey, 'a', 10))
  t.deepEqual(ended, [listenKey])
  const expiring = keys.open(key('c'), 0)
  keys.sweep(LISTEN_KEY_TTL_MS)
  t.deepEqual(ended, [listenKey, expiring])
  t.is(keys.resolve(expiring, 0), undefined)
  t.not(keys.open(key('c'), LISTEN_KEY_TTL_MS), expiring)
})

test('checkKey: the key, its allow-list, the permission and the account, without a signature', async (t) => {
  const check = (apiKey: string, permission: 'read' | 'trade' = 'read', peerIp = '127.0.0.1') =>
    node.services.signedRequests.checkKey({apiKey, peerIp, permission})
  const reader = await trader(node, {}, ['read'])
  t.like(check(reader.apiKey), {ok: true, account: {id: reader.account.id}})
  t.like(check('0'.repeat(64)), {ok: false, code: 'invalid_api_key'})
  t.like(check(reader.apiKey, 'trade'), {ok: false, code: 'permission_denied'})
  const fenced = await trader(node, {}, ['read'], ['10.0.0.0/8'])
  t.like(check(fenced.apiKey), {ok: false, code: 'permission_denied'})
  t.like(check(fenced.apiKey, 'read', '10.1.2.3'), {ok: true})
  setStatus(node, reader.account, 'blocked')
  t.like(check(reader.apiKey), {ok: false, code: 'account_blocked'})
})
