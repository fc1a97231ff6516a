/**
 * Tabs as the ARIA pattern has them: a `tablist` of `tab` buttons (arrow keys, Home and End move
 * between them) over one `tabpanel` named by the selected tab. Only the selected panel is rendered.
 */
import type {ComponentChildren} from 'preact'
import {useId} from 'preact/hooks'

type Props<T extends string> = {
  tabs: readonly T[]
  selected: T
  select: (tab: T) => void
  label: string
  children: ComponentChildren
}

export function Tabs<T extends string>({tabs, selected, select, label, children}: Props<T>) {
  const id = useId()
  const tabId = (tab: T) => `${id}-${tabs.indexOf(tab)}`
  const keyDown = (event: KeyboardEvent) => {
    const at = tabs.indexOf(selected)
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1
    if (next < 0) return
    event.preventDefault()
    select(tabs[next]!)
    document.getElementById(tabId(tabs[next]!))?.focus()
  }
  return (
    <div>
      <div role="tablist" aria-label={label} class="p2p-tabs" onKeyDown={keyDown}>
        {tabs.map((tab) => (
          <button
            key={tab}
            id={tabId(tab)}
            type="button"
            role="tab"
            aria-selected={tab === selected}
            aria-controls={`${id}-panel`}
            tabIndex={tab === selected ? 0 : -1}
            onClick={() => select(tab)}
          >
            {tab}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={tabId(selected)}>
        {children}
      </div>
    </div>
  )
}
