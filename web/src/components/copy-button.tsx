/**
 * Copying a text: a button that puts it on the clipboard and says so for a moment, and a read-only
 * field that shows the whole text (wrapping, never cut off) with that button beside it. Where the
 * clipboard is not available (a page served over plain http from another host than localhost), the
 * button says to copy by hand: the text is always shown.
 */
import {useEffect, useId, useState} from 'preact/hooks'
import './copy-button.css'

export function CopyButton({text, label}: {text: string; label: string}) {
  const [said, setSaid] = useState<string | null>(null)
  useEffect(() => {
    if (said === null) return
    const timer = setTimeout(() => setSaid(null), 2500)
    return () => clearTimeout(timer)
  }, [said])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setSaid('Copied')
    } catch {
      setSaid('Select the text and copy it')
    }
  }
  return (
    <span class="copy">
      <button type="button" class="quiet" aria-label={label} onClick={() => void copy()}>
        Copy
      </button>
      <span role="status" class="copy-said">
        {said ?? ''}
      </span>
    </span>
  )
}

/** A labelled read-only text (an address, a key) with its copy button; `copyLabel` names the button. */
export function CopyField({label, value, copyLabel}: {label: string; value: string; copyLabel: string}) {
  const id = useId()
  return (
    <div class="field copy-field">
      <label for={id}>{label}</label>
      <div class="copy-row">
        <textarea
          id={id}
          readOnly
          rows={1}
          spellcheck={false}
          value={value}
          onFocus={(event) => (event.target as HTMLTextAreaElement).select()}
        />
        <CopyButton text={value} label={copyLabel} />
      </div>
    </div>
  )
}
