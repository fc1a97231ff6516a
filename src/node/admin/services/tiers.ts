import type {TiersServiceHandlers} from '../generated/exchange/admin/v1/TiersService.js'
import type {AdminContext} from '../context.js'
import type {Tier} from '../../tiers/tiers.js'

export const toTierMessage = (tier: Tier) => ({id: tier.id, name: tier.name, limits: tier.limits, is_default: tier.isDefault})

export function tiersHandlers(ctx: AdminContext): TiersServiceHandlers {
  const {tiers} = ctx.services
  return {
    CreateTier: ctx.unary('CreateTier', (req) => ({tier_id: tiers.create(req.name, req.limits)})),
    UpdateTier: ctx.unary('UpdateTier', (req) => {
      tiers.update(req.tier_id, req.name, req.limits)
      return {success: true}
    }),
    DeleteTier: ctx.unary('DeleteTier', (req) => {
      tiers.delete(req.tier_id)
      return {success: true}
    }),
    GetDefaultTier: ctx.unary('GetDefaultTier', () => {
      const tier = tiers.getDefault()
      return {tier_id: tier.id, tier_name: tier.name}
    }),
    SetDefaultTier: ctx.unary('SetDefaultTier', (req) => {
      tiers.setDefault(req.tier_id)
      return {success: true}
    }),
  }
}
