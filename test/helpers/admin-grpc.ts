/**
 * Small shared helpers of the admin gRPC tests: typed account creation, collecting a server stream,
 * picking one balance out of GetBalances. Not a test file (ava runs `*.test.ts` only).
 */
import type {ClientReadableStream} from '@grpc/grpc-js'
import type {Balance__Output} from '../../src/node/admin/generated/exchange/admin/v1/Balance.js'
import type {GetAccountDetailsResponse__Output} from '../../src/node/admin/generated/exchange/admin/v1/GetAccountDetailsResponse.js'
import type {GetBalancesResponse__Output} from '../../src/node/admin/generated/exchange/admin/v1/GetBalancesResponse.js'
import {uniqueEmail, type TestNode} from './node.js'

export const PASSWORD = 'correct horse battery'

/** An account made through CreateAccount, with its details. */
export async function createAccount(node: TestNode, prefix = 'user'): Promise<GetAccountDetailsResponse__Output> {
  const email = uniqueEmail(prefix)
  await node.admin.call('AccountsService', 'CreateAccount', {email, password: PASSWORD})
  return node.admin.call<GetAccountDetailsResponse__Output>('AccountsService', 'GetAccountDetails', {email})
}

export async function balances(node: TestNode, email: string): Promise<Balance__Output[]> {
  const response = await node.admin.call<GetBalancesResponse__Output>('AccountsService', 'GetBalances', {email})
  return response.balances
}

/** The one balance of `asset` in the `accountType` balance account, or undefined. */
export async function balanceOf(
  node: TestNode,
  email: string,
  asset: string,
  accountType: 'funding' | 'trading' = 'funding',
): Promise<Balance__Output | undefined> {
  return (await balances(node, email)).find((b) => b.asset === asset && b.account_type === accountType)
}

/**
 * Every message of a server stream until it ends; rejects with the stream's error, or (cancelling
 * the call) when the stream has not finished within `timeoutMs`.
 */
export function collect<T>(stream: ClientReadableStream<T>, timeoutMs = 3000): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const items: T[] = []
    const timer = setTimeout(() => {
      reject(new Error(`the stream did not finish within ${timeoutMs} ms (${items.length} messages received)`))
      stream.cancel()
    }, timeoutMs)
    stream.on('data', (item: T) => items.push(item))
    stream.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    stream.on('end', () => {
      clearTimeout(timer)
      resolve(items)
    })
  })
}

/** A random UUID that names nothing on the node. */
export const unknownUuid = (): string => crypto.randomUUID()
