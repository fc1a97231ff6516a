/**
 * The chain settings of an asset network (docs/blockchain.md "Connecting chains"): the token contract, the
 * confirmations a deposit needs, the smallest deposit credited, the withdrawal fee, the smallest
 * withdrawal and the amount from which a withdrawal waits for an operator's approval. Amounts are
 * decimal strings in the asset's units on the wire and minor units (TEXT) in the store.
 */
import {invalid} from '../ground/errors.js'
import {formatAmount, parseAmount} from '../ground/money.js'

export type ChainSettings = {
  /** Token contract in the chain's address form; '' for the chain's native coin. */
  contractAddress: string
  /** Confirmations before a deposit is credited (and a withdrawal counts as confirmed). */
  confirmations: number
  minDeposit: bigint
  withdrawFee: bigint
  minWithdraw: bigint
  /** Withdrawals of at least this amount wait for approval; 0 = never. */
  largeWithdrawal: bigint
  /**
   * Blocks after which an outgoing transaction still not mined is replaced at a higher fee (fee
   * bump: btc RBF, eth the same nonce). 0 on tron: a TRON transaction is replaced once it expired.
   */
  replaceAfterBlocks: number
}

/**
 * Wire form: every field optional; an absent field keeps the current (or default) value, as does ''
 * for the amounts and 0 for confirmations and replace_after_blocks; '' as contract_address means the native coin.
 */
export type ChainSettingsInput = {
  contract_address?: string
  confirmations?: number
  min_deposit?: string
  withdraw_fee?: string
  min_withdraw?: string
  large_withdrawal?: string
  replace_after_blocks?: number
}

export type ChainSettingsRow = {
  contract_address: string
  confirmations: number
  min_deposit: string
  withdraw_fee: string
  min_withdraw: string
  large_withdrawal: string
  replace_after_blocks: number
}

export const chainSettingsColumns = [
  'contract_address',
  'confirmations',
  'min_deposit',
  'withdraw_fee',
  'min_withdraw',
  'large_withdrawal',
  'replace_after_blocks',
] as const

/** Confirmations when none are set (docs/blockchain.md "Connecting chains"): btc 2, eth 12, tron 19; 1 for any other network. */
export const DEFAULT_CONFIRMATIONS: Readonly<Record<string, number>> = {btc: 2, eth: 12, tron: 19}

/**
 * Blocks before a transaction not mined is replaced at a higher fee when none are set
 * (docs/blockchain.md "Withdrawals"): btc 6, eth 20; tron none (a TRON transaction is replaced at its expiry).
 */
export const DEFAULT_REPLACE_AFTER_BLOCKS: Readonly<Record<string, number>> = {btc: 6, eth: 20}

/** Networks whose transactions are replaced at expiry rather than after a number of blocks. */
const REPLACED_AT_EXPIRY = new Set(['tron'])

const CONTRACT_FORMS: Readonly<Record<string, RegExp>> = {
  eth: /^0x[0-9a-fA-F]{40}$/,
  tron: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
}

export const toChainSettings = (row: ChainSettingsRow): ChainSettings => ({
  contractAddress: row.contract_address,
  confirmations: row.confirmations,
  minDeposit: BigInt(row.min_deposit),
  withdrawFee: BigInt(row.withdraw_fee),
  minWithdraw: BigInt(row.min_withdraw),
  largeWithdrawal: BigInt(row.large_withdrawal),
  replaceAfterBlocks: row.replace_after_blocks,
})

/** The settings as wire strings (AssetsService, InfoService). */
export function formatChainSettings(settings: ChainSettings, decimals: number): Required<ChainSettingsInput> {
  return {
    contract_address: settings.contractAddress,
    confirmations: settings.confirmations,
    min_deposit: formatAmount(settings.minDeposit, decimals),
    withdraw_fee: formatAmount(settings.withdrawFee, decimals),
    min_withdraw: formatAmount(settings.minWithdraw, decimals),
    large_withdrawal: formatAmount(settings.largeWithdrawal, decimals),
    replace_after_blocks: settings.replaceAfterBlocks,
  }
}

