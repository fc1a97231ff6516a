import type {AssetsServiceHandlers} from '../generated/exchange/admin/v1/AssetsService.js'
import type {AdminContext} from '../context.js'

export function assetsHandlers(ctx: AdminContext): AssetsServiceHandlers {
  const {assets} = ctx.services
  return {
    CreateAsset: ctx.unary('CreateAsset', (req) => {
      assets.create(req.code, req.name, req.decimals)
      return {success: true}
    }),
    UpdateAsset: ctx.unary('UpdateAsset', (req) => {
      assets.update(req.code, req.name)
      return {success: true}
    }),
    SetAssetActive: ctx.unary('SetAssetActive', (req) => {
      assets.setActive(req.code, req.active)
      return {success: true}
    }),
    AddAssetNetwork: ctx.unary('AddAssetNetwork', (req) => ({
      network_id: assets.addNetwork(req.asset, req.network, req.deposit_enabled, req.withdraw_enabled),
    })),
    UpdateAssetNetwork: ctx.unary('UpdateAssetNetwork', (req) => {
      // proto3 optional: the virtual oneof names the field only when it was sent.
      assets.updateNetwork(
        req.network_id,
        req._deposit_enabled === 'deposit_enabled' ? req.deposit_enabled : undefined,
        req._withdraw_enabled === 'withdraw_enabled' ? req.withdraw_enabled : undefined,
      )
      return {success: true}
    }),
    ListAssets: ctx.unary('ListAssets', (req) => {
      const networks = assets.networks()
      return {
        assets: assets.list(req.include_inactive).map((asset) => ({
          code: asset.code,
          name: asset.name,
          decimals: asset.decimals,
          active: asset.active,
          networks: networks
            .filter((network) => network.asset === asset.code)
            .map((network) => ({
              id: network.id,
              network: network.network,
              deposit_enabled: network.depositEnabled,
              withdraw_enabled: network.withdrawEnabled,
            })),
        })),
      }
    }),
  }
}
