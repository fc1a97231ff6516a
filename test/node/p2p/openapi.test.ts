/**
 * Every /p2p/ path of the OpenAPI document is exercised against a live node, and each JSON answer
 * validates (ajv, JSON Schema 2020-12) against the schema documented for its path, method and status.
 */
import test, {type ExecutionContext} from 'ava'
import {Ajv2020} from 'ajv/dist/2020.js'
import type {ValidateFunction} from 'ajv'
import addFormatsModule from 'ajv-formats'
import type {TestNode} from '../../helpers/node.js'
import type {RestResponse} from '../../helpers/rest.js'
import {adminOf} from '../../helpers/admin-gateway.js'
import {call, p2pNode, sellAd, testClock, user, type User} from '../../helpers/p2p.js'

const clock = testClock()
let node: TestNode
let doc: {paths: Record<string, Record<string, {responses: Record<string, any>}>>; [key: string]: any}
const ajv = new Ajv2020({strict: false, allErrors: true})
// ajv-formats is CommonJS: its default export is the plugin itself at run time.
;(((addFormatsModule as unknown as {default?: unknown}).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => void)(ajv)
const seen = new Set<string>()
const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining']

test.before(async () => {
  node = await p2pNode(clock)
  doc = (await (await fetch(`${node.httpUrl}/api/v1/openapi.json`)).json()) as typeof doc
  ajv.addSchema(doc as object, 'openapi')
})
test.after.always(() => node?.close())

function resolve(value: any): any {
  if (!value || typeof value.$ref !== 'string') return value
  let target: any = doc
  for (const part of (value.$ref as string).replace(/^#\//, '').split('/')) target = target?.[part]
  return resolve(target)
}

/** Calls `path` (the document's template filled with `args`) and validates the answer. */
async function check(
  t: ExecutionContext,
  who: User,
  method: string,
  template: string,
  args: Record<string, string> = {},
  body?: unknown,
  expected = 200,
): Promise<RestResponse> {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => args[name]!)
  const answer = await call(node, who, method.toUpperCase(), path, body)
  const label = `${method} ${template} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`
  t.is(answer.status, expected, label)
  const response = resolve(doc.paths[template]?.[method]?.responses[String(answer.status)])
  t.truthy(response, `${label}: status not documented`)
  if (answer.status < 300) {
    for (const header of RATE_LIMIT_HEADERS) {
      t.truthy(answer.headers.get(header), `${label}: no ${header} header`)
      t.truthy(response?.headers?.[header], `${label}: ${header} not documented`)
    }
  }
  const ref = response?.content?.['application/json']?.schema?.$ref as string | undefined
  if (ref) {
    const validate: ValidateFunction = ajv.getSchema(`openapi${ref}`) ?? ajv.compile({$ref: `openapi${ref}`})
    t.true(validate(answer.body), `${label}: ${ajv.errorsText(validate.errors)}`)
  }
  seen.add(`${method} ${template}`)
  return answer
}

test('every documented 2xx answer of a P2P path names the rate-limit headers, as the other routes do', (t) => {
  for (const [path, methods] of Object.entries(doc.paths).filter(([path]) => path.startsWith('/p2p/'))) {
    for (const [method, operation] of Object.entries(methods)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!status.startsWith('2')) continue
        const headers = resolve(response)?.headers ?? {}
        t.deepEqual(
          RATE_LIMIT_HEADERS.filter((header) => resolve(headers[header]) === undefined),
          [],
          `${method} ${path} ${status}`,
        )
      }
    }
  }
})

