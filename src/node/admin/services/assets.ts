import type {AssetsServiceHandlers} from '../generated/exchange/admin/v1/AssetsService.js'
import type {UpdateAssetNetworkRequest__Output} from '../generated/exchange/admin/v1/UpdateAssetNetworkRequest.js'
import type {AdminContext} from '../context.js'
import {formatChainSettings, type ChainSettingsInput} from '../../assets/chain-settings.js'

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
      network_id: assets.addNetwork(req.asset, req.network, req.deposit_enabled, req.withdraw_enabled, {
        contract_address: req.contract_address,
        confirmations: req.confirmations,
        min_deposit: req.min_deposit,
        withdraw_fee: req.withdraw_fee,
        min_withdraw: req.min_withdraw,
        large_withdrawal: req.large_withdrawal,
        replace_after_blocks: req.replace_after_blocks,
      }),
    })),
    UpdateAssetNetwork: ctx.unary('UpdateAssetNetwork', (req) => {
      // proto3 optional: the virtual oneof names the field only when it was sent.
      assets.updateNetwork(
        req.network_id,
        req._deposit_enabled === 'deposit_enabled' ? req.deposit_enabled : undefined,
        req._withdraw_enabled === 'withdraw_enabled' ? req.withdraw_enabled : undefined,
        sentSettings(req),
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
              ...formatChainSettings(network, asset.decimals),
            })),
        })),
      }
    }),
  }
}

/** The chain settings a UpdateAssetNetwork request carries (proto3 optional: only the fields sent). */
function sentSettings(req: UpdateAssetNetworkRequest__Output): ChainSettingsInput {
  return {
    contract_address: req._contract_address ? req.contract_address : undefined,
    confirmations: req._confirmations ? req.confirmations : undefined,
    min_deposit: req._min_deposit ? req.min_deposit : undefined,
    withdraw_fee: req._withdraw_fee ? req.withdraw_fee : undefined,
    min_withdraw: req._min_withdraw ? req.min_withdraw : undefined,
    large_withdrawal: req._large_withdrawal ? req.large_withdrawal : undefined,
    replace_after_blocks: req._replace_after_blocks ? req.replace_after_blocks : undefined,
  }
}
