/**
 * Methods a path does not take answer 405 with the error body of docs/rest.md "Errors" on both HTTP listeners:
 * a known method on the wrong path (with `Allow`) and a method no route takes (TRACE), which the
 * router alone answered 501 with a bare text body.
 */
import http from 'node:http'
import test from 'ava'
import {startTestNode, type TestNode} from '../../helpers/node.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.stop()
})

/** One request with any method (fetch refuses TRACE), the status, headers and parsed body. */
function request(port: number, method: string, path: string): Promise<{status: number; allow?: string; body: unknown}> {
  return new Promise((resolve, reject) => {
    const req = http.request({host: '127.0.0.1', port, method, path}, (res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
      res.on('end', () => {
        let body: unknown = text
        try {
          body = JSON.parse(text)
        } catch {
          // not JSON: kept as text, and the assertion below says so
        }
        resolve({status: res.statusCode ?? 0, allow: res.headers.allow, body})
      })
    })
    req.on('error', reject)
    req.end()
  })
}

const refusal = (method: string, path: string) => ({
  error: {code: 'method_not_allowed', message: `${method} is not allowed on ${path}`},
})

for (const [listener, paths] of [
  ['public', ['/api/v1/orders/place/', '/api/v1/exchange/tickers/']],
  ['admin gateway', ['/auth/sign-in/']],
] as const) {
  test(`${listener}: a method the path does not take, and TRACE, are 405 with the error body`, async (t) => {
    const port = listener === 'public' ? node.ports.http : node.ports.adminHttp
    for (const path of paths) {
      const wrong = await request(port, path.includes('place') || path.includes('sign-in') ? 'DELETE' : 'PATCH', path)
      t.is(wrong.status, 405, path)
      t.truthy(wrong.allow, `${path}: Allow names what the path takes`)
      t.deepEqual(wrong.body, refusal(path.includes('place') || path.includes('sign-in') ? 'DELETE' : 'PATCH', path))
      const trace = await request(port, 'TRACE', path)
      t.is(trace.status, 405, `TRACE ${path}`)
      t.deepEqual(trace.body, refusal('TRACE', path))
    }
  })
}
