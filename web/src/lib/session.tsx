/**
 * Who is signed in, for every screen: the account of the session cookie (`GET /accounts/me/`), or
 * null. The cookie itself is HttpOnly: the page only learns whether the node accepts it.
 */
import {createContext, type ComponentChildren} from 'preact'
import {useCallback, useContext, useEffect, useState} from 'preact/hooks'
import {api, call} from '../api/client'
import type {components} from '../api/schema'

export type Account = components['schemas']['Account']

type Session = {
  /** undefined while the node is asked, null when nobody is signed in. */
  account: Account | null | undefined
  /** Asks the node again (after a sign-in or a sign-out). */
  refresh(): Promise<void>
}

const SessionContext = createContext<Session>({account: undefined, refresh: async () => undefined})

export function SessionProvider({children}: {children: ComponentChildren}) {
  const [account, setAccount] = useState<Account | null | undefined>(undefined)
  const refresh = useCallback(async () => {
    try {
      setAccount(await call(api.GET('/accounts/me/')))
    } catch {
      // 401 (no session, or it ended), 403 (a blocked account) or the node away: nobody to show.
      setAccount(null)
    }
  }, [])
  useEffect(() => {
    void refresh()
  }, [refresh])
  return <SessionContext.Provider value={{account, refresh}}>{children}</SessionContext.Provider>
}

export const useSession = (): Session => useContext(SessionContext)
