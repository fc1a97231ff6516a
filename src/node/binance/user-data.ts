/**
 * The user data of the Binance form (docs/binance-compat.md "User data"), one publisher for both ways of following it —
 * the WebSocket API's `userDataStream.subscribe.signature` (ws-api.ts) and `/ws/<listenKey>`
 * (streams.ts): the trading module's committed events become execution reports and
 * `outboundAccountPosition`, the ledger's committed transfers on a trading balance account
 * `balanceUpdate` (then `outboundAccountPosition`). Work is done only for accounts with a
 * subscriber, and each event is built once for all of them.
 */
import type {Account} from '../accounts/accounts.js'
import type {Posted} from '../ledger/ledger.js'
import {formatAmount} from '../ground/money.js'
import type {StreamDeps} from '../public-services.js'
import type {CommittedEvents} from '../trading/trading.js'
import {pairName} from './params.js'
import {accountPosition, balanceUpdate, executionReports, type UserEvent} from './user-events.js'

/** Where an account's events go: a subscription of a WebSocket API connection, or a listen-key stream. */
export type UserSink = (event: UserEvent) => void

/**
 * Whether a subscription may still receive its account's events — its API key checked again (a
 * deleted key, a blocked account, a lost permission) — and what to tell it when it may not. Asked
 * before each delivery, so a stream ends at the first event after the change, never delivers it.
 */
export type Admission = {stillAdmitted: () => boolean; ended: () => void}

type Subscribed = {account: Account; sinks: Map<UserSink, Admission>}

export class UserData {
  /** Account id → its subscribers. */
  private readonly accounts = new Map<string, Subscribed>()
  /** Trading balance account id → account id, of the subscribed accounts. */
  private readonly trading = new Map<string, string>()
  private readonly detach: (() => void)[] = []

  constructor(private readonly deps: StreamDeps) {
    const {services, logger} = deps
    // Both run inside their module's publication: they must never throw into it, and never wait.
    const onCommitted = (events: CommittedEvents): void => {
      if (this.accounts.size === 0) return
      try {
        this.committed(events)
      } catch (error) {
        logger.error({err: error}, 'binance user data publish failed')
      }
    }
    const onPosted = (posted: Posted): void => {
      if (this.accounts.size === 0) return
      try {
        this.posted(posted)
      } catch (error) {
        logger.error({err: error}, 'binance balance publish failed')
      }
    }
    services.trading.events.on('committed', onCommitted)
    this.detach.push(() => services.trading.events.off('committed', onCommitted), services.ledger.onPosted(onPosted))
  }

  /** Follows an account's user data while `admission` admits it; returns the unsubscribe. */
  subscribe(account: Account, sink: UserSink, admission: Admission): () => void {
    let subscribed = this.accounts.get(account.id)
    if (!subscribed) {
      subscribed = {account, sinks: new Map()}
      this.accounts.set(account.id, subscribed)
      this.trading.set(account.tradingAccountId, account.id)
    }
    subscribed.sinks.set(sink, admission)
    const entry = subscribed
    return () => {
      entry.sinks.delete(sink)
      if (entry.sinks.size === 0 && this.accounts.get(account.id) === entry) {
        this.accounts.delete(account.id)
        this.trading.delete(account.tradingAccountId)
      }
    }
  }

  /** Sends events to an account's subscribers still admitted; ends the others. */
  private deliver(accountId: string, events: readonly UserEvent[]): void {
    const subscribed = this.accounts.get(accountId)
    if (!subscribed) return
    for (const [sink, admission] of [...subscribed.sinks]) {
      if (!admission.stillAdmitted()) {
        admission.ended()
        continue
      }
      for (const event of events) sink(event)
    }
  }

  close(): void {
    for (const off of this.detach) off()
    this.accounts.clear()
    this.trading.clear()
  }

  private committed(events: CommittedEvents): void {
    const involved = new Set<string>()
    for (const change of events.orders) if (this.accounts.has(change.accountId)) involved.add(change.accountId)
    if (involved.size === 0) return
    const now = Date.now()
    for (const accountId of involved) {
      const {account} = this.accounts.get(accountId)!
      const {reports, tickers} = executionReports(events, accountId, (symbol) => this.pairOf(symbol), now)
      // Only a refused LIMIT_MAKER of the account in the batch: it hears nothing.
      if (tickers.size === 0) continue
      const assets = new Set<string>()
      for (const symbol of tickers) {
        const ticker = this.deps.services.tickers.get(symbol)
        if (ticker) assets.add(ticker.baseAsset).add(ticker.quoteAsset)
      }
      this.deliver(accountId, [...reports, accountPosition(this.balances(account, assets), now)])
    }
  }

  private posted(posted: Posted): void {
    const changed = new Map<string, {account: Account; deltas: Map<string, bigint>}>()
    for (const posting of posted.postings) {
      const accountId = this.trading.get(posting.balanceAccountId)
      if (accountId === undefined || posting.bucket !== 'available') continue
      const entry = changed.get(accountId) ?? {account: this.accounts.get(accountId)!.account, deltas: new Map()}
      entry.deltas.set(posting.asset, (entry.deltas.get(posting.asset) ?? 0n) + posting.amount)
      changed.set(accountId, entry)
    }
    const now = Date.now()
    for (const [accountId, {account, deltas}] of changed) {
      const events: UserEvent[] = []
      for (const [asset, delta] of deltas) {
        const decimals = this.deps.services.assets.get(asset)?.decimals ?? 0
        events.push(balanceUpdate(asset, formatAmount(delta, decimals), posted.atMs, now))
      }
      events.push(accountPosition(this.balances(account, new Set(deltas.keys())), now))
      this.deliver(accountId, events)
    }
  }

  /** The trading balances of some assets, as committed. */
  private balances(account: Account, assets: Set<string>) {
    return this.deps.services.balances
      .list(account, account.tradingAccountId)
      .filter((balance) => assets.has(balance.asset))
      .map((balance) => ({
        asset: balance.asset,
        free: formatAmount(balance.available, balance.decimals),
        locked: formatAmount(balance.locked, balance.decimals),
      }))
  }

  private pairOf(symbol: string): string {
    const ticker = this.deps.services.tickers.get(symbol)
    return ticker ? pairName(ticker) : symbol.replace('-', '')
  }
}
