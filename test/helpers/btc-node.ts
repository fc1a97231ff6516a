/**
 * An exchange node connected to a real Bitcoin Core RPC (litecoind regtest, test/helpers/litecoind.ts)
 * with a funded wallet of its own for sending deposits; the BTC network set for quick tests. The
 * exchange's RPC user may make only the calls docs/blockchain.md lists (`EXCHANGE_RPCS`). The
 * chains are driven pass by pass (`runOnce`): the timer is set far out.
 */
import {LITECOIN_REGTEST} from '../../src/node/chain/btc/address.js'
import {startLitecoind, type Litecoind} from './litecoind.js'
import {startTestNode, type TestNode} from './node.js'

export type BtcWorld = {chain: Litecoind; node: TestNode; funder: string}

export async function startBtcWorld(
  options: {txindex?: boolean; withdrawFee?: string; replaceAfterBlocks?: number; hotWalletFloors?: Record<string, string>} = {},
): Promise<BtcWorld> {
  const chain = await startLitecoind({txindex: options.txindex})
  await chain.call('createwallet', 'funder')
  const funder = (await chain.call('getnewaddress', '', 'bech32')) as string
  await chain.call('generatetoaddress', 101, funder)
  // The exchange connects as an RPC user allowed only the calls it documents (no scantxoutset).
  const node = await startTestNode({
    chain: {
      network: 'regtest',
      btcRpcUrl: chain.exchangeUrl,
      btcParams: LITECOIN_REGTEST,
      pollMs: 3_600_000,
      ...(options.hotWalletFloors === undefined ? {} : {hotWalletFloors: options.hotWalletFloors}),
    },
  })
  const {networks} = await node.admin.call<{networks: {id: string}[]}>('InfoService', 'ListNetworks', {asset: 'BTC'})
  await node.admin.call('AssetsService', 'UpdateAssetNetwork', {
    network_id: networks[0]?.id,
    confirmations: 2,
    min_deposit: '0.0001',
    withdraw_fee: options.withdrawFee ?? '0.0005',
    min_withdraw: '0.001',
    large_withdrawal: '0',
    ...(options.replaceAfterBlocks === undefined ? {} : {replace_after_blocks: options.replaceAfterBlocks}),
  })
  return {chain, node, funder}
}
