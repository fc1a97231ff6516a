/**
 * A chain's assets as its scanners, workers and hot-wallet views see them: each active asset with a
 * network on the chain, its contract, its unit on the chain (a token's `decimals()` once read; null
 * before) and the network's settings; and the hot wallet's balance of each, read from the node.
 */
import type {Assets, Network} from '../assets/assets.js'
import type {Logger} from '../ground/logger.js'
import {formatAmount} from '../ground/money.js'
import type {Blockchain, ChainAdapter} from './adapter.js'
import type {ChainAsset} from './deposits/scanner.js'
import type {TokenDecimals} from './tokens.js'
import {nativeAsset, nativeDecimals, toMinorUnits} from './units.js'

export type NetworkAsset = ChainAsset & {replaceAfterBlocks: number; depositEnabled: boolean; tokenWithoutContract: boolean}

/**
 * The chain's asset networks; `unit` is null for a token whose contract's decimals were not read yet
 * (it is then neither scanned nor sent). A token without a contract is left out unless `withUnset`.
 */
export function chainAssetsOf(assets: Assets, tokens: TokenDecimals, blockchain: Blockchain, withUnset = false): NetworkAsset[] {
  return assets
    .networks()
    .filter((network: Network) => network.network === blockchain && assets.get(network.asset)?.active)
    .filter((network) => withUnset || network.contractAddress !== '' || network.asset === nativeAsset(blockchain))
    .map((network) => {
      const contract = network.contractAddress === '' ? null : network.contractAddress
      return {
        tokenWithoutContract: contract === null && network.asset !== nativeAsset(blockchain),
        asset: network.asset,
        decimals: assets.get(network.asset)?.decimals ?? 0,
        contract,
        unit: contract === null ? nativeDecimals(blockchain) : (tokens.of(blockchain, contract) ?? null),
        confirmations: network.confirmations,
        replaceAfterBlocks: network.replaceAfterBlocks,
        minDeposit: network.minDeposit,
        depositEnabled: network.depositEnabled,
      }
    })
}

export type HotWalletBalance = {address: string; blockchain: Blockchain; asset: string; balance: string; error: string}

/**
 * The hot wallet's on-chain balance of each asset (ListHotWallets). A balance that cannot be read
 * (no contract, decimals unknown, the node's refusal) is reported for that asset alone: `balance`
 * empty, `error` why, and a warning in the log.
 */
export async function hotWalletBalances(
  adapter: ChainAdapter,
  blockchain: Blockchain,
  address: string,
  assets: NetworkAsset[],
  tokens: TokenDecimals,
  logger: Logger,
): Promise<HotWalletBalance[]> {
  const balances: HotWalletBalance[] = []
  for (const asset of assets) {
    const entry = {address, blockchain, asset: asset.asset}
    try {
      if (asset.tokenWithoutContract) throw new Error(`no ${asset.asset} token contract is set on this ${blockchain} network`)
      if (asset.unit === null && asset.contract !== null) {
        await tokens.read(adapter, [asset.contract])
        const unit = tokens.of(blockchain, asset.contract)
        if (unit === undefined)
          throw new Error(`decimals() of ${asset.contract}: ${tokens.failure(blockchain, asset.contract) ?? 'not read'}`)
        asset.unit = unit
      }
      if (asset.unit === null) throw new Error(`the unit of ${asset.asset} is not known`)
      const minor = toMinorUnits(await adapter.balance(address, asset.contract), asset.unit, asset.decimals)
      balances.push({...entry, balance: formatAmount(minor, asset.decimals), error: ''})
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      logger.warn({blockchain, asset: asset.asset, error: reason}, `hot-wallet balance of ${asset.asset} not read: ${reason}`)
      balances.push({...entry, balance: '', error: reason})
    }
  }
  return balances
}
