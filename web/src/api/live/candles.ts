/**
 * The candles of one pair at one interval, live: the history from `GET /exchange/klines/`, and its
 * last candle kept current by one socket on `/api/v1/exchange/ws/trades/` (docs/websockets.md
 * "Trades"; state.ts `candlesAfterTrade`). Each time the socket is open (the first time and after a
 * reconnect) the history is read again, so trades made while it was down are counted.
 *
 * A trade that arrives while that read is on its way is most likely counted in its answer already:
 * such trades are not added to it (one crossing the answer may be missing from its candle's volume
 * until the next read; its price shows with the next trade).
 */
import {useEffect, useState} from 'preact/hooks'
import {messageOf} from '../client'
import {LiveSocket} from '../socket'
import {candles as readCandles} from '../trading'
import {candlesAfterTrade, isPublicTrade, MAX_CANDLES, type Candle, type Interval} from './state'

export type LiveCandles = {
  /** Oldest first, as the API gives them. */
  candles: Candle[]
  /** Bumped when the history was read again (the chart then fits it anew), not on a live trade. */
  loaded: number
  failure: string | null
}

export function useCandles(ticker: string | undefined, interval: Interval): LiveCandles {
  const [state, setState] = useState<{candles: Candle[]; loaded: number}>({candles: [], loaded: 0})
  const [failure, setFailure] = useState<string | null>(null)
  useEffect(() => {
    setState((shown) => ({candles: [], loaded: shown.loaded + 1}))
    setFailure(null)
    if (!ticker) return
    let current = true
    let reading = false
    const resync = async () => {
      reading = true
      try {
        const history = await readCandles(ticker, interval)
        if (!current) return
        setState((shown) => ({candles: history.slice(-MAX_CANDLES), loaded: shown.loaded + 1}))
        setFailure(null)
      } catch (error) {
        if (current) setFailure(messageOf(error))
      } finally {
        reading = false
      }
    }
    const socket = new LiveSocket(`/api/v1/exchange/ws/trades/?${new URLSearchParams({ticker})}`, {
      open: () => void resync(),
      message: (data) => {
        if (reading || !isPublicTrade(data)) return
        setState((shown) => ({...shown, candles: candlesAfterTrade(shown.candles, data, interval)}))
      },
    })
    return () => {
      current = false
      socket.close()
    }
  }, [ticker, interval])
  return {candles: state.candles, loaded: state.loaded, failure}
}
