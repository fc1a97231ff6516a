/**
 * A screen that needs a session: its content once the node says who is signed in; while it is asked,
 * a line saying so; signed out, the sign-in, which comes back here (`/sign-in?next=<this page>`).
 */
import type {ComponentChildren} from 'preact'
import {useEffect, useRef} from 'preact/hooks'
import {useLocation} from 'preact-iso'
import {useSession} from '../lib/session'

export function SignedIn({children}: {children: ComponentChildren}) {
  const {account} = useSession()
  const {url, route} = useLocation()
  // The page this screen was opened on: the router keeps a screen shown while the next one loads, and
  // by then the location is the next one's (the sign-in's own), which is not where to come back to.
  const here = useRef(url)
  useEffect(() => {
    if (account === null && url === here.current) route(`/sign-in?next=${encodeURIComponent(here.current)}`, true)
  }, [account, url, route])
  if (!account) return <p class="notice">{account === undefined ? 'Loading…' : 'Sign in to see this page.'}</p>
  return <>{children}</>
}
