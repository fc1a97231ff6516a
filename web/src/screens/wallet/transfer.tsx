/**
 * Moving funds between the account's own balance accounts: funding (deposits, withdrawals, P2P) and
 * trading (orders). The amount is checked against what the source has available before it is sent.
 */
import {useState} from 'preact/hooks'
import {messageOf} from '../../api/client'
import {transfer, type Asset, type Balance} from '../../api/wallet'
import {Alert} from '../../components/alert'
import {DecimalField} from '../../components/field'
import {readable} from '../../lib/decimal'
import type {Account} from '../../lib/session'
import {transferProblem} from './amounts'
import {AssetSelect} from './selects'

type Direction = 'to-trading' | 'to-funding'

export function TransferForm({
  account,
  balances,
  assets,
  done,
}: {
  account: Account
  balances: Balance[]
  assets: Asset[]
  done: () => Promise<void>
}) {
  const codes = [...new Set(balances.map((balance) => balance.asset))].sort()
  const [asset, setAsset] = useState(codes.includes('USDT') ? 'USDT' : (codes[0] ?? ''))
  const [direction, setDirection] = useState<Direction>('to-trading')
  const [amount, setAmount] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)

  const from = direction === 'to-trading' ? 'funding' : 'trading'
  const to = direction === 'to-trading' ? 'trading' : 'funding'
  const available = balances.find((balance) => balance.asset === asset && balance.account_type === from)?.available ?? '0'
  const decimals = assets.find((each) => each.code === asset)?.decimals ?? 0

  const submit = async (event: Event) => {
    event.preventDefault()
    setNotice(null)
    const problem = transferProblem(amount, asset, decimals, available, from)
    if (problem) {
      setFailure(problem)
      return
    }
    setBusy(true)
    setFailure(null)
    try {
      const [source, target] =
        direction === 'to-trading'
          ? [account.funding_account_id, account.trading_account_id]
          : [account.trading_account_id, account.funding_account_id]
      await transfer(source, target, asset, amount)
      setNotice(`Moved ${amount} ${asset} from ${from} to ${to}.`)
      setAmount('')
      await done()
    } catch (error) {
      setFailure(messageOf(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form class="stack" onSubmit={(event) => void submit(event)}>
      <p class="hint">Orders use the trading balance; deposits, withdrawals and P2P use the funding balance.</p>
      <div class="grid two-small">
        <AssetSelect codes={codes} value={asset} chosen={setAsset} />
        <div class="field">
          <label for="transfer-direction">Direction</label>
          <select
            id="transfer-direction"
            value={direction}
            onChange={(event) => setDirection((event.target as HTMLSelectElement).value as Direction)}
          >
            <option value="to-trading">Funding to trading</option>
            <option value="to-funding">Trading to funding</option>
          </select>
        </div>
      </div>
      <div class="with-max">
        <DecimalField
          label="Amount"
          value={amount}
          onValue={setAmount}
          hint={`Available on ${from}: ${readable(available)} ${asset}`}
        />
        <button type="button" class="quiet" aria-label={`Transfer all available ${asset}`} onClick={() => setAmount(available)}>
          Max
        </button>
      </div>
      <Alert message={failure} />
      {notice ? (
        <p class="notice" role="status">
          {notice}
        </p>
      ) : null}
      <button type="submit" disabled={busy}>
        Transfer
      </button>
    </form>
  )
}
