/** Deposits and withdrawals in the v1 wire shape (docs/blockchain.md "User endpoints"). */
import type {TopUp} from '../chain/deposits/top-ups.js'
import type {Withdrawal} from '../chain/withdrawals/row.js'
import {formatAmount} from '../ground/money.js'

/** The decimals of an asset, as the view formats its amounts. */
export type DecimalsOf = (asset: string) => number

export const depositView = (entry: TopUp, decimalsOf: DecimalsOf) => ({
  id: entry.id,
  asset: entry.asset,
  network: entry.blockchain,
  amount: formatAmount(entry.amount, decimalsOf(entry.asset)),
  address: entry.address,
  tx_hash: entry.txHash,
  tx_index: entry.index,
  block_height: entry.blockHeight,
  status: entry.status,
  created_at: entry.detectedAt,
  updated_at: entry.updatedAt,
})

export const withdrawalView = (entry: Withdrawal, decimalsOf: DecimalsOf) => ({
  id: entry.id,
  client_withdrawal_id: entry.clientWithdrawalId,
  asset: entry.asset,
  network: entry.blockchain,
  amount: formatAmount(entry.amount, decimalsOf(entry.asset)),
  fee: formatAmount(entry.fee, decimalsOf(entry.asset)),
  to_address: entry.toAddress,
  memo: entry.memo,
  tx_hash: entry.txHash,
  status: entry.status,
  awaiting_approval: entry.awaitingApproval,
  failure: entry.failure,
  waiting_for: entry.waitingFor,
  created_at: entry.createdAt,
  updated_at: entry.updatedAt,
})
