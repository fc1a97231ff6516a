/**
 * The trade screen (`/trade/<SYMBOL>`; `/` shows the first active pair's): the pair and its figures,
 * candles, the order form, the order book, the latest trades, and the account's orders and trades on
 * the pair — everything live from the WebSockets through the hooks of api/live/, which own the
 * sockets; this screen only renders (docs/web.md "Screens"). A visitor who is not signed in sees the
 * market and a link to sign in instead of the form.
 */
import {useEffect, useMemo, useState} from 'preact/hooks'
import {useLocation, useRoute} from 'preact-iso'
import {usePairs} from '../../api/markets'
import {useBalances} from '../../api/live/balances'
import {useBook} from '../../api/live/book'
import {useMyOrders} from '../../api/live/my-orders'
import {useTrades} from '../../api/live/trades'
import {Alert} from '../../components/alert'
import {useSession} from '../../lib/session'
import {AccountOrders} from './account-orders'
import {OrderBook} from './book'
import {CandleChart} from './chart'
import {OrderForm} from './order-form'
import {PairBar} from './pair-bar'
import {RecentTrades} from './recent-trades'
import './trade.css'

/** Levels per side asked of the stream: the default depth, whose frames the node shares among its subscribers. */
const BOOK_DEPTH = 20

export function Trade() {
  const {params} = useRoute()
  const {route} = useLocation()
  const {account} = useSession()
  const signedIn = Boolean(account)
  const pairs = usePairs(true)
  const wanted = params['symbol']?.toUpperCase()
  const first = pairs.stats?.[0]?.symbol

  useEffect(() => {
    if (!wanted && first) route(`/trade/${first}`, true)
  }, [wanted, first, route])

  const rulesBySymbol = useMemo(() => new Map((pairs.rules ?? []).map((pair) => [pair.symbol, pair])), [pairs.rules])
  const rules = wanted ? rulesBySymbol.get(wanted) : undefined
  const active = Boolean(wanted && pairs.stats?.some((pair) => pair.symbol === wanted))
  const ticker = rules && active ? rules.symbol : undefined

  const book = useBook(ticker, BOOK_DEPTH)
  const trades = useTrades(ticker)
  const mine = useMyOrders(ticker, signedIn)
  const balances = useBalances(signedIn, mine.changes)
  const [picked, setPicked] = useState<{price: string; count: number} | null>(null)

  if (pairs.failure && (!pairs.rules || !pairs.stats)) {
    return (
      <section class="panel">
        <h1>Trade</h1>
        <Alert message={pairs.failure} />
      </section>
    )
  }
  if (!pairs.rules || !pairs.stats) return <p class="notice">Loading the market…</p>
  if (!wanted) return <p class="notice">{first ? 'Loading the market…' : 'No pair is trading on this exchange yet.'}</p>
  if (!rules || !ticker) {
    return (
      <section class="panel">
        <h1>Trade</h1>
        <p role="alert" class="alert">
          {rules ? `${wanted} is halted: it is not trading now.` : `There is no pair ${wanted} on this exchange.`}
        </p>
        {first ? <a href={`/trade/${first}`}>Trade {first}</a> : null}
      </section>
    )
  }

  return (
    <div class="trade">
      <h1 class="visually-hidden">{`Trade ${ticker}`}</h1>
      <PairBar
        symbol={ticker}
        stats={pairs.stats}
        rules={rules}
        livePrice={trades.trades[0]?.price}
        onPick={(symbol) => route(`/trade/${symbol}`)}
      />
      <CandleChart rules={rules} />
      {signedIn ? (
        <OrderForm rules={rules} balances={balances.trading} picked={picked} onPlaced={(order) => mine.apply(order)} />
      ) : (
        <section class="panel form-panel area-form" aria-label="Trade">
          <h2>{`Trade ${rules.base_asset}`}</h2>
          {account === null ? (
            <p>
              <a href="/sign-in" class="button">
                Sign in to trade
              </a>{' '}
              or <a href="/sign-up">sign up</a>.
            </p>
          ) : (
            <p class="notice">…</p>
          )}
        </section>
      )}
      <OrderBook rules={rules} live={book} onPrice={(price) => setPicked((last) => ({price, count: (last?.count ?? 0) + 1}))} />
      <RecentTrades rules={rules} live={trades} />
      {signedIn ? <AccountOrders mine={mine} rules={rulesBySymbol} /> : null}
    </div>
  )
}
