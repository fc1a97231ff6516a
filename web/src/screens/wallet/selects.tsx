/** The wallet forms' choices of an asset and of one of its networks. */
import {useId} from 'preact/hooks'
import {chainName} from './chains'

export function AssetSelect({codes, value, chosen}: {codes: string[]; value: string; chosen: (code: string) => void}) {
  const id = useId()
  return (
    <div class="field">
      <label for={id}>Asset</label>
      <select id={id} value={value} onChange={(event) => chosen((event.target as HTMLSelectElement).value)}>
        {codes.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </div>
  )
}

export function NetworkSelect({networks, value, chosen}: {networks: string[]; value: string; chosen: (network: string) => void}) {
  const id = useId()
  return (
    <div class="field">
      <label for={id}>Network</label>
      <select id={id} value={value} onChange={(event) => chosen((event.target as HTMLSelectElement).value)}>
        {networks.map((network) => (
          <option key={network} value={network}>
            {chainName(network)}
          </option>
        ))}
      </select>
    </div>
  )
}
