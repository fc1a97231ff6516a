/**
 * A deposit address: the account's address for the chosen asset's network, as text with a copy button
 * and as a QR code, with what the network asks of a deposit (its minimum, its confirmations). The
 * address is issued on first use and the same afterwards; a chain's assets share it (ETH and USDT on
 * Ethereum), and funds arrive on the funding balance.
 */
import {useEffect, useState} from 'preact/hooks'
import {messageOf} from '../../api/client'
import {depositAddress, type Asset, type Chain} from '../../api/wallet'
import {Alert} from '../../components/alert'
import {CopyField} from '../../components/copy-button'
import {QrCode} from '../../components/qr-code'
import {chainName} from './chains'
import {AssetSelect, NetworkSelect} from './selects'

export function DepositForm({assets}: {assets: Asset[]}) {
  const open = assets.filter((asset) => asset.networks.some((network) => network.deposit_enabled))
  const [code, setCode] = useState(open[0]?.code ?? '')
  const asset = open.find((each) => each.code === code)
  const networks = asset?.networks.filter((network) => network.deposit_enabled) ?? []
  const [chosenNetwork, setNetwork] = useState('')
  const network = networks.find((each) => each.network === chosenNetwork) ?? networks[0]
  const [address, setAddress] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    if (!asset || !network) return
    let current = true
    setAddress(null)
    setFailure(null)
    depositAddress(asset.code, network.network as Chain).then(
      (found) => current && setAddress(found),
      (error: unknown) => current && setFailure(messageOf(error)),
    )
    return () => {
      current = false
    }
  }, [asset?.code, network?.network])

  if (open.length === 0) return <p class="notice">Deposits are closed at the moment.</p>

  return (
    <div class="stack">
      <div class="grid two-small">
        <AssetSelect
          codes={open.map((each) => each.code)}
          value={code}
          chosen={(next) => {
            setCode(next)
            setNetwork('')
          }}
        />
        <NetworkSelect networks={networks.map((each) => each.network)} value={network?.network ?? ''} chosen={setNetwork} />
      </div>
      <Alert message={failure} />
      {address && asset && network ? (
        <div class="deposit-address">
          <QrCode text={address} label={`QR code of your ${asset.code} deposit address on ${chainName(network.network)}`} />
          <div class="stack">
            <CopyField label="Deposit address" value={address} copyLabel="Copy deposit address" />
            <ul class="terms">
              <li>
                Send only {asset.code} on {chainName(network.network)} to this address; anything else may be lost.
              </li>
              <li>
                Credited to your funding balance after {network.confirmations} confirmation
                {network.confirmations === 1 ? '' : 's'}.
              </li>
              {network.min_deposit !== '0' ? (
                <li>
                  Deposits below {network.min_deposit} {asset.code} are not credited.
                </li>
              ) : null}
            </ul>
          </div>
        </div>
      ) : failure ? null : (
        <p class="notice">Getting your address…</p>
      )}
    </div>
  )
}
