/** GET /exchange/assets/: active assets in code order, each with all its networks and their switches. */
import type {PublicServices} from '../public-services.js'

export type NetworkView = {network: string; deposit_enabled: boolean; withdraw_enabled: boolean}
export type AssetView = {code: string; name: string; decimals: number; networks: NetworkView[]}

export function listAssets(assets: PublicServices['assets']): AssetView[] {
  const byAsset = new Map<string, NetworkView[]>()
  for (const network of assets.networks()) {
    const list = byAsset.get(network.asset) ?? []
    list.push({network: network.network, deposit_enabled: network.depositEnabled, withdraw_enabled: network.withdrawEnabled})
    byAsset.set(network.asset, list)
  }
  return assets
    .list(false)
    .map((asset) => ({code: asset.code, name: asset.name, decimals: asset.decimals, networks: byAsset.get(asset.code) ?? []}))
}
