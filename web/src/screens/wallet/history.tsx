/**
 * The latest withdrawals and deposits with their statuses (docs/blockchain.md "Withdrawals",
 * "Deposits"). A pending withdrawal says what it waits for: an operator's approval, or a passing
 * cause (the hot wallet's funds, its change confirming, the chain node); a failed one why.
 */
import type {Deposit, Withdrawal} from '../../api/wallet'
import {readable} from '../../lib/decimal'
import {chainName, shortened} from './chains'

const WAITING_FOR: Record<NonNullable<Withdrawal['waiting_for']>, string> = {
  hot_wallet_funds: "waiting for the exchange's hot wallet to be refilled",
  change_confirming: "waiting for the exchange's earlier transactions to confirm",
  chain_unreachable: 'waiting for the chain node to answer',
}

/** The status of a withdrawal as a person reads it: the API's word first, then what it waits for. */
export function withdrawalStatus(withdrawal: Withdrawal): string {
  if (withdrawal.status === 'failed') return withdrawal.failure ? `failed: ${withdrawal.failure}` : 'failed'
  if (withdrawal.status !== 'pending') return withdrawal.status
  if (withdrawal.awaiting_approval) return 'pending: waiting for approval'
  if (withdrawal.waiting_for) return `pending: ${WAITING_FOR[withdrawal.waiting_for]}`
  return 'pending'
}

const when = (iso: string): string => new Date(iso).toLocaleString(undefined, {dateStyle: 'short', timeStyle: 'short'})

/** A hash or an address, shortened in the middle; the whole of it on hover. */
function Hash({value}: {value: string}) {
  return (
    <span class="hash" title={value}>
      {shortened(value)}
    </span>
  )
}

export function WithdrawalList({withdrawals}: {withdrawals: Withdrawal[]}) {
  return (
    <div class="table-scroll">
      <table aria-label="Withdrawals" class="history">
        <thead>
          <tr>
            <th scope="col">Asset</th>
            <th scope="col" class="num">
              Amount
            </th>
            <th scope="col">Status</th>
            <th scope="col">Time</th>
            <th scope="col" class="num">
              Fee
            </th>
            <th scope="col">To</th>
            <th scope="col">Transaction</th>
          </tr>
        </thead>
        <tbody>
          {withdrawals.length === 0 ? (
            <tr>
              <td colSpan={7} class="empty">
                No withdrawals yet.
              </td>
            </tr>
          ) : (
            withdrawals.map((withdrawal) => (
              <tr key={withdrawal.id}>
                <td>
                  {withdrawal.asset} <span class="hint">{chainName(withdrawal.network)}</span>
                </td>
                <td class="num">{readable(withdrawal.amount)}</td>
                <td class={`status ${withdrawal.status}`}>{withdrawalStatus(withdrawal)}</td>
                <td>{when(withdrawal.created_at)}</td>
                <td class="num">{readable(withdrawal.fee)}</td>
                <td>
                  <Hash value={withdrawal.to_address} />
                </td>
                <td>{withdrawal.tx_hash ? <Hash value={withdrawal.tx_hash} /> : <span class="hint">not sent yet</span>}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}

const DEPOSIT_STATUS: Record<Deposit['status'], string> = {
  pending: 'pending: waiting for confirmations',
  confirmed: 'confirmed',
  orphaned: 'orphaned: its block left the chain',
  held: 'held for a review',
  ignored: 'ignored: below the minimum deposit',
}

export function DepositList({deposits}: {deposits: Deposit[]}) {
  return (
    <div class="table-scroll">
      <table aria-label="Deposits" class="history">
        <thead>
          <tr>
            <th scope="col">Asset</th>
            <th scope="col" class="num">
              Amount
            </th>
            <th scope="col">Status</th>
            <th scope="col">Time</th>
            <th scope="col">Transaction</th>
          </tr>
        </thead>
        <tbody>
          {deposits.length === 0 ? (
            <tr>
              <td colSpan={5} class="empty">
                No deposits yet.
              </td>
            </tr>
          ) : (
            deposits.map((deposit) => (
              <tr key={deposit.id}>
                <td>
                  {deposit.asset} <span class="hint">{chainName(deposit.network)}</span>
                </td>
                <td class="num">{readable(deposit.amount)}</td>
                <td class={`status ${deposit.status}`}>{DEPOSIT_STATUS[deposit.status]}</td>
                <td>{when(deposit.created_at)}</td>
                <td>
                  <Hash value={deposit.tx_hash} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}
