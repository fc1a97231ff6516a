/**
 * A TRON user's wallet against test/helpers/tron-server.ts, the way a real wallet works: the node
 * builds the transaction, TronWeb (an implementation independent of ours) signs it, the node
 * broadcasts it.
 */
import {utils} from 'tronweb'
import {tronToHex} from '../../src/node/chain/tron/address.js'
import type {TronTestServer} from './tron-server.js'

export type TronKey = {privateKey: string; address: string}

export async function post(server: TronTestServer, path: string, body: object): Promise<any> {
  const response = await fetch(server.url + path, {method: 'POST', body: JSON.stringify(body)})
  return response.json()
}

/** Sends TRX (`contract` null) or a TRC-20 token from `from`; returns the txID. */
export async function walletSends(
  server: TronTestServer,
  from: TronKey,
  to: string,
  amount: bigint,
  contract: string | null,
): Promise<string> {
  const owner_address = tronToHex(from.address)
  const tx = contract
    ? (
        await post(server, '/wallet/triggersmartcontract', {
          owner_address,
          contract_address: tronToHex(contract),
          function_selector: 'transfer(address,uint256)',
          parameter: '0'.repeat(24) + tronToHex(to).slice(2) + amount.toString(16).padStart(64, '0'),
          fee_limit: 100_000_000,
        })
      ).transaction
    : await post(server, '/wallet/createtransaction', {owner_address, to_address: tronToHex(to), amount: Number(amount)})
  const answer = await post(server, '/wallet/broadcasttransaction', utils.crypto.signTransaction(from.privateKey, tx))
  if (answer.result !== true) throw new Error(`transfer refused: ${JSON.stringify(answer)}`)
  return tx.txID
}
