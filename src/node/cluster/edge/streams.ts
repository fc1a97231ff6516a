/**
 * An edge's source of everything its WebSocket servers show
 * (docs/cluster.md "Events and WebSocket fan-out"): one EventFeed on `ex.ev.>` per edge, turned back into what those servers
 * consume on a single node, so ws/ and binance/ run unchanged over it —
 *
 * - `trading`: `events` emitting `committed` once per trading batch (orders, trades, fills, books and
 *   their depth updates with the sequencer's ids), `spec`, `depth` and `book` over the edge's book
 *   replicas (cluster/edge/markets.ts, cluster/edge/book.ts);
 * - `ledger.onPosted` (transactions that committed on their own), `blockchains.onBalance` (the chains'
 *   balance pushes), `balances.list` (the balances the events carried, as they left them);
 * - `p2p.events` and `p2p.orderDetails` (each party's view, carried by the event);
 * - `tickers`, `assets`: the edge's copies.
 *
 * Start: the stream's position is fixed first, then the books are read, then the feed delivers from
 * that position — an update a snapshot already holds is dropped by its id, so a book is exact from
 * the first event on. The feed resumes after its last event across NATS reconnects, so what a client
 * sees neither skips nor repeats. `streamServices` lays this over an edge's public services.
 */
import {EventEmitter} from 'node:events'
import type {Account} from '../../accounts/accounts.js'
import type {Asset, Network} from '../../assets/assets.js'
import type {SignedRequests} from '../../apikeys/signed-request.js'
import type {BalanceRow, Posted} from '../../ledger/types.js'
import type {Logger} from '../../ground/logger.js'
import type {Balance} from '../../operations/account-balances.js'
import type {OrderDetails} from '../../p2p/listings.js'
import type {Order as P2POrder} from '../../p2p/order-store.js'
import type {PublicServices, StreamServices} from '../../public-services.js'
import type {DepthUpdate} from '../../trading/book-updates.js'
import {FillChange} from '../../trading/model.js'
import type {Ticker} from '../../tickers/tickers.js'
import type {CommittedEvents} from '../../trading/types.js'
import {notFound} from '../../ground/errors.js'
import type {ClusterConnection} from '../connection.js'
import type {CommandClient} from './command-client.js'
import {EdgeMarket} from './market.js'
import {EdgeMarkets} from './markets.js'
import {EventFeed, type FeedEvent} from './event-feed.js'
import type {TradingEvent} from '../events.js'
import {openJetStream} from '../event-stream.js'
import {EVENT_STREAM} from '../subjects.js'

export type EdgeStreamsOptions = {
  logger: Logger
  /**
   * The edge's one copy of tickers and assets (cluster/edge/services.ts, already started); without it (the
   * in-process tests) the streams read their own from the sequencer, every `refreshMs`.
   */
  market?: EdgeMarket
  /** How often an own copy of tickers and assets is read again, ms (default 10 000). */
  refreshMs?: number
  /** The feed's pull expiry, ms (event-feed.ts). */
  expiresMs?: number
  streamName?: string
}

type BalanceEvent = {accountId: string; asset: string; reason: string}

export class EdgeStreams {
  readonly markets: EdgeMarkets
  private readonly tradingEvents = new EventEmitter()
  private readonly p2pEvents = new EventEmitter()
  private readonly posted = new Set<(posted: Posted) => void>()
  private readonly balanceListeners = new Set<(event: BalanceEvent) => void>()
  /** balance account id → asset → the balance as the last event carrying it left it. */
  private readonly balances = new Map<string, Map<string, {available: bigint; locked: bigint}>>()
  private batch: CommittedEvents | undefined
  /** The place in its batch (`at`) of each item of `batch`'s lists. */
  private places: {orders: number[]; trades: number[]; fills: number[]; depth: number[]} | undefined
  private p2pDetails: Record<string, OrderDetails> | undefined
  private feed: EventFeed | undefined
  /** The copy of tickers and assets these streams started themselves, when the edge gave none. */
  private readonly ownMarket: EdgeMarket | undefined

