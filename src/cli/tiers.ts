/** Tiers by name or id: what `--tier` accepts, resolved with InfoService.ListTiers. */
import {Errors, Flags} from '@oclif/core'
import type {Tier__Output as Tier} from '../node/admin/generated/exchange/admin/v1/Tier.js'
import {EXIT_CODES} from './errors.js'

/** The tier whose id or name is `given` (an id wins; names compare without case). */
export async function resolveTier(
  listTiers: (request: Record<string, never>) => Promise<{tiers: Tier[]}>,
  given: string,
): Promise<Tier> {
  const {tiers} = await listTiers({})
  const tier =
    tiers.find((candidate) => candidate.id === given) ??
    tiers.find((candidate) => candidate.name.toLowerCase() === given.toLowerCase())
  if (!tier) {
    const names = tiers.map((candidate) => candidate.name).join(', ')
    throw new Errors.CLIError(`NOT_FOUND (not_found): no tier named or with id "${given}" (tiers: ${names})`, {
      exit: EXIT_CODES.not_found,
    })
  }
  return tier
}

/** `--tier NAME|ID` and, for scripts, `--tier-id ID`: at most one of them. */
export const tierFlags = {
  tier: Flags.string({summary: 'Tier name or id (see `info tiers`).', exclusive: ['tier-id']}),
  'tier-id': Flags.string({summary: 'Tier id (kept for scripts; --tier takes a name or an id).', exclusive: ['tier']}),
}

/**
 * The tier id the flags name: `--tier-id` as given (the node answers NOT_FOUND for an unknown one),
 * or the tier `--tier` names by name or id; `ask` prompts (or fails) when neither is given.
 */
export async function tierIdFrom(
  flags: {tier?: string; 'tier-id'?: string},
  listTiers: (request: Record<string, never>) => Promise<{tiers: Tier[]}>,
  ask: () => Promise<string>,
): Promise<string> {
  if (flags['tier-id'] !== undefined) return flags['tier-id']
  return (await resolveTier(listTiers, flags.tier ?? (await ask()))).id
}
