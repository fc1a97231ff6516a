/**
 * The account's balances, following its orders: read from `GET /balances/` at first and again after
 * the account's order and balance events, which the orders stream's hook counts (my-orders.ts
 * `changes`; a burst of them is one read). The stream carries no balances of trades, so this hook
 * owns no socket of its own.
 */
import {useEffect, useState} from 'preact/hooks'
import {messageOf} from '../client'
import {balances as readBalances, type Balance} from '../trading'

const SETTLE_MS = 150

export type LiveBalances = {
  /** The trading balance account's entries by asset (orders draw on it), or null before the first answer. */
  trading: Map<string, Balance> | null
  failure: string | null
}

export function useBalances(signedIn: boolean, changes: number): LiveBalances {
  const [trading, setTrading] = useState<Map<string, Balance> | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  useEffect(() => {
    if (!signedIn) {
      setTrading(null)
      return
    }
    let current = true
    const timer = setTimeout(() => {
      readBalances()
        .then((all) => {
          if (!current) return
          setTrading(new Map(all.filter((entry) => entry.account_type === 'trading').map((entry) => [entry.asset, entry])))
          setFailure(null)
        })
        .catch((error: unknown) => current && setFailure(messageOf(error)))
    }, SETTLE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [signedIn, changes])
  return {trading, failure}
}
