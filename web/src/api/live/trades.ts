/**
 * The latest public trades of one pair, live: one socket on `/api/v1/exchange/ws/trades/`
 * (docs/websockets.md "Trades"). The stream sends no history, so each time the socket is open (the
 * first time and after every reconnect) the latest trades are read from REST and merged with what
 * the socket delivered meanwhile, each trade once (state.ts `mergeTrades`): trades made while the
 * socket was down are not missed.
 */
import {useEffect, useState} from 'preact/hooks'
import {messageOf} from '../client'
import {LiveSocket} from '../socket'
import {recentTrades} from '../trading'
import {isPublicTrade, mergeTrades, type PublicTrade} from './state'

export type LiveTrades = {
  /** Newest first. */
  trades: PublicTrade[]
  /** Whether the socket is open now. */
  live: boolean
  /** Why the history could not be read, if it could not. */
  failure: string | null
}

export function useTrades(ticker: string | undefined, limit = 50): LiveTrades {
  const [trades, setTrades] = useState<PublicTrade[]>([])
  const [live, setLive] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  useEffect(() => {
    setTrades([])
    setLive(false)
    setFailure(null)
    if (!ticker) return
    let current = true
    const resync = async () => {
      try {
        const history = await recentTrades(ticker, limit)
        if (!current) return
        setTrades((shown) => mergeTrades(shown, history, limit))
        setFailure(null)
      } catch (error) {
        if (current) setFailure(messageOf(error))
      }
    }
    const socket = new LiveSocket(`/api/v1/exchange/ws/trades/?${new URLSearchParams({ticker})}`, {
      open: () => {
        setLive(true)
        void resync()
      },
      message: (data) => {
        if (isPublicTrade(data)) setTrades((shown) => mergeTrades(shown, [data], limit))
      },
      closed: () => setLive(false),
    })
    return () => {
      current = false
      socket.close()
    }
  }, [ticker, limit])
  return {trades, live, failure}
}
