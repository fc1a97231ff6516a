/**
 * The account's API keys (docs/account-flows.md "API keys from the gateway"): the list, a form to
 * create one (label, permissions, an optional IP allow-list, and a two-factor code when two-factor is
 * on), its secret shown once, and deleting a key after a confirmation. Labels are what the person
 * typed: shown as text. The secret lives in this component's state only: gone when the page is left.
 */
import {useEffect, useId, useState} from 'preact/hooks'
import {createApiKey, deleteApiKey, listApiKeys, type ApiKey, type ApiKeyPermission, type CreatedApiKey} from '../../api/gateway'
import {messageOf} from '../../api/client'
import {Alert} from '../../components/alert'
import {CopyField} from '../../components/copy-button'
import {Field} from '../../components/field'

const PERMISSIONS: {value: ApiKeyPermission; label: string; hint: string}[] = [
  {value: 'read', label: 'Read', hint: 'balances, orders, trades, deposits and withdrawals'},
  {value: 'trade', label: 'Trade', hint: 'place and cancel orders, move funds between balances'},
  {value: 'withdraw', label: 'Withdraw', hint: 'send funds out to addresses on chain'},
]

export function ApiKeys({twoFactor}: {twoFactor: boolean}) {
  const [keys, setKeys] = useState<ApiKey[] | null>(null)
  const [created, setCreated] = useState<CreatedApiKey | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const reload = async () => {
    try {
      setKeys(await listApiKeys())
    } catch (error) {
      setFailure(messageOf(error))
    }
  }
  useEffect(() => {
    void reload()
  }, [])

  return (
    <section class="panel stack api-keys" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">API keys</h2>
      <p class="hint">
        Programs use a key to trade or read your account through the API. Give each only the permissions it needs.
      </p>
      {created ? <NewSecret created={created} done={() => setCreated(null)} /> : null}
      <Alert message={failure} />
      {keys === null ? null : <KeyTable keys={keys} deleted={() => void reload()} />}
      <CreateKey
        twoFactor={twoFactor}
        created={(key) => {
          setCreated(key)
          void reload()
        }}
      />
    </section>
  )
}

