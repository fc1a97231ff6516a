/**
 * An input with its visible label (the label names the input for screen readers and tests), and an
 * optional hint under it. Decimal fields keep what was typed as a string.
 */
import type {JSX} from 'preact'
import {useId} from 'preact/hooks'

type FieldProps = Omit<JSX.InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onInput'> & {
  label: string
  value: string
  onValue: (value: string) => void
  hint?: string | null
}

export function Field({label, value, onValue, hint, ...input}: FieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        {...input}
        id={id}
        value={value}
        aria-describedby={hint ? hintId : undefined}
        onInput={(event) => onValue((event.target as HTMLInputElement).value)}
      />
      {hint ? (
        <small id={hintId} class="hint">
          {hint}
        </small>
      ) : null}
    </div>
  )
}

/** A decimal input: `inputmode="decimal"`, no browser number parsing (the text is sent as typed). */
export function DecimalField(props: FieldProps) {
  return <Field inputMode="decimal" autoComplete="off" spellcheck={false} pattern="[0-9]*[.]?[0-9]*" {...props} />
}