test.serial('every P2P path answers as documented', async (t) => {
  await adminOf(node, 'arbitrator')
  const seller = await user(node, {USDT: '1000'})
  const buyer = await user(node)
  await node.admin.call('P2PService', 'SetReferenceRate', {asset: 'USDT', fiat: 'USD', rate: '1.01'})
  await check(t, buyer, 'get', '/p2p/payment-methods/')
  await check(t, buyer, 'get', '/p2p/reference-rates/')
  await check(t, seller, 'post', '/p2p/me/payment-methods/', {}, {payment_method: 'card', details: '4000 0000 0000 0002'})
  await check(t, seller, 'get', '/p2p/me/payment-methods/')
  await check(t, seller, 'delete', '/p2p/me/payment-methods/{method}/', {method: 'card'})
  await check(t, seller, 'delete', '/p2p/me/payment-methods/{method}/', {method: 'card'}, undefined, 404)

  const ad = await check(t, seller, 'post', '/p2p/advertisements/', {}, sellAd)
  const floating = {...sellAd, price_type: 'floating', premium_pct: '-1.5', price: undefined}
  await check(t, seller, 'post', '/p2p/advertisements/', {}, floating)
  await check(t, seller, 'post', '/p2p/advertisements/', {}, {...sellAd, payment_methods: []}, 400)
  const id = ad.body.id as string
  await check(t, buyer, 'get', '/p2p/advertisements/', {}, undefined)
  await check(t, buyer, 'get', '/p2p/advertisements/{id}/', {id})
  await check(t, seller, 'get', '/p2p/me/advertisements/')
  await check(t, seller, 'patch', '/p2p/advertisements/{id}/', {id}, {price: '1.01'})
  // Another's ad is as absent as an unknown one (docs/rest.md "Ids you may not reach").
  await check(t, buyer, 'patch', '/p2p/advertisements/{id}/', {id}, {price: '1.01'}, 404)

  const order = await check(t, buyer, 'post', '/p2p/orders/', {}, {advertisement_id: id, amount: '100'})
  const orderId = order.body.id as string
  await check(t, seller, 'delete', '/p2p/advertisements/{id}/', {id}, undefined, 409)
  await check(t, buyer, 'get', '/p2p/orders/')
  await check(t, buyer, 'get', '/p2p/orders/{id}/', {id: orderId})
  await check(t, buyer, 'post', '/p2p/orders/{id}/messages/', {id: orderId}, {text: 'too early'}, 409)
  await check(t, seller, 'post', '/p2p/orders/{id}/accept/', {id: orderId})
  await check(t, seller, 'post', '/p2p/orders/{id}/reject/', {id: orderId}, undefined, 409)
  await check(t, seller, 'post', '/p2p/orders/{id}/cancel/', {id: orderId}, undefined, 403)
  const message = await check(t, buyer, 'post', '/p2p/orders/{id}/messages/', {id: orderId}, {text: 'paying now'})
  t.is(message.body.text, 'paying now')
  await check(t, buyer, 'get', '/p2p/orders/{id}/messages/', {id: orderId})
  await check(t, buyer, 'post', '/p2p/orders/{id}/pay/', {id: orderId}, {payment_method: 'card'})
  await check(t, buyer, 'post', '/p2p/orders/{id}/feedback/', {id: orderId}, {rating: 5}, 409)
  await check(t, seller, 'post', '/p2p/orders/{id}/confirm/', {id: orderId})
  await check(t, buyer, 'post', '/p2p/orders/{id}/feedback/', {id: orderId}, {rating: 4, comment: 'ok'})
  await check(t, buyer, 'post', '/p2p/orders/{id}/dispute/', {id: orderId}, {reason: 'late'}, 409)
  await check(t, buyer, 'get', '/p2p/users/{id}/', {id: seller.account.id})

  const second = await check(t, buyer, 'post', '/p2p/orders/', {}, {advertisement_id: id, amount: '20'})
  await check(t, buyer, 'post', '/p2p/orders/{id}/cancel/', {id: second.body.id})
  const third = await check(t, buyer, 'post', '/p2p/orders/', {}, {advertisement_id: id, amount: '20'})
  await check(t, seller, 'post', '/p2p/orders/{id}/reject/', {id: third.body.id})
  const fourth = await check(t, buyer, 'post', '/p2p/orders/', {}, {advertisement_id: id, amount: '20'})
  await check(t, seller, 'post', '/p2p/orders/{id}/accept/', {id: fourth.body.id})
  await check(t, buyer, 'post', '/p2p/orders/{id}/pay/', {id: fourth.body.id}, {payment_method: 'bank_transfer'})
  await check(t, seller, 'post', '/p2p/orders/{id}/dispute/', {id: fourth.body.id}, {reason: 'no money'})

  const form = new FormData()
  form.append('file', new Blob([Buffer.from('%PDF-1.4\n%receipt\n')]), 'receipt.pdf')
  const upload = await fetch(`${node.httpUrl}/api/v1/p2p/orders/${fourth.body.id}/messages/`, {
    method: 'POST',
    headers: {Authorization: `Bearer ${buyer.token}`},
    body: form,
  })
  const uploaded = (await upload.json()) as {file: {id: string; type: string}}
  t.is(uploaded.file.type, 'application/pdf')
  const file = await fetch(`${node.httpUrl}/api/v1/p2p/orders/${fourth.body.id}/files/${uploaded.file.id}/`, {
    headers: {Authorization: `Bearer ${seller.token}`},
  })
  t.is(file.status, 200)
  t.is(file.headers.get('content-type'), 'application/pdf')
  for (const header of RATE_LIMIT_HEADERS) t.truthy(file.headers.get(header), `file: no ${header} header`)
  seen.add('get /p2p/orders/{id}/files/{file_id}/')

  await check(t, seller, 'delete', '/p2p/advertisements/{id}/', {
    id: (await check(t, seller, 'post', '/p2p/advertisements/', {}, sellAd)).body.id,
  })

  const documented = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/p2p/'))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`))
  t.deepEqual(
    documented.filter((operation) => !seen.has(operation)),
    [],
    'every documented P2P operation was exercised',
  )
})
