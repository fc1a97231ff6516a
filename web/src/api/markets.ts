/**
 * The pairs a screen offers: every pair's trading rules (GET /exchange/info/, read once) and the
 * active pairs' last price and 24 h statistics (GET /exchange/tickers/, read again every minute for
 * the pair selector; the shown pair's last price is live from its trades).
 */
import {useEffect, useState} from 'preact/hooks'
import {messageOf} from './client'
import {pairRules, pairStats, type PairRules, type PairStats} from './trading'

const STATS_EVERY_MS = 60_000

export type Pairs = {
  /** Every pair's rules, halted ones too; null until read. */
  rules: PairRules[] | null
  /** The active pairs, in symbol order; null until read. */
  stats: PairStats[] | null
  failure: string | null
}

export function usePairs(withStats: boolean): Pairs {
  const [rules, setRules] = useState<PairRules[] | null>(null)
  const [stats, setStats] = useState<PairStats[] | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  useEffect(() => {
    let current = true
    const fail = (error: unknown) => current && setFailure(messageOf(error))
    pairRules()
      .then((read) => current && setRules(read))
      .catch(fail)
    const readStats = () =>
      pairStats()
        .then((read) => current && setStats(read))
        .catch(fail)
    if (withStats) void readStats()
    const timer = withStats ? setInterval(() => void readStats(), STATS_EVERY_MS) : undefined
    return () => {
      current = false
      clearInterval(timer)
    }
  }, [withStats])
  return {rules, stats, failure}
}
