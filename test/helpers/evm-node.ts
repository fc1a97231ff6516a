/**
 * An exchange node connected to a real EVM node (anvil, test/helpers/anvil.ts) with the test ERC-20
 * deployed and registered as USDT's `eth` contract. The scanners and workers are driven pass by
 * pass with `pass()` (their timer is set far out), so a test decides when blocks are read.
 */
import {JsonRpcProvider, Wallet, type Contract} from 'ethers'
import type {NodeConfig} from '../../src/node/ground/config.js'
import {deployToken, mined, send} from '../fixtures/erc20/token.js'
import {startAnvil, type Anvil} from './anvil.js'
import {collect} from './admin-grpc.js'
import {startTestNode, uniqueEmail, type TestNode} from './node.js'

/** anvil's account 0 (10,000 ETH on a fresh chain); it funds users and owns the token. */
export const ANVIL_KEY_0 = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

export type EvmWorld = {
  anvil: Anvil
  node: TestNode
  provider: JsonRpcProvider
  funder: Wallet
  token: Contract
  tokenAddress: string
  /** One pass of every scanner and worker of the node. */
  pass(): Promise<void>
  /** Mines `blocks` empty blocks. */
  mine(blocks: number): Promise<void>
  close(): Promise<void>
}

export async function startEvmWorld(
  options: {confirmations?: number; sweep?: boolean; dataDir?: string; config?: Partial<NodeConfig>} = {},
): Promise<EvmWorld> {
  const anvil = await startAnvil()
  const provider = new JsonRpcProvider(anvil.url, anvil.chainId, {staticNetwork: true, cacheTimeout: -1})
  const funder = new Wallet(ANVIL_KEY_0, provider)
  const token = await deployToken(funder, provider, 'USDT', 6)
  const tokenAddress = await token.getAddress()
  await send(provider, token, 'mint', funder.address, 1_000_000_000_000n)
  const node = await startNode(anvil, options)
  const world: EvmWorld = {
    anvil,
    node,
    provider,
    funder,
    token,
    tokenAddress,
    pass: () => world.node.services.blockchains.runOnce(),
    mine: async (blocks) => {
      await anvil.rpc('anvil_mine', [`0x${blocks.toString(16)}`])
    },
    close: async () => {
      await world.node.close()
      provider.destroy()
      await anvil.stop()
    },
  }
  await configureNetworks(world, options.confirmations ?? 3)
  return world
}

/** Starts (or restarts, on `dataDir`) a node connected to `anvil`; `config` for any other setting. */
export function startNode(
  anvil: Anvil,
  options: {sweep?: boolean; dataDir?: string; config?: Partial<NodeConfig>},
): Promise<TestNode> {
  return startTestNode({
    ...options.config,
    ...(options.dataDir === undefined ? {} : {dataDir: options.dataDir}),
    chain: {
      network: 'regtest',
      ethRpcUrl: anvil.url,
      ethChainId: anvil.chainId,
      pollMs: 3_600_000,
      sweep: options.sweep ?? false,
    },
  })
}

/** ETH and USDT on eth: `confirmations`, no minimums or fees unless a test sets them, USDT at the test token. */
async function configureNetworks(world: EvmWorld, confirmations: number): Promise<void> {
  const {networks} = await world.node.admin.call<{networks: {id: string; asset: string; network: string}[]}>(
    'InfoService',
    'ListNetworks',
    {},
  )
  for (const network of networks.filter((entry) => entry.network === 'eth')) {
    await world.node.admin.call('AssetsService', 'UpdateAssetNetwork', {
      network_id: network.id,
      confirmations,
      min_deposit: '0',
      withdraw_fee: '0',
      min_withdraw: '0',
      large_withdrawal: '0',
      ...(network.asset === 'USDT' ? {contract_address: world.tokenAddress} : {}),
    })
  }
}

/** The network id of an asset on eth. */
export async function ethNetworkId(world: EvmWorld, asset: string): Promise<string> {
  const {networks} = await world.node.admin.call<{networks: {id: string; asset: string; network: string}[]}>(
    'InfoService',
    'ListNetworks',
    {asset},
  )
  const network = networks.find((entry) => entry.network === 'eth')
  if (!network) throw new Error(`${asset} has no eth network`)
  return network.id
}

/** A new exchange account and its eth deposit address. */
export async function depositor(world: EvmWorld): Promise<{id: string; email: string; address: string}> {
  const email = uniqueEmail('depositor')
  const {id} = await world.node.admin.call<{id: string}>('AccountsService', 'CreateAccount', {
    email,
    password: 'correct horse battery',
  })
  const {address} = await world.node.admin.call<{address: string}>('BlockchainService', 'GetDepositAddress', {
    account_id: id,
    blockchain: 'eth',
    asset: 'ETH',
  })
  return {id, email, address}
}

/** Sends native ETH from the funder; returns the mined transaction hash. */
export async function sendEth(world: EvmWorld, to: string, wei: bigint): Promise<string> {
  const tx = await world.funder.sendTransaction({to, value: wei})
  await mined(world.provider, tx.hash)
  return tx.hash
}

/** Sends test USDT from the funder; returns the mined transaction hash. */
export async function sendUsdt(world: EvmWorld, to: string, units: bigint): Promise<string> {
  return (await send(world.provider, world.token, 'transfer', to, units)).hash
}

/** The account's funding balance of an asset as the admin API shows it. */
export async function funding(world: EvmWorld, email: string, asset: string): Promise<{available: string; locked: string}> {
  const {balances} = await world.node.admin.call<{
    balances: {asset: string; account_type: string; available: string; locked: string}[]
  }>('AccountsService', 'GetBalances', {email})
  const row = balances.find((entry) => entry.asset === asset && entry.account_type === 'funding')
  return {available: row?.available ?? '0', locked: row?.locked ?? '0'}
}

/** The account's top-ups, newest first. */
export async function topUps(
  world: EvmWorld,
  accountId: string,
): Promise<{id: string; status: string; amount: string; asset: string; tx_hash: string}[]> {
  const {topups} = await world.node.admin.call<{
    topups: {id: string; status: string; amount: string; asset: string; tx_hash: string}[]
  }>('BlockchainService', 'ListTopUps', {account_id: accountId})
  return topups
}

export async function ledgerOk(world: EvmWorld): Promise<boolean> {
  const report = await world.node.admin.call<{ok: boolean}>('LedgerService', 'VerifyLedger', {})
  return report.ok
}

/** Every alert of the node (AlertsService.List, a server stream). */
export function alerts(world: EvmWorld): Promise<{type: string; payload: string}[]> {
  return collect(world.node.admin.stream<{type: string; payload: string}>('AlertsService', 'List', {}))
}