function KeyTable({keys, deleted}: {keys: ApiKey[]; deleted: () => void}) {
  if (keys.length === 0) return <p class="notice">No API keys yet.</p>
  return (
    <div class="table-scroll">
      <table aria-label="API keys">
        <thead>
          <tr>
            <th scope="col">Label</th>
            <th scope="col">Permissions</th>
            <th scope="col">IP allow-list</th>
            <th scope="col" class="wide-only">
              Created
            </th>
            <th scope="col" class="wide-only">
              Key
            </th>
            <th scope="col" aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <KeyRow key={key.id} apiKey={key} deleted={deleted} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

function KeyRow({apiKey, deleted}: {apiKey: ApiKey; deleted: () => void}) {
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const name = apiKey.label || 'this key'

  const remove = async () => {
    setBusy(true)
    setFailure(null)
    try {
      await deleteApiKey(apiKey.id)
      deleted()
    } catch (error) {
      setFailure(messageOf(error))
      setBusy(false)
    }
  }

  return (
    <>
      <tr>
        <td class="label">{apiKey.label || <span class="hint">no label</span>}</td>
        <td>{apiKey.permissions.join(', ') || 'none'}</td>
        <td class="wrap">{apiKey.ip_allowlist.length > 0 ? apiKey.ip_allowlist.join(', ') : 'any address'}</td>
        <td class="wide-only">{new Date(apiKey.created_at).toLocaleString()}</td>
        <td class="wide-only mono">{`${apiKey.api_key.slice(0, 8)}…`}</td>
        <td class="actions-cell">
          <button type="button" class="quiet" aria-expanded={confirming} onClick={() => setConfirming(!confirming)}>
            Delete
          </button>
        </td>
      </tr>
      {confirming ? (
        <tr class="confirm-row">
          <td colSpan={6}>
            <div class="confirm" role="group" aria-label={`Delete ${name}?`}>
              <span>Delete {apiKey.label ? <strong>{apiKey.label}</strong> : name}? Programs using it stop working at once.</span>
              <span class="actions">
                <button type="button" class="sell" disabled={busy} onClick={() => void remove()}>
                  Yes, delete
                </button>
                <button type="button" class="quiet" onClick={() => setConfirming(false)}>
                  Keep
                </button>
              </span>
            </div>
            <Alert message={failure} />
          </td>
        </tr>
      ) : null}
    </>
  )
}

function NewSecret({created, done}: {created: CreatedApiKey; done: () => void}) {
  return (
    <div class="new-secret stack" role="region" aria-label="New API key">
      <p>
        <strong>Copy the secret now.</strong> It is shown only this once: the exchange does not keep a readable copy and cannot
        show it again. If you lose it, delete the key and create another.
      </p>
      <CopyField label="API key" value={created.api_key} copyLabel="Copy API key" />
      <CopyField label="API secret" value={created.api_secret} copyLabel="Copy API secret" />
      <button type="button" onClick={done}>
        I have saved the secret
      </button>
    </div>
  )
}

function CreateKey({twoFactor, created}: {twoFactor: boolean; created: (key: CreatedApiKey) => void}) {
  const [label, setLabel] = useState('')
  const [permissions, setPermissions] = useState<ApiKeyPermission[]>(['read'])
  const [allowlist, setAllowlist] = useState('')
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const groupId = useId()

  const submit = async (event: Event) => {
    event.preventDefault()
    setBusy(true)
    setFailure(null)
    try {
      const key = await createApiKey({
        label,
        permissions,
        ipAllowlist: allowlist.split(/[\s,]+/).filter((entry) => entry !== ''),
        ...(twoFactor ? {code} : {}),
      })
      setLabel('')
      setAllowlist('')
      setCode('')
      created(key)
    } catch (error) {
      setFailure(messageOf(error))
    } finally {
      setBusy(false)
    }
  }

  const toggle = (value: ApiKeyPermission, on: boolean) =>
    setPermissions((current) =>
      on ? [...current.filter((each) => each !== value), value] : current.filter((each) => each !== value),
    )

  return (
    <form class="stack create-key" onSubmit={(event) => void submit(event)}>
      <h3>New key</h3>
      <Field
        label="Label"
        maxLength={64}
        value={label}
        onValue={setLabel}
        hint="To tell your keys apart, e.g. the program's name."
      />
      <fieldset class="permissions" aria-describedby={`${groupId}-hint`}>
        <legend>Permissions</legend>
        {PERMISSIONS.map((permission) => (
          <div key={permission.value} class="check">
            <input
              type="checkbox"
              id={`${groupId}-${permission.value}`}
              aria-describedby={`${groupId}-${permission.value}-hint`}
              checked={permissions.includes(permission.value)}
              onChange={(event) => toggle(permission.value, (event.target as HTMLInputElement).checked)}
            />
            <label for={`${groupId}-${permission.value}`}>{permission.label}</label>
            <small id={`${groupId}-${permission.value}-hint`} class="hint">
              {permission.hint}
            </small>
          </div>
        ))}
        <small id={`${groupId}-hint`} class="hint">
          None implies another.
        </small>
      </fieldset>
      <Field
        label="IP allow-list"
        value={allowlist}
        onValue={setAllowlist}
        autoComplete="off"
        spellcheck={false}
        hint="Optional: addresses or CIDRs the key may be used from, separated by commas. Empty: any address."
      />
      {twoFactor ? (
        <Field label="Two-factor code" inputMode="numeric" autoComplete="one-time-code" required value={code} onValue={setCode} />
      ) : null}
      <Alert message={failure} />
      <button type="submit" disabled={busy}>
        Create API key
      </button>
    </form>
  )
}
