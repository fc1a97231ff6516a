/**
 * A screen that needs a session (the wallet, the account): its content once the node says who is
 * signed in; while it is asked, a line saying so; signed out, the sign-in form in its place, at the
 * screen's own address, which then shows the screen. The address stays, so a reload or a shared link
 * comes back to the same screen.
 */
import type {ComponentChildren} from 'preact'
import {useLocation} from 'preact-iso'
import {useSession} from '../../lib/session'
import {SignInForm} from './sign-in'

export function SignedIn({title, children}: {title: string; children: ComponentChildren}) {
  const {account} = useSession()
  const {url} = useLocation()
  if (account === undefined) return <p class="notice">Loading…</p>
  if (account === null) return <SignInForm title={title} next={url} />
  return <>{children}</>
}
