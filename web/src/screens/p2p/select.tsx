/** A select with its visible label (the label names it for screen readers and tests), like `Field`. */
import type {ComponentChildren} from 'preact'
import {useId} from 'preact/hooks'

type Props = {label: string; value: string; onValue: (value: string) => void; children: ComponentChildren; disabled?: boolean}

export function Select({label, value, onValue, children, disabled}: Props) {
  const id = useId()
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} value={value} disabled={disabled} onChange={(event) => onValue((event.target as HTMLSelectElement).value)}>
        {children}
      </select>
    </div>
  )
}
