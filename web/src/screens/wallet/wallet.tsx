/**
 * The wallet (docs/web.md "Wallet"): the balances of every asset on the funding and trading balance
 * accounts; moving funds between them; a deposit address with its QR code; withdrawals with their fee
 * and minimum checked before sending; the deposits and withdrawals with their statuses.
 *
 * Kept up to date by the orders stream (api/live/wallet-events.ts): a balance push reads the
 * balances, deposits and withdrawals again (the node pushes one for a deposit credited or reversed
 * and for each change of a withdrawal it reports: requested, waiting, broadcast, confirmed, failed),
 * an order update the balances, and a reconnect everything. A few changes of a withdrawal push
 * nothing (claimed for signing, `waiting_for: chain_unreachable` before it is claimed, a fee bump's
 * new hash), so while one is not final the list is also read every 10 s.
 */
import {useCallback, useEffect, useState} from 'preact/hooks'
import {twoFactorEnabled} from '../../api/gateway'
import {messageOf} from '../../api/client'
import {useWalletEvents} from '../../api/live/wallet-events'
import * as wallet from '../../api/wallet'
import {Alert} from '../../components/alert'
import {SignedIn} from '../sign-in/signed-in'
import {useSession} from '../../lib/session'
import {Balances} from './balances'
import {DepositForm} from './deposit'
import {DepositList, WithdrawalList} from './history'
import {TransferForm} from './transfer'
import {WithdrawForm} from './withdraw'
import './wallet.css'

/** How often the withdrawals are read while one of them may still change without a push. */
const OPEN_WITHDRAWALS_POLL_MS = 10_000

export function Wallet() {
  return (
    <SignedIn title="Sign in to see your wallet">
      <WalletPage />
    </SignedIn>
  )
}

type Tab = 'transfer' | 'deposit' | 'withdraw'
const TABS: {id: Tab; label: string}[] = [
  {id: 'deposit', label: 'Deposit'},
  {id: 'withdraw', label: 'Withdraw'},
  {id: 'transfer', label: 'Transfer'},
]

function WalletPage() {
  const {account} = useSession()
  const data = useWalletData()
  const [tab, setTab] = useState<Tab>('deposit')

  return (
    <div class="wallet-page">
      <h1>Wallet</h1>
      <Alert message={data.failure} />
      <div class="wallet-top">
        <section class="panel" aria-labelledby="balances-title">
          <h2 id="balances-title">Balances</h2>
          {data.balances ? <Balances balances={data.balances} /> : <p class="notice">Loading…</p>}
        </section>
        <section class="panel">
          <Tabs tab={tab} chosen={setTab} />
          <div role="tabpanel" id={`wallet-panel-${tab}`} aria-labelledby={`wallet-tab-${tab}`}>
            {data.assets && data.balances && account ? (
              tab === 'transfer' ? (
                <TransferForm account={account} balances={data.balances} assets={data.assets} done={data.reloadBalances} />
              ) : tab === 'deposit' ? (
                <DepositForm assets={data.assets} />
              ) : data.twoFactor === undefined ? null : (
                <WithdrawForm
                  assets={data.assets}
                  balances={data.balances}
                  twoFactor={data.twoFactor}
                  done={() => {
                    void data.reloadBalances()
                    void data.reloadHistory()
                  }}
                />
              )
            ) : (
              <p class="notice">Loading…</p>
            )}
          </div>
        </section>
      </div>
      <section class="panel" aria-labelledby="withdrawals-title">
        <h2 id="withdrawals-title">Withdrawals</h2>
        {data.withdrawals ? <WithdrawalList withdrawals={data.withdrawals} /> : null}
      </section>
      <section class="panel" aria-labelledby="deposits-title">
        <h2 id="deposits-title">Deposits</h2>
        {data.deposits ? <DepositList deposits={data.deposits} /> : null}
      </section>
    </div>
  )
}

/** The three actions as tabs (arrow keys move between them). */
function Tabs({tab, chosen}: {tab: Tab; chosen: (tab: Tab) => void}) {
  const move = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (step === 0) return
    const index = TABS.findIndex((each) => each.id === tab)
    const next = TABS[(index + step + TABS.length) % TABS.length]!
    chosen(next.id)
    document.getElementById(`wallet-tab-${next.id}`)?.focus()
  }
  return (
    <div role="tablist" aria-label="Move funds" onKeyDown={move}>
      {TABS.map((each) => (
        <button
          key={each.id}
          type="button"
          role="tab"
          id={`wallet-tab-${each.id}`}
          aria-selected={tab === each.id}
          aria-controls={`wallet-panel-${each.id}`}
          tabIndex={tab === each.id ? 0 : -1}
          onClick={() => chosen(each.id)}
        >
          {each.label}
        </button>
      ))}
    </div>
  )
}

type WalletData = {
  assets: wallet.Asset[] | undefined
  balances: wallet.Balance[] | undefined
  deposits: wallet.Deposit[] | undefined
  withdrawals: wallet.Withdrawal[] | undefined
  twoFactor: boolean | undefined
  failure: string | null
  reloadBalances(): Promise<void>
  reloadHistory(): Promise<void>
}

function useWalletData(): WalletData {
  const [assets, setAssets] = useState<wallet.Asset[]>()
  const [balances, setBalances] = useState<wallet.Balance[]>()
  const [deposits, setDeposits] = useState<wallet.Deposit[]>()
  const [withdrawals, setWithdrawals] = useState<wallet.Withdrawal[]>()
  const [twoFactor, setTwoFactor] = useState<boolean>()
  const [failure, setFailure] = useState<string | null>(null)

  const load = useCallback(async <T,>(read: () => Promise<T>, keep: (value: T) => void) => {
    try {
      keep(await read())
      setFailure(null)
    } catch (error) {
      setFailure(messageOf(error))
    }
  }, [])
  const reloadBalances = useCallback(() => load(wallet.balances, setBalances), [load])
  const reloadHistory = useCallback(async () => {
    await Promise.all([load(() => wallet.deposits(), setDeposits), load(() => wallet.withdrawals(), setWithdrawals)])
  }, [load])

  useEffect(() => {
    void load(wallet.assets, setAssets)
    void load(twoFactorEnabled, setTwoFactor)
  }, [load])

  useWalletEvents((event) => {
    void reloadBalances()
    if (event !== 'order') void reloadHistory()
  })

  // Some changes of an open withdrawal come without a push: read the list again now and then.
  const open = withdrawals?.some(wallet.isOpen) ?? false
  useEffect(() => {
    if (!open) return
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void load(() => wallet.withdrawals(), setWithdrawals)
    }, OPEN_WITHDRAWALS_POLL_MS)
    return () => clearInterval(timer)
  }, [open, load])

  return {assets, balances, deposits, withdrawals, twoFactor, failure, reloadBalances, reloadHistory}
}