  constructor(
    private readonly connection: ClusterConnection,
    commands: CommandClient,
    private readonly options: EdgeStreamsOptions,
  ) {
    this.tradingEvents.setMaxListeners(0)
    this.p2pEvents.setMaxListeners(0)
    this.ownMarket = options.market
      ? undefined
      : new EdgeMarket(
          {
            tickers: {list: (includeInactive) => commands.call('tickers', 'list', [includeInactive]) as Promise<Ticker[]>},
            assets: {
              list: (includeInactive) => commands.call('assets', 'list', [includeInactive]) as Promise<Asset[]>,
              networks: (asset) => commands.call('assets', 'networks', [asset]) as Promise<Network[]>,
            },
          },
          options.logger,
          options.refreshMs ?? 10_000,
        )
    this.markets = new EdgeMarkets(commands, options.market ?? this.ownMarket!)
  }

  /** Fixes the stream position, reads the markets and books, and starts following the stream. */
  async start(): Promise<void> {
    const jsm = await openJetStream(this.connection.nc)
    const from = (await jsm.streams.info(this.options.streamName ?? EVENT_STREAM)).state.last_seq
    if (this.ownMarket) await this.ownMarket.start()
    else await this.markets.refresh()
    await this.markets.loadBooks()
    this.feed = new EventFeed(this.connection.nc, {
      logger: this.options.logger,
      streamName: this.options.streamName,
      from: {afterStreamSeq: from},
      expiresMs: this.options.expiresMs,
    })
    this.feed.start((event) => this.handle(event))
  }

  async stop(): Promise<void> {
    this.ownMarket?.stop()
    await this.feed?.stop()
  }

  /** The stream and log sequences of the last event handled. */
  get position(): {streamSeq: number; seq: number} {
    return this.feed?.position ?? {streamSeq: 0, seq: 0}
  }

  /** The services the WebSocket servers read, as the sequencer's are shaped. */
  readonly trading = {
    events: this.tradingEvents,
    spec: (symbol: string) => this.markets.spec(symbol),
    depth: (symbol: string, limit: number) => this.markets.depth(symbol, limit),
    book: (symbol: string) => ({depth: (limit: number) => this.markets.depth(symbol, limit)}),
  }

  readonly ledger = {
    onPosted: (listener: (posted: Posted) => void): (() => void) => {
      this.posted.add(listener)
      return () => this.posted.delete(listener)
    },
  }

  readonly blockchains = {
    onBalance: (listener: (event: BalanceEvent) => void): (() => void) => {
      this.balanceListeners.add(listener)
      return () => this.balanceListeners.delete(listener)
    },
  }

  readonly p2p = {
    events: this.p2pEvents,
    /** A party's view of the order of the event being handed out (only then: the edge has no P2P store). */
    orderDetails: (order: P2POrder, viewerId?: string): OrderDetails => {
      const details = viewerId === undefined ? undefined : this.p2pDetails?.[viewerId]
      if (!details || details.order.id !== order.id) throw notFound(`P2P order ${order.id} is not on this edge`)
      return details
    },
  }

  readonly balanceService = {
    /** The balances of one of the caller's balance accounts that events have carried (an edge keeps no ledger). */
    list: (caller: Account, balanceAccountId?: string): Balance[] => {
      const targets: [string, 'funding' | 'trading'][] =
        balanceAccountId === undefined
          ? [
              [caller.fundingAccountId, 'funding'],
              [caller.tradingAccountId, 'trading'],
            ]
          : [[balanceAccountId, balanceAccountId === caller.tradingAccountId ? 'trading' : 'funding']]
      return targets.flatMap(([id, kind]) =>
        [...(this.balances.get(id) ?? new Map<string, {available: bigint; locked: bigint}>())].map(([asset, balance]) => ({
          asset,
          decimals: this.markets.assetService.get(asset)?.decimals ?? 0,
          available: balance.available,
          locked: balance.locked,
          balanceAccountId: id,
          kind,
        })),
      )
    },
  }

  private async handle({event}: FeedEvent): Promise<void> {
    switch (event.type) {
      case 'order':
      case 'trade':
      case 'fill':
      case 'book':
        await this.collect(event)
        return
      case 'posted':
        this.keepBalances(event.balances)
        if (event.standalone) for (const listener of this.posted) listener(event.posted)
        return
      case 'balance':
        for (const listener of this.balanceListeners) listener(event)
        return
      case 'p2p':
        this.p2pDetails = event.details
        try {
          this.p2pEvents.emit('event', event.event)
        } finally {
          this.p2pDetails = undefined
        }
    }
  }

