/**
 * A withdrawal from the funding balance to an address on chain (docs/blockchain.md "Withdrawals").
 * The network's fee and minimum are shown, and the amount is checked against them and the funding
 * balance before it is sent; a memo is asked for only where the chain has a place for one (a native
 * coin), and a fresh two-factor code when two-factor is on.
 *
 * Each attempt carries a `client_withdrawal_id`, made when it is first sent and kept until the
 * request changes (asset, network, address, amount or memo) or succeeds: sending the same withdrawal
 * again after a lost answer returns the first one instead of paying twice. A new two-factor code does
 * not make a new attempt.
 */
import {useState} from 'preact/hooks'
import {messageOf} from '../../api/client'
import {withdraw, type Asset, type Balance, type Chain} from '../../api/wallet'
import {Alert} from '../../components/alert'
import {DecimalField, Field} from '../../components/field'
import {isDecimal, readable} from '../../lib/decimal'
import {withdrawableMax, withdrawalProblem, withdrawalTotal} from './amounts'
import {chainName} from './chains'
import {AssetSelect, NetworkSelect} from './selects'

export function WithdrawForm({
  assets,
  balances,
  twoFactor,
  done,
}: {
  assets: Asset[]
  balances: Balance[]
  twoFactor: boolean
  done: () => void
}) {
  const open = assets.filter((asset) => asset.networks.some((network) => network.withdraw_enabled))
  const [code, setCode] = useState(open[0]?.code ?? '')
  const asset = open.find((each) => each.code === code)
  const networks = asset?.networks.filter((network) => network.withdraw_enabled) ?? []
  const [chosenNetwork, setNetwork] = useState('')
  const network = networks.find((each) => each.network === chosenNetwork) ?? networks[0]
  const [address, setAddress] = useState('')
  const [amount, setAmount] = useState('')
  const [memo, setMemo] = useState('')
  const [twoFactorCode, setTwoFactorCode] = useState('')
  const [attempt, setAttempt] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)

  if (!asset || !network) return <p class="notice">Withdrawals are closed at the moment.</p>

  const available =
    balances.find((balance) => balance.asset === asset.code && balance.account_type === 'funding')?.available ?? '0'
  /** A change of what is sent is a new attempt. */
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value)
      setAttempt(null)
      setNotice(null)
      setFailure(null)
    }

  const submit = async (event: Event) => {
    event.preventDefault()
    setNotice(null)
    const problem =
      withdrawalProblem(amount, asset.code, asset.decimals, available, network) ??
      (address.trim() === '' ? 'Enter the address to send to.' : null)
    if (problem) {
      setFailure(problem)
      return
    }
    const id = attempt ?? crypto.randomUUID()
    setAttempt(id)
    setBusy(true)
    setFailure(null)
    try {
      const sent = await withdraw({
        asset: asset.code,
        network: network.network as Chain,
        amount,
        address: address.trim(),
        memo: network.withdraw_memo ? memo : '',
        clientWithdrawalId: id,
        ...(twoFactor ? {code: twoFactorCode} : {}),
      })
      setNotice(`Withdrawal of ${sent.amount} ${sent.asset} requested (${sent.status}): follow it under Withdrawals.`)
      setAttempt(null)
      setAmount('')
      setAddress('')
      setMemo('')
      done()
    } catch (error) {
      setFailure(messageOf(error))
    } finally {
      setTwoFactorCode('')
      setBusy(false)
    }
  }

  const total = isDecimal(amount) ? withdrawalTotal(amount, network) : null

  return (
    <form class="stack" onSubmit={(event) => void submit(event)}>
      <div class="grid two-small">
        <AssetSelect
          codes={open.map((each) => each.code)}
          value={asset.code}
          chosen={changed((next: string) => {
            setCode(next)
            setNetwork('')
          })}
        />
        <NetworkSelect networks={networks.map((each) => each.network)} value={network.network} chosen={changed(setNetwork)} />
      </div>
      <Field
        label="Address"
        value={address}
        onValue={changed(setAddress)}
        autoComplete="off"
        spellcheck={false}
        class="mono"
        hint={`An address on ${chainName(network.network)}. Funds sent to a wrong address cannot be brought back.`}
      />
      <div class="with-max">
        <DecimalField label="Amount" value={amount} onValue={changed(setAmount)} />
        <button
          type="button"
          class="quiet"
          aria-label={`Withdraw all available ${asset.code}`}
          onClick={() => changed(setAmount)(withdrawableMax(available, network))}
        >
          Max
        </button>
      </div>
      <dl class="withdraw-facts">
        <div>
          <dt>Available on funding</dt>
          <dd>
            {readable(available)} {asset.code}
          </dd>
        </div>
        <div>
          <dt>Network fee</dt>
          <dd>
            {readable(network.withdraw_fee)} {asset.code}
          </dd>
        </div>
        <div>
          <dt>Minimum</dt>
          <dd>
            {readable(network.min_withdraw)} {asset.code}
          </dd>
        </div>
        <div>
          <dt>Leaves your balance</dt>
          <dd>{total ? `${readable(total)} ${asset.code}` : '—'}</dd>
        </div>
      </dl>
      {network.withdraw_memo ? (
        <Field
          label="Memo (optional)"
          value={memo}
          onValue={changed(setMemo)}
          maxLength={256}
          hint="Written on chain with the payment, for the recipient to read. Leave it empty unless they asked for one."
        />
      ) : null}
      {twoFactor ? (
        <Field
          label="Two-factor code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={twoFactorCode}
          onValue={setTwoFactorCode}
        />
      ) : null}
      <Alert message={failure} />
      {notice ? (
        <p class="notice" role="status">
          {notice}
        </p>
      ) : null}
      <button type="submit" disabled={busy}>
        Withdraw
      </button>
    </form>
  )
}
