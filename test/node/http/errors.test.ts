/**
 * The HTTP error table (http/errors.ts) for the refusals that say when to come back: `Unavailable`
 * (a cluster edge whose sequencer is away, docs/cluster.md "Commands") is 503 with `Retry-After` and the error
 * body; `RetryLater` stays 429 with `Retry-After`; a plain `unavailable` (a node shutting down) is 503.
 */
import http from 'node:http'
import type {AddressInfo} from 'node:net'
import test from 'ava'
import Koa from 'koa'
import {errorBody} from '../../../src/node/http/errors.js'
import {ExchangeError, RetryLater, Unavailable} from '../../../src/node/ground/errors.js'

async function answer(thrown: Error): Promise<{status: number; retryAfter: string | null; body: unknown}> {
  const app = new Koa()
  app.use(errorBody(() => 'id'))
  app.use(() => {
    throw thrown
  })
  const server = http.createServer(app.callback())
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`)
    return {status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json()}
  } finally {
    server.close()
  }
}

test('Unavailable is 503 with Retry-After and {"error":{"code":"unavailable"}}', async (t) => {
  const got = await answer(new Unavailable('no sequencer is answering commands; nothing was done', 1))
  t.is(got.status, 503)
  t.is(got.retryAfter, '1')
  t.deepEqual(got.body, {error: {code: 'unavailable', message: 'no sequencer is answering commands; nothing was done'}})
})

test('RetryLater stays 429 with its Retry-After', async (t) => {
  const got = await answer(new RetryLater('too many requests', 3))
  t.is(got.status, 429)
  t.is(got.retryAfter, '3')
})

test('a plain unavailable is 503 without Retry-After', async (t) => {
  const got = await answer(new ExchangeError('unavailable', 'the node is shutting down; nothing was done'))
  t.is(got.status, 503)
  t.is(got.retryAfter, null)
})
