/**
 * GET /exchange/assets/: active assets in code order, each with all its networks, their switches and
 * what a depositor or a withdrawer needs to know before moving funds (docs/market-data.md "GET
 * /exchange/assets/"): the smallest deposit credited, the confirmations it waits for, the withdrawal
 * fee, the smallest withdrawal and whether a withdrawal may carry a memo.
 */
import type {Blockchain} from '../chain/adapter.js'
import {nativeAsset} from '../chain/units.js'
import {formatAmount} from '../ground/money.js'
import type {PublicServices} from '../public-services.js'

export type NetworkView = {
  network: string
  deposit_enabled: boolean
  withdraw_enabled: boolean
  min_deposit: string
  confirmations: number
  withdraw_fee: string
  min_withdraw: string
  withdraw_memo: boolean
}
export type AssetView = {code: string; name: string; decimals: number; networks: NetworkView[]}

export function listAssets(assets: PublicServices['assets']): AssetView[] {
  const active = assets.list(false)
  const decimals = new Map(active.map((asset) => [asset.code, asset.decimals]))
  const byAsset = new Map<string, NetworkView[]>()
  for (const network of assets.networks()) {
    const places = decimals.get(network.asset)
    if (places === undefined) continue
    const list = byAsset.get(network.asset) ?? []
    list.push({
      network: network.network,
      deposit_enabled: network.depositEnabled,
      withdraw_enabled: network.withdrawEnabled,
      min_deposit: formatAmount(network.minDeposit, places),
      confirmations: network.confirmations,
      withdraw_fee: formatAmount(network.withdrawFee, places),
      min_withdraw: formatAmount(network.minWithdraw, places),
      withdraw_memo: carriesMemo(network.asset, network.network, network.contractAddress),
    })
    byAsset.set(network.asset, list)
  }
  return active.map((asset) => ({
    code: asset.code,
    name: asset.name,
    decimals: asset.decimals,
    networks: byAsset.get(asset.code) ?? [],
  }))
}

const BLOCKCHAINS: readonly string[] = ['btc', 'eth', 'tron'] satisfies Blockchain[]

/**
 * What a withdrawal's check allows (chain/withdrawals/request.ts): a memo goes on chain with the native
 * coin's payment; a token transfer has no place for one (and a token without a contract is not sent).
 */
function carriesMemo(asset: string, network: string, contractAddress: string): boolean {
  return contractAddress === '' && BLOCKCHAINS.includes(network) && asset === nativeAsset(network as Blockchain)
}
