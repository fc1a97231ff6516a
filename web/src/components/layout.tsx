/**
 * The frame of every screen: the exchange's name (and logo), the screens a person goes to, the theme
 * switch, and signing in or out. On a phone the navigation wraps under the name.
 */
import type {ComponentChildren} from 'preact'
import {useState} from 'preact/hooks'
import {useLocation} from 'preact-iso'
import {signOut} from '../api/gateway'
import {messageOf} from '../api/client'
import type {Branding} from '../lib/branding'
import {useSession} from '../lib/session'
import {applyTheme, shownTheme, storedTheme, type ThemeChoice} from '../lib/theme'
import {Alert} from './alert'

const SCREENS = [
  {href: '/trade/BTC-USDT', label: 'Trade', match: '/trade'},
  {href: '/orders', label: 'Orders', match: '/orders'},
  {href: '/wallet', label: 'Wallet', match: '/wallet'},
  {href: '/p2p', label: 'P2P', match: '/p2p'},
  {href: '/account', label: 'Account', match: '/account'},
]

export function Layout({branding, children}: {branding: Branding; children: ComponentChildren}) {
  const {url, route} = useLocation()
  const {account, refresh} = useSession()
  const [theme, setTheme] = useState<ThemeChoice>(storedTheme())
  const [failure, setFailure] = useState<string | null>(null)
  const next = shownTheme(theme) === 'dark' ? 'light' : 'dark'

  const leave = async () => {
    setFailure(null)
    try {
      await signOut()
      await refresh()
      route('/sign-in')
    } catch (error) {
      setFailure(messageOf(error))
    }
  }

  return (
    <div class="frame">
      <header class="top">
        <a class="brand" href="/trade/BTC-USDT">
          {branding.logoUrl ? <img src={branding.logoUrl} alt="" class="logo" /> : null}
          <span>{branding.name}</span>
        </a>
        <nav aria-label="Main">
          <ul>
            {SCREENS.map((screen) => (
              <li key={screen.href}>
                <a href={screen.href} aria-current={url.startsWith(screen.match) ? 'page' : undefined}>
                  {screen.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="who">
          <button
            type="button"
            class="quiet"
            aria-label={`Switch to ${next} theme`}
            onClick={() => {
              applyTheme(next)
              setTheme(next)
            }}
          >
            {next === 'dark' ? '☾' : '☀'}
          </button>
          {account ? (
            <>
              <span class="email" title={account.email}>
                {account.email}
              </span>
              <button type="button" onClick={() => void leave()}>
                Sign out
              </button>
            </>
          ) : account === null ? (
            <>
              <a href="/sign-in">Sign in</a>
              <a href="/sign-up" class="button">
                Sign up
              </a>
            </>
          ) : null}
        </div>
      </header>
      <Alert message={failure} />
      <main>{children}</main>
    </div>
  )
}