/**
 * Validates the given fields over `current` (a stored row, or {} for a new network) and returns the
 * column values in `chainSettingsColumns` order.
 */
export function parseChainSettings(
  input: ChainSettingsInput,
  network: string,
  decimals: number,
  current: Partial<ChainSettingsRow>,
): [string, number, string, string, string, string, number] {
  const amount = (field: keyof ChainSettingsInput & keyof ChainSettingsRow): string => {
    const value = input[field]
    if (value === undefined || value === '') return (current[field] as string | undefined) ?? '0'
    return parseAmount(value, decimals, field).toString()
  }
  let contract = current.contract_address ?? ''
  if (input.contract_address !== undefined) {
    contract = input.contract_address.trim()
    // Own keys only: a network named like an Object.prototype member ("constructor") has no form.
    const form = Object.hasOwn(CONTRACT_FORMS, network) ? CONTRACT_FORMS[network] : undefined
    if (contract !== '' && network === 'btc') throw invalid('contract_address is not used on btc')
    if (contract !== '' && (form ? !form.test(contract) : contract.length > 128)) {
      throw invalid(`contract_address is not a ${network} contract address`)
    }
  }
  let confirmations =
    current.confirmations ?? (Object.hasOwn(DEFAULT_CONFIRMATIONS, network) ? DEFAULT_CONFIRMATIONS[network] : undefined) ?? 1
  if (input.confirmations !== undefined && input.confirmations !== 0) {
    if (!Number.isInteger(input.confirmations) || input.confirmations < 1 || input.confirmations > 1000) {
      throw invalid('confirmations must be an integer from 1 to 1000')
    }
    confirmations = input.confirmations
  }
  let replaceAfter =
    current.replace_after_blocks ??
    (Object.hasOwn(DEFAULT_REPLACE_AFTER_BLOCKS, network) ? DEFAULT_REPLACE_AFTER_BLOCKS[network] : undefined) ??
    0
  if (input.replace_after_blocks !== undefined && input.replace_after_blocks !== 0) {
    if (REPLACED_AT_EXPIRY.has(network)) {
      throw invalid(`replace_after_blocks is not used on ${network}: a transaction is replaced once it expired`)
    }
    if (!Number.isInteger(input.replace_after_blocks) || input.replace_after_blocks < 1 || input.replace_after_blocks > 10_000) {
      throw invalid('replace_after_blocks must be an integer from 1 to 10000')
    }
    replaceAfter = input.replace_after_blocks
  }
  return [
    contract,
    confirmations,
    amount('min_deposit'),
    amount('withdraw_fee'),
    amount('min_withdraw'),
    amount('large_withdrawal'),
    replaceAfter,
  ]
}

/**
 * Settings of the bootstrapped networks: conservative limits, and the mainnet token contracts on a
 * mainnet node only (docs/blockchain.md "Connecting chains"): on testnet and regtest a token has no contract until
 * the operator sets one.
 */
export function bootstrapSettings(asset: string, network: string, chainNetwork = 'mainnet'): ChainSettingsInput {
  const settings = seededSettings(asset, network)
  if (chainNetwork !== 'mainnet') delete settings.contract_address
  return settings
}

function seededSettings(asset: string, network: string): ChainSettingsInput {
  const seeded: Record<string, ChainSettingsInput> = {
    'BTC/btc': {min_deposit: '0.00001', withdraw_fee: '0.0001', min_withdraw: '0.0005', large_withdrawal: '5'},
    'ETH/eth': {min_deposit: '0.001', withdraw_fee: '0.002', min_withdraw: '0.01', large_withdrawal: '100'},
    'TRX/tron': {min_deposit: '1', withdraw_fee: '1', min_withdraw: '10', large_withdrawal: '1000000'},
    'USDT/eth': {
      contract_address: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      min_deposit: '1',
      withdraw_fee: '5',
      min_withdraw: '10',
      large_withdrawal: '100000',
    },
    'USDT/tron': {
      contract_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      min_deposit: '1',
      withdraw_fee: '1',
      min_withdraw: '10',
      large_withdrawal: '100000',
    },
  }
  return seeded[`${asset}/${network}`] ?? {}
}
