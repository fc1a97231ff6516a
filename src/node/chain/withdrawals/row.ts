/** The withdrawal as stored and as the module hands it out. */
import type {Blockchain} from '../adapter.js'

export const WITHDRAWAL_STATUSES = ['pending', 'processing', 'broadcast', 'confirmed', 'failed'] as const
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number]

/** How the failure of a withdrawal an operator rejected begins (RejectWithdrawal): `rejected: <reason>`. */
export const REJECTED = 'rejected: '

/** Whether a withdrawal failed because an operator rejected it (not because the chain refused it). */
export const isRejected = (withdrawal: Pick<Withdrawal, 'status' | 'failure'>): boolean =>
  withdrawal.status === 'failed' && (withdrawal.failure?.startsWith(REJECTED) ?? false)

/** Why a `pending` withdrawal is not sent yet, for a cause that passes (docs/blockchain.md "Withdrawals"). */
export const WAITING_REASONS = ['hot_wallet_funds', 'change_confirming', 'chain_unreachable'] as const
export type WaitingFor = (typeof WAITING_REASONS)[number]

export type Withdrawal = {
  id: string
  accountId: string
  blockchain: Blockchain
  asset: string
  /** Minor units of the asset, sent to `toAddress`. */
  amount: bigint
  /** Minor units kept as the exchange's withdrawal fee. */
  fee: bigint
  toAddress: string
  memo: string
  clientWithdrawalId: string | null
  status: WithdrawalStatus
  /** Waits for ApproveWithdrawal (a large withdrawal) and nobody approved it yet. */
  awaitingApproval: boolean
  approvedBy: string | null
  /** Pending only: what it waits for before it can be sent (null: nothing, or an approval). */
  waitingFor: WaitingFor | null
  /** The latest attempt's transaction while not settled; the one that was mined once it is. */
  txHash: string | null
  /** The other attempts' hashes (fee bump), first one first: replaced, and never mined once `txHash` is. */
  replacedTxHashes: string[]
  failure: string | null
  createdAt: string
  updatedAt: string
}

export type WithdrawalRow = {
  id: string
  account_id: string
  blockchain: Blockchain
  asset: string
  amount: string
  fee: string
  to_address: string
  memo: string
  client_withdrawal_id: string | null
  status: WithdrawalStatus
  needs_approval: number
  approved_by: string | null
  from_address: string | null
  nonce: number | null
  tx_hash: string | null
  raw_tx: string | null
  waiting_for: WaitingFor | null
  /** Native base units: the fee fixed at signing (btc), and the fee paid and booked once mined. */
  network_fee: string | null
  fee_paid: string | null
  failure: string | null
  created_at: string
  updated_at: string
}

export const toWithdrawal = (row: WithdrawalRow, replacedTxHashes: string[] = []): Withdrawal => ({
  id: row.id,
  accountId: row.account_id,
  blockchain: row.blockchain,
  asset: row.asset,
  amount: BigInt(row.amount),
  fee: BigInt(row.fee),
  toAddress: row.to_address,
  memo: row.memo,
  clientWithdrawalId: row.client_withdrawal_id,
  status: row.status,
  awaitingApproval: row.status === 'pending' && row.needs_approval === 1 && row.approved_by === null,
  approvedBy: row.approved_by,
  waitingFor: row.status === 'pending' ? row.waiting_for : null,
  txHash: row.tx_hash,
  replacedTxHashes,
  failure: row.failure,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})
