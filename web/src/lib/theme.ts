/**
 * Light and dark: by default the system's (`prefers-color-scheme`); the switch in the header picks
 * one and remembers it in this browser. The choice is the `data-theme` attribute of <html>, which the
 * stylesheet reads.
 */
export type ThemeChoice = 'light' | 'dark' | 'system'

const KEY = 'exchange.theme'

export function storedTheme(): ThemeChoice {
  const value = localStorage.getItem(KEY)
  return value === 'light' || value === 'dark' ? value : 'system'
}

export function applyTheme(choice: ThemeChoice): void {
  if (choice === 'system') {
    localStorage.removeItem(KEY)
    delete document.documentElement.dataset['theme']
  } else {
    localStorage.setItem(KEY, choice)
    document.documentElement.dataset['theme'] = choice
  }
}

/** The theme a choice shows now. */
export function shownTheme(choice: ThemeChoice): 'light' | 'dark' {
  if (choice !== 'system') return choice
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}
