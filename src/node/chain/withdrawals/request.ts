/**
 * What a withdrawal request must be before anything is held (docs/blockchain.md "Withdrawals"): a known
 * chain with a node, an asset with an enabled network (a token with its contract set), a valid
 * address that is not the exchange's own, a memo where the chain has a place for one, and an amount
 * at or above the minimum that the chain's unit can carry exactly, within the tier's 24-hour limit.
 * Refusals are `invalid_argument`, `not_found`, `failed_precondition` or `chain_unavailable`;
 * nothing is written.
 */
import type {Asset, Assets, Network} from '../../assets/assets.js'
import {ExchangeError, invalid, notFound, precondition} from '../../ground/errors.js'
import type {Db} from '../../store/database.js'
import type {Tiers} from '../../tiers/tiers.js'
import {formatAmount, parsePositiveAmount} from '../../ground/money.js'
import {optionalString, requireString} from '../../ground/validate.js'
import {MAX_BTC_MEMO_BYTES, type Blockchain} from '../adapter.js'
import {nativeAsset} from '../units.js'

export type WithdrawalRequest = {
  accountId: string
  blockchain: string
  asset: string
  amount: unknown
  toAddress: unknown
  memo?: unknown
  clientWithdrawalId?: unknown
}

/** What the checks read: the assets and the chains' answers about addresses and units. */
export type WithdrawalChecks = {
  assets: Assets
  /** Whether the chain has a node to send through (a chain without a URL only issues addresses). */
  connected: (blockchain: Blockchain) => boolean
  /** Checks an address's form, checksum and network for the chain. */
  isValidAddress: (blockchain: Blockchain, address: string) => boolean
  /** Whether the amount can be sent exactly in the chain's unit of the asset (a token may have fewer decimals). */
  fitsChainUnit: (blockchain: Blockchain, asset: string, amount: bigint) => boolean
  /** Whether an address is one the exchange holds the key of (a hot wallet or a deposit address). */
  isOwnAddress: (blockchain: Blockchain, address: string) => boolean
}

export const BLOCKCHAINS: readonly Blockchain[] = ['btc', 'eth', 'tron']
const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/

/** The request's checked parts. */
export type CheckedWithdrawal = {
  blockchain: Blockchain
  asset: Asset
  network: Network
  toAddress: string
  memo: string
  amount: bigint
}

/** The client's own id of a withdrawal (a retry with it returns the first), or undefined. */
export function clientWithdrawalId(value: unknown): string | undefined {
  const clientId = optionalString(value, 'client_withdrawal_id', 64)
  if (clientId !== undefined && !CLIENT_ID.test(clientId)) {
    throw invalid('client_withdrawal_id must be 1 to 64 of A-Z, a-z, 0-9, "_" and "-"')
  }
  return clientId
}

/** Checks a request against the asset's network and the chain; throws the first refusal. */
export function checkWithdrawal(deps: WithdrawalChecks, input: WithdrawalRequest): CheckedWithdrawal {
  const {assets} = deps
  const blockchain = requireBlockchain(input.blockchain)
  const asset = assets.require(input.asset)
  const network = assets.network(asset.code, blockchain)
  if (!network) throw notFound(`${asset.code} has no ${blockchain} network`)
  if (!network.withdrawEnabled) throw precondition(`withdrawals of ${asset.code} on ${blockchain} are disabled`)
  if (network.contractAddress === '' && asset.code !== nativeAsset(blockchain)) {
    throw precondition(`${asset.code} has no token contract set on this ${blockchain} network`)
  }
  if (!deps.connected(blockchain)) {
    throw new ExchangeError('chain_unavailable', `no ${blockchain} node is connected to this exchange`)
  }
  const toAddress = requireString(input.toAddress, 'to_address', 128)
  if (!deps.isValidAddress(blockchain, toAddress)) throw invalid(`to_address is not a valid ${blockchain} address`)
  if (deps.isOwnAddress(blockchain, toAddress)) {
    // Coins sent between the exchange's own addresses are never credited as a deposit: the user would lose them.
    throw invalid('to_address belongs to this exchange; move funds between accounts with a transfer, not a withdrawal')
  }
  const memo = optionalString(input.memo, 'memo', 256) ?? ''
  if (memo !== '' && network.contractAddress !== '') {
    throw invalid(`a ${asset.code} token transfer on ${blockchain} has no place for a memo: send it without one`)
  }
  if (blockchain === 'btc' && Buffer.byteLength(memo, 'utf8') > MAX_BTC_MEMO_BYTES) {
    throw invalid(`a btc memo goes in an OP_RETURN output of at most ${MAX_BTC_MEMO_BYTES} bytes (UTF-8)`)
  }
  const amount = parsePositiveAmount(input.amount, asset.decimals)
  if (amount < network.minWithdraw) {
    throw invalid(`amount is below the minimum withdrawal of ${formatAmount(network.minWithdraw, asset.decimals)} ${asset.code}`)
  }
  if (!deps.fitsChainUnit(blockchain, asset.code, amount)) {
    throw invalid(`amount is finer than the ${blockchain} unit of ${asset.code}`)
  }
  return {blockchain, asset, network, toAddress, memo, amount}
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Refuses (`failed_precondition`) an amount that would take the account's withdrawals of the asset
 * in the last 24 hours (all but failed ones) past its tier's `withdrawal_limit_24h`. Read inside the
 * request's transaction, so two requests cannot both pass on the same room.
 */
export function checkDailyLimit(
  deps: {db: Db; tiers: Tiers},
  account: {id: string; tierId: string},
  asset: Asset,
  amount: bigint,
): void {
  const limit = deps.tiers.limitsOf(account.tierId).withdrawalLimit24h[asset.code]
  if (limit === undefined) return
  const cap = parsePositiveAmount(limit, asset.decimals, `withdrawal_limit_24h.${asset.code}`)
  const since = new Date(Date.now() - DAY_MS).toISOString()
  const used = deps.db
    .prepare<[string, string, string], {amount: string}>(
      "SELECT amount FROM withdrawals WHERE account_id = ? AND asset = ? AND created_at >= ? AND status != 'failed'",
    )
    .all(account.id, asset.code, since)
    .reduce((sum, row) => sum + BigInt(row.amount), 0n)
  if (used + amount > cap) {
    throw precondition(
      `the 24-hour withdrawal limit of ${limit} ${asset.code} would be exceeded (${formatAmount(used, asset.decimals)} used)`,
    )
  }
}

export function requireBlockchain(value: unknown): Blockchain {
  const name = requireString(value, 'blockchain', 16).toLowerCase()
  if (!(BLOCKCHAINS as readonly string[]).includes(name)) throw invalid('blockchain must be one of btc, eth, tron')
  return name as Blockchain
}
