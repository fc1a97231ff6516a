/** Real `ws` clients against a test node: a message queue per socket, and refused upgrades as {status, body}. */
import WebSocket from 'ws'
import {sign} from '../../src/node/apikeys/signature.js'
import type {TestNode} from './node.js'
import {uniqueEmail} from './node.js'
import {freshTimestamp} from './rest.js'

export type Client = {
  ws: WebSocket
  /** Every message received so far, parsed. */
  messages: any[]
  /** Resolves with the next message not yet taken (in order), or rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<any>
  /** Resolves once the socket is closed, with the close code. */
  closed: Promise<number>
  close(): void
}

export const wsUrl = (node: TestNode, path: string): string => `ws://127.0.0.1:${node.ports.http}${path}`

/** Opens a socket and collects its messages from the first one. */
export function connect(url: string, options: WebSocket.ClientOptions = {}): Promise<Client> {
  const ws = new WebSocket(url, options)
  const messages: any[] = []
  let taken = 0
  const waiters: (() => void)[] = []
  ws.on('message', (data) => {
    messages.push(JSON.parse(data.toString()))
    for (const wake of waiters.splice(0)) wake()
  })
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))
  const client: Client = {
    ws,
    messages,
    closed,
    close: () => ws.close(),
    async next(timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs
      while (taken >= messages.length) {
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`no message within ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          waiters.push(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
      return messages[taken++]
    },
  }
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client))
    ws.once('error', reject)
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused with ${res.statusCode}`)))
  })
}

/** Expects the upgrade to be refused: its HTTP status and parsed JSON body. */
export function refusal(url: string, options: WebSocket.ClientOptions = {}): Promise<{status: number; body: any}> {
  const ws = new WebSocket(url, options)
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      ws.terminate()
      reject(new Error('expected the upgrade to be refused, but it was accepted'))
    })
    ws.once('unexpected-response', (_req, res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        resolve({status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined})
      })
    })
    ws.once('error', (error) => reject(error))
  })
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** A new account with `funds` (asset → amount) in its trading balance account. */
export async function trader(node: TestNode, funds: Record<string, string>) {
  const account = await node.services.accounts.create(uniqueEmail('ws'), 'password123')
  for (const [asset, amount] of Object.entries(funds)) {
    node.services.operations.topup(
      {balanceAccountId: account.tradingAccountId},
      {asset, amount, reason: 'test funding', operator: 'test'},
    )
  }
  return account
}

export const ORDERS_PATH = '/api/v1/exchange/ws/orders/'

/** The orders-stream query for a key: timestamp + "GET" + "/api/v1/exchange/ws/orders/", signed. */
export function signedQuery(apiKey: string, secret: string, timestamp = freshTimestamp()): string {
  const ts = String(timestamp)
  return `api_key=${apiKey}&timestamp=${ts}&signature=${sign(secret, ts + 'GET' + ORDERS_PATH)}`
}
