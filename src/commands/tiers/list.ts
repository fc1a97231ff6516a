import InfoTiers from '../info/tiers.js'

/** `info tiers` under the tiers topic. */
export default class TiersList extends InfoTiers {
  static override summary = 'List the tiers with their limits (InfoService.ListTiers).'
  static override examples = ['<%= config.bin %> tiers list', '<%= config.bin %> tiers list --json']
}
