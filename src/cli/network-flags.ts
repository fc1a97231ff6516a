/**
 * The chain settings of an asset network (docs/blockchain.md "Connecting chains"), shared by `assets add-network` and
 * `assets update-network`: each flag is its request field in kebab-case.
 */
import {Flags} from '@oclif/core'
import type {Column} from './admin-command.js'

export const networkSettingFlags = {
  'contract-address': Flags.string({summary: 'Token contract address (ERC-20, TRC-20); empty for the native coin.'}),
  confirmations: Flags.integer({
    min: 0,
    summary: "Confirmations before a deposit is credited (0 = the chain's default: btc 2, eth 12, tron 19).",
  }),
  'min-deposit': Flags.string({summary: 'Smallest deposit credited; smaller ones are recorded as ignored.'}),
  'withdraw-fee': Flags.string({summary: 'Fee charged on each withdrawal, in the asset.'}),
  'min-withdraw': Flags.string({summary: 'Smallest withdrawal amount.'}),
  'large-withdrawal': Flags.string({
    summary: 'Withdrawals of at least this amount wait for `blockchain approve-withdrawal` (0 = never).',
  }),
  'replace-after-blocks': Flags.integer({
    min: 0,
    summary:
      "Blocks after which a withdrawal or hot-wallet transfer still not mined is replaced at a higher fee (0 = the chain's default: btc 6, eth 20; tron replaces at expiry).",
  }),
}

type SettingFlags = {
  'contract-address'?: string
  confirmations?: number
  'min-deposit'?: string
  'withdraw-fee'?: string
  'min-withdraw'?: string
  'large-withdrawal'?: string
  'replace-after-blocks'?: number
}

export type NetworkSettings = {
  contract_address?: string
  confirmations?: number
  min_deposit?: string
  withdraw_fee?: string
  min_withdraw?: string
  large_withdrawal?: string
  replace_after_blocks?: number
}

/** The request fields of the setting flags that were given (an omitted flag is left out). */
export function networkSettings(flags: SettingFlags): NetworkSettings {
  const settings: NetworkSettings = {}
  if (flags['contract-address'] !== undefined) settings.contract_address = flags['contract-address']
  if (flags.confirmations !== undefined) settings.confirmations = flags.confirmations
  if (flags['min-deposit'] !== undefined) settings.min_deposit = flags['min-deposit']
  if (flags['withdraw-fee'] !== undefined) settings.withdraw_fee = flags['withdraw-fee']
  if (flags['min-withdraw'] !== undefined) settings.min_withdraw = flags['min-withdraw']
  if (flags['large-withdrawal'] !== undefined) settings.large_withdrawal = flags['large-withdrawal']
  if (flags['replace-after-blocks'] !== undefined) settings.replace_after_blocks = flags['replace-after-blocks']
  return settings
}

/** A network row as the admin API answers it (AssetNetwork, InfoService's Network). */
type NetworkSettingsRow = {
  contract_address: string
  confirmations: number
  min_deposit: string
  withdraw_fee: string
  min_withdraw: string
  large_withdrawal: string
  replace_after_blocks: number
}

/** The chain-settings columns of `assets list` and `info networks`, named once. */
export function networkSettingColumns<Row extends NetworkSettingsRow>(): Column<Row>[] {
  return [
    ['contract', 'contract_address'],
    ['confirmations', (network) => network.confirmations || 'default'],
    'min_deposit',
    'withdraw_fee',
    'min_withdraw',
    ['large_withdrawal', (network) => (network.large_withdrawal === '0' ? '' : network.large_withdrawal)],
    ['replace_after', (network) => network.replace_after_blocks || 'at expiry'],
  ]
}
