/** Tiers by name or id: what `--tier` accepts, resolved with InfoService.ListTiers. */
import {Errors} from '@oclif/core'
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
