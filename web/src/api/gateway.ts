/**
 * The user gateway's calls (sign-up, sign-in, sign-out, two-factor, API keys), through the typed
 * client like every other call.
 */
import {api, call} from './client'

/** Ends the session: the node revokes it and clears the cookie. */
export async function signOut(): Promise<void> {
  await call(api.POST('/auth/sign-out/'))
}
