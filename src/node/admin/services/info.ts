import type {InfoServiceHandlers} from '../generated/exchange/admin/v1/InfoService.js'
import type {AdminContext} from '../context.js'
import {optionalString} from '../../ground/validate.js'
import {formatChainSettings} from '../../assets/chain-settings.js'
import {toTierMessage} from './tiers.js'
import {nodeStatus} from './node-status.js'

export function infoHandlers(ctx: AdminContext): InfoServiceHandlers {
  const {assets, tiers} = ctx.services
  return {
    ListTiers: ctx.unary('ListTiers', () => ({tiers: tiers.list().map(toTierMessage)})),
    ListNetworks: ctx.unary('ListNetworks', (req) => ({
      networks: assets.networks(optionalString(req.asset, 'asset')).map((network) => ({
        id: network.id,
        asset: network.asset,
        network: network.network,
        deposit_enabled: network.depositEnabled,
        withdraw_enabled: network.withdrawEnabled,
        ...formatChainSettings(network, assets.get(network.asset)?.decimals ?? 0),
      })),
    })),
    GetStatus: ctx.unary('GetStatus', () => nodeStatus(ctx)),
  }
}