  /**
   * One event of a trading batch: gathered until the batch's last, then handed out as one `committed`
   * with each list in the batch's order (`at`: the batch came as one message per subject).
   */
  private async collect(event: TradingEvent): Promise<void> {
    const batch = (this.batch ??= {orders: [], trades: [], fills: [], books: new Set(), depth: []})
    const places = (this.places ??= {orders: [], trades: [], fills: [], depth: []})
    const at = event.at ?? 0
    switch (event.type) {
      case 'order':
        batch.orders.push({
          accountId: event.accountId,
          order: event.order,
          created: event.created,
          triggered: event.triggered === true,
        })
        places.orders.push(at)
        break
      case 'trade':
        batch.trades.push(event.trade)
        places.trades.push(at)
        break
      case 'fill':
        batch.fills.push(new FillChange(event.row, this.markets.spec(event.row.ticker), event.maker, event.taker))
        places.fills.push(at)
        break
      case 'book': {
        const book = this.markets.heldBook(event.ticker) ?? (await this.markets.ensureBook(event.ticker))
        const first = book.apply(event)
        if (first !== undefined) {
          const update: DepthUpdate = {
            symbol: event.ticker,
            firstUpdateId: first,
            lastUpdateId: event.updateId,
            bids: event.bids,
            asks: event.asks,
          }
          batch.depth.push(update)
          places.depth.push(at)
          batch.books.add(event.ticker)
        }
        break
      }
    }
    // A batch ends with its marked event; levels put right after failed batches are a batch of their own.
    if (!event.end && !(event.type === 'book' && event.repair)) return
    this.batch = undefined
    this.places = undefined
    batch.orders = inPlace(batch.orders, places.orders)
    batch.trades = inPlace(batch.trades, places.trades)
    batch.fills = inPlace(batch.fills, places.fills)
    batch.depth = inPlace(batch.depth, places.depth)
    if (event.end) this.keepBalances(event.end.balances)
    if (batch.orders.length || batch.trades.length || batch.books.size || batch.depth.length) {
      this.tradingEvents.emit('committed', batch)
    }
  }

  private keepBalances(rows: BalanceRow[]): void {
    for (const {balanceAccountId, asset, available, locked} of rows) {
      let assets = this.balances.get(balanceAccountId)
      if (!assets) this.balances.set(balanceAccountId, (assets = new Map()))
      assets.set(asset, {available, locked})
    }
  }
}

/** `items` in the order of their places (already in order: as they are). */
function inPlace<T>(items: T[], places: number[]): T[] {
  let ordered = true
  for (let i = 1; i < places.length && ordered; i++) ordered = places[i - 1]! <= places[i]!
  if (ordered) return items
  return items
    .map((item, i) => ({item, at: places[i]!}))
    .sort((a, b) => a.at - b.at)
    .map(({item}) => item)
}

/** What the stream services take of an edge's side (edge.ts): its replicas' synchronous checks. */
export type StreamEdge = {
  accounts: {cachedById(id: string): Readonly<Account> | undefined}
  signedRequests: SignedRequests
}

/**
 * The services an edge's WebSocket streams read: `base` (the edge's public services: replicas and
 * remote services) with what the streams read at once taken from `streams` — the books, the balances
 * and P2P views the events carried, the trading and ledger events — and an account by id from the
 * edge's replica.
 */
export function streamServices(base: PublicServices, streams: EdgeStreams, edge: StreamEdge): StreamServices {
  return {
    ...base,
    trading: {...base.trading, events: streams.trading.events, spec: streams.trading.spec, depth: streams.trading.depth},
    ledger: streams.ledger,
    blockchains: {...base.blockchains, onBalance: streams.blockchains.onBalance},
    p2p: {...base.p2p, events: streams.p2p.events, orderDetails: streams.p2p.orderDetails},
    balances: {...base.balances, list: streams.balanceService.list},
    tickers: streams.markets.tickerService,
    assets: streams.markets.assetService,
    accounts: {...base.accounts, byId: (id: string) => edge.accounts.cachedById(id)},
  }
}

/**
 * An edge's streams in one call: follows the event stream (after reading the markets and books) and
 * gives the services its public listener's WebSocket streams take (`ListenerDeps.streams`) over
 * `base`, the edge's public services.
 */
export async function startEdgeStreams(
  connection: ClusterConnection,
  edge: StreamEdge & {commands: CommandClient},
  base: PublicServices,
  options: EdgeStreamsOptions,
): Promise<{streams: EdgeStreams; services: StreamServices}> {
  const streams = new EdgeStreams(connection, edge.commands, options)
  await streams.start()
  return {streams, services: streamServices(base, streams, edge)}
}
