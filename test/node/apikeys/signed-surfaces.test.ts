/**
 * One signed-request check for every surface (apikeys/signed-request.ts): each refusal of the
 * order of docs/rest.md "Signed requests" — unknown key, IP not allowed, stale, bad signature, replayed, missing permission,
 * blocked account — is asked of REST v1 (headers, GET /orders/) and of the orders WebSocket (query,
 * before the handshake), and both answer the same status and code.
 */
import {randomUUID} from 'node:crypto'
import test from 'ava'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {freshTimestamp, setStatus, signed, trader, type Trader} from '../../helpers/rest.js'
import {ORDERS_PATH, connect, refusal, signedQuery, wsUrl} from '../../helpers/ws-clients.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

type Answer = {status: number; code: string | undefined}

/** How one surface is asked: a REST GET of /orders/ or the orders stream, signed by `who` as `options` say. */
type Surface = (who: Trader, options: {secret?: string; timestamp?: number; twice?: boolean}) => Promise<Answer>

const rest: Surface = async (who, {secret, timestamp, twice}) => {
  const options = {secret, timestamp: timestamp ?? freshTimestamp()}
  if (twice) await signed(node, who, 'GET', '/orders/', undefined, options)
  const response = await signed(node, who, 'GET', '/orders/', undefined, options)
  return {status: response.status, code: response.body?.error?.code}
}

const ws: Surface = async (who, {secret, timestamp, twice}) => {
  const url = wsUrl(node, `${ORDERS_PATH}?${signedQuery(who.apiKey, secret ?? who.apiSecret, timestamp)}`)
  if (twice) (await connect(url)).close()
  const refused = await refusal(url)
  return {status: refused.status, code: refused.body?.error?.code}
}

/** Each refusal: how the caller is made to fail, and the documented answer. */
const REFUSALS: {name: string; ask: (surface: Surface) => Promise<Answer>; expected: Answer}[] = [
  {
    name: 'unknown key',
    ask: async (surface) => surface({...(await trader(node)), apiKey: randomUUID().replaceAll('-', '')}, {}),
    expected: {status: 401, code: 'invalid_api_key'},
  },
  {
    name: 'IP not allowed',
    ask: async (surface) => surface(await trader(node, {}, ['read'], ['10.0.0.0/8']), {}),
    expected: {status: 403, code: 'permission_denied'},
  },
  {
    name: 'stale timestamp',
    ask: async (surface) => surface(await trader(node), {timestamp: Date.now() - 10_000}),
    expected: {status: 400, code: 'timestamp_outside_recv_window'},
  },
  {
    name: 'bad signature',
    ask: async (surface) => surface(await trader(node), {secret: 'not the secret'}),
    expected: {status: 403, code: 'invalid_signature'},
  },
  {
    name: 'replayed',
    ask: async (surface) => surface(await trader(node), {twice: true}),
    expected: {status: 400, code: 'replayed_request'},
  },
  {
    name: 'missing permission',
    ask: async (surface) => surface(await trader(node, {}, ['withdraw']), {}),
    expected: {status: 403, code: 'permission_denied'},
  },
  {
    name: 'blocked account',
    ask: async (surface) => {
      const who = await trader(node)
      setStatus(node, who.account, 'blocked')
      return surface(who, {})
    },
    expected: {status: 403, code: 'account_blocked'},
  },
]

for (const refusalCase of REFUSALS) {
  test(`${refusalCase.name}: REST and the WebSocket refuse alike`, async (t) => {
    t.deepEqual(await refusalCase.ask(rest), refusalCase.expected, 'REST')
    t.deepEqual(await refusalCase.ask(ws), refusalCase.expected, 'WebSocket')
  })
}

test('the same key signs in for both surfaces (the table above is not refusing everything)', async (t) => {
  const who = await trader(node)
  t.is((await signed(node, who, 'GET', '/orders/')).status, 200)
  const client = await connect(wsUrl(node, `${ORDERS_PATH}?${signedQuery(who.apiKey, who.apiSecret)}`))
  t.is(client.ws.readyState, client.ws.OPEN)
  client.close()
})
